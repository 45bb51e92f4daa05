/**
 * A search's `field:value` qualifiers (`status:open tag:billing`), over the real platform (a real
 * SQLite file, `app.fetch` in process), with no model: a qualifier names a field by its singular
 * (`tag` for `tags`), leaves out the entities without that field when others have it, and a
 * qualifier no entity has a field for (`sort:created`) leaves everything in.
 */
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { mockOnTools, useSimulatorHarness } from '../support/simulator-harness.js';

let harness: Harness;
useSimulatorHarness('mcpsim-query-qualifiers-', (started) => (harness = started));

const object = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties, required });
const text = { type: 'string' };

describe('field:value qualifiers of a search query', () => {
  it('picks by a list field named in the singular, and ignores a qualifier of no field', async () => {
    const tools = [
      {
        name: 'create_ticket',
        description: 'Create a ticket. New tickets are open.',
        inputSchema: object({ subject: text, status: { type: 'string', enum: ['open', 'solved'] }, tags: { type: 'array', items: text } }, [
          'subject',
        ]),
      },
      {
        name: 'search_tickets',
        description: 'Search tickets with a query such as "status:open tag:billing" or free text.',
        inputSchema: object({ query: text }),
      },
    ];
    const call = await mockOnTools(harness, { namespace: 'desk', connection: 'search', tools });

    await call('create_ticket', { subject: 'Refund not received', tags: ['billing'] });
    await call('create_ticket', { subject: 'Login loop on SSO' });
    await call('create_ticket', { subject: 'Invoice twice', tags: ['billing', 'vip'], status: 'solved' });
    const subjects = async (query: string) =>
      (await call('search_tickets', { query })).tickets.map((ticket: { subject: string }) => ticket.subject).sort();
    expect(await subjects('tag:billing')).toEqual(['Invoice twice', 'Refund not received']);
    expect(await subjects('status:open tag:billing')).toEqual(['Refund not received']);
    expect(await subjects('tag:vip sort:created')).toEqual(['Invoice twice']);
    expect(await subjects('sort:created')).toEqual(['Invoice twice', 'Login loop on SSO', 'Refund not received']);
    expect(await subjects('refund')).toEqual(['Refund not received']);
  });
});
