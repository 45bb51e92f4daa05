/**
 * A `field:value` filter term on a record the listed entities refer to by id (`queue:front-desk` where
 * tickets hold `queue_id`) finds that record by the field the service model names it by (`named by`
 * in explain), or by one of its other keys, over MCP with the SDK client on the in-process platform
 * (a real SQLite file, no model). Every tool definition is written for this test.
 */
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { useSimulatorHarness } from '../support/simulator-harness.js';
import { connectMockClient } from '../support/mock-client.js';
import type { ToolDefinition } from '../../src/domain/registry.js';

let harness: Harness;
useSimulatorHarness('mcpsim-filter-term-names-', (started) => (harness = started));

const object = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties, required });
const text = { type: 'string' };

const tools: ToolDefinition[] = [
  {
    name: 'create_queue',
    description: 'Create a support queue.',
    inputSchema: object({ FriendlyName: text, slug: text }, ['FriendlyName']),
  },
  { name: 'get_queue', description: 'Get a queue by its slug.', inputSchema: object({ queue_slug: text }, ['queue_slug']) },
  { name: 'delete_queue', description: 'Delete a queue.', inputSchema: object({ queue_id: text }, ['queue_id']) },
  { name: 'create_ticket', description: 'Open a ticket in a queue.', inputSchema: object({ subject: text, queue_id: text }, ['subject']) },
  {
    name: 'filter_tickets',
    description: 'List tickets matching a filter.',
    inputSchema: object({ filter: { type: 'string', description: 'Filter terms such as queue:<name>' } }),
  },
];

describe('a filter term on a referenced record', () => {
  it('finds the queue by the field the service names it by, and by its slug key', async () => {
    const { call, close } = await connectMockClient(harness, { name: 'helpdesk', tools });
    try {
      const front = (await call('create_queue', { FriendlyName: 'Front Desk', slug: 'fd' })).json;
      const billing = (await call('create_queue', { FriendlyName: 'Billing', slug: 'money' })).json;
      const first = (await call('create_ticket', { subject: 'Printer jammed', queue_id: front.id })).json;
      const second = (await call('create_ticket', { subject: 'Refund please', queue_id: billing.id })).json;
      const ids = async (filter: string) =>
        ((await call('filter_tickets', { filter })).json.tickets as { id: string }[]).map((ticket) => ticket.id);
      // `FriendlyName` is the queue's name field (written-name-field.ts), though no fixed list of naming fields holds it.
      expect(await ids('queue:front-desk')).toEqual([first.id]);
      expect(await ids('queue:billing')).toEqual([second.id]);
      // `get_queue(queue_slug)` makes the slug a key of the queue (entity-keys.ts): the term finds by it as that read does.
      expect(await ids('queue:money')).toEqual([second.id]);
    } finally {
      await close();
    }
  });
});
