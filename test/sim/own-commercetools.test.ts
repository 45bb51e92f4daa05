/**
 * A user's own commercetools project, driven as nobody had tuned on it: 17 real tools of
 * `@commercetools/commerce-mcp` 4.1.0 (npm, github.com/commercetools/commerce-mcp; `tools/list` over
 * stdio with a placeholder token and `--tools` for customers, customer groups, orders, products,
 * categories, states and the project; servers/commercetools-mcp-tools.json), through the real
 * platform with no model. Its `read_*` tools fetch one record by id or query them all with
 * `where` predicates, and its `update_*` tools take the record's `version` and a list of update
 * actions. The scenario is the one a QA person wrote for the drive: two customer groups, four
 * customers, five orders in their states.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { describedMock, useSimulatorHarness } from '../support/simulator-harness.js';
import type { ToolDefinition } from '../../src/domain/registry.js';

let harness: Harness;
useSimulatorHarness('mcpsim-own-commercetools-', (started) => (harness = started));

const tools = JSON.parse(readFileSync(new URL('./servers/commercetools-mcp-tools.json', import.meta.url), 'utf8')) as ToolDefinition[];

const instance = [
  'The commercetools project fjord-shop of Fjord Outfitters, selling in EUR. I am Priya Nair (priya.nair@fjord.example), the store manager.',
  'Customer groups: VIP (key vip) and Wholesale (key wholesale).',
  'Customers: Lars Berg (lars.berg@example.com) in VIP, customer since January 12; Ines Duarte (ines.duarte@example.com) in VIP; Omar Price (omar@price-trading.example) in Wholesale, company Price Trading; Mei Tanaka (mei.tanaka@example.com) in Wholesale.',
  'Orders: ORD-1001 from Lars Berg, Open, total 129.00 EUR, placed March 3; ORD-1002 from Lars Berg, Confirmed, 59.90 EUR, placed March 1; ORD-1003 from Omar Price, Complete, 1240.00 EUR, placed February 20; ORD-1004 from Omar Price, Cancelled, 310.00 EUR, placed March 5; ORD-1005 from Mei Tanaka, Open, 88.50 EUR, placed March 6.',
].join('\n');

const mock = () =>
  describedMock(harness, {
    server: '@commercetools/commerce-mcp',
    displayName: 'commercetools',
    tools,
    namespace: 'shop',
    connection: 'ct',
    scenario: instance,
  });

type Record = { id: string; version?: number; [field: string]: unknown };

/** The records a `read_*` query answers, whatever the list is called. */
const listed = (answer: { [field: string]: unknown }): Record[] => Object.values(answer).find(Array.isArray) as Record[];

describe('a commercetools server driven with no model', () => {
  it('seeds the customers a semicolon list describes with words after their names, by given and family name, not as a title', async () => {
    const call = await mock();
    const customers = listed(await call('read_customers', {}));
    expect(customers.map((customer) => [customer.firstName, customer.lastName, customer.email])).toEqual([
      ['Lars', 'Berg', 'lars.berg@example.com'],
      ['Ines', 'Duarte', 'ines.duarte@example.com'],
      ['Omar', 'Price', 'omar@price-trading.example'],
      ['Mei', 'Tanaka', 'mei.tanaka@example.com'],
    ]);
    expect(customers.some((customer) => 'title' in customer)).toBe(false);
  });

  it('finds records by a list of where predicates, all of which hold, written with or without spaces', async () => {
    const call = await mock();
    const byName = listed(await call('read_customers', { where: ['lastName = "Price"'] }));
    expect(byName.map((customer) => customer.email)).toEqual(['omar@price-trading.example']);
    const both = listed(await call('read_customers', { where: ['email="mei.tanaka@example.com"', 'firstName="Mei"'] }));
    expect(both.map((customer) => customer.lastName)).toEqual(['Tanaka']);
    expect(listed(await call('read_customers', { where: ['email="mei.tanaka@example.com"', 'firstName="Lars"'] }))).toEqual([]);
  });

  it('answers the one record a read by id or order number names, and the not-found of an id it never gave, not a list', async () => {
    const call = await mock();
    const [lars] = listed(await call('read_customers', { where: ['email="lars.berg@example.com"'] }));
    expect(await call('read_customers', { id: lars!.id })).toEqual(expect.objectContaining({ id: lars!.id, lastName: 'Berg' }));
    expect(await call('read_orders', { orderNumber: 'ORD-1003' })).toEqual(expect.objectContaining({ orderNumber: 'ORD-1003' }));
    const unknown = await call('read_orders', { id: '7c1a9a8e-0000-4000-8000-000000000000' });
    expect(unknown.error).toMatch(/not found/i);
  });

  it('applies update actions to the fields they name and moves the version on, without storing the actions', async () => {
    const call = await mock();
    const created = (await call('create_customers', {
      email: 'ana.ruiz@example.com',
      password: 'x-secret-1',
      firstName: 'Ana',
      lastName: 'Ruiz',
    })) as Record;
    const version = created.version ?? 1;
    await call('update_customers', {
      id: created.id,
      version,
      actions: [
        { action: 'setLastName', lastName: 'Ruiz-Ortega' },
        { action: 'setCompanyName', companyName: 'Ruiz Design' },
      ],
    });
    const [read] = listed(await call('read_customers', { where: ['email="ana.ruiz@example.com"'] }));
    expect(read).toEqual(expect.objectContaining({ lastName: 'Ruiz-Ortega', companyName: 'Ruiz Design', version: version + 1 }));
    expect(read).not.toHaveProperty('actions');
  });
});
