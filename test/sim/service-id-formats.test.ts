/**
 * A mock of a well-known service makes ids of that service's shape with no configuration
 * (data/id-formats.json), and only where nothing closer shows a format: the world's ids, the
 * input schemas' patterns and the descriptions' examples come first.
 */
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { useSimulatorHarness } from '../support/simulator-harness.js';

let harness: Harness;
useSimulatorHarness('mcpsim-service-ids-', (started) => (harness = started));

const tools = [
  {
    name: 'create_customer',
    description: 'Create a customer.',
    inputSchema: { type: 'object', properties: { name: { type: 'string' }, email: { type: 'string' } }, required: ['name'] },
  },
  {
    name: 'get_customer',
    description: 'Get a customer by id.',
    inputSchema: { type: 'object', properties: { customer_id: { type: 'string' } }, required: ['customer_id'] },
  },
  {
    name: 'create_widget',
    description: 'Create a widget.',
    inputSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
  },
  {
    name: 'get_widget',
    description: 'Get a widget.',
    inputSchema: { type: 'object', properties: { widget_id: { type: 'string', description: 'The widget, e.g. wdg_8Hk2mPq9xZ' } } },
  },
];

async function mock(server: string, connection: string) {
  expect((await harness.call('PUT', `/servers/${server}`, { body: { tools } })).status).toBe(201);
  await harness.call('PUT', '/namespaces/lab');
  expect((await harness.call('PUT', `/connect/lab/${connection}`, { body: { server, mock: { enabled: true } } })).status).toBe(201);
  await harness.call('PUT', `/__mcpsim/connections/lab/${connection}/simulation`, { body: { world: { entities: {}, facts: [] } } });
}

async function call(connection: string, tool: string, args: Record<string, unknown>) {
  const response = await harness.call('POST', `/connect/lab/${connection}/.tools/${tool}`, { body: args });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return JSON.parse(response.body.content[0].text as string) as Record<string, unknown>;
}

describe('ids of a well-known service', () => {
  it('gives a Stripe customer a cus_ id, which the read then finds', async () => {
    await mock('@acme/stripe-mcp', 'billing');
    const created = await call('billing', 'create_customer', { name: 'Ada Lovelace' });
    expect(created.id).toMatch(/^cus_[A-Za-z0-9]{14}$/);
    expect(await call('billing', 'get_customer', { customer_id: created.id })).toMatchObject({ id: created.id, name: 'Ada Lovelace' });
  });

  it('keeps a description’s example ahead of the service’s format', async () => {
    await mock('@acme/stripe-tools', 'shop');
    expect((await call('shop', 'create_widget', { name: 'Gear' })).id).toMatch(/^wdg_[A-Za-z0-9]{10}$/);
  });

  it('makes the usual counted id for a service it does not know', async () => {
    await mock('@acme/ledger', 'ledger');
    expect((await call('ledger', 'create_customer', { name: 'Ada' })).id).toBe('customer_1');
  });
});
