/**
 * The stateful simulator on tools named the way users name their own servers' tools
 * (`resource.verbObject`, `mark_<entity>_<state>`, `re` + a verb), driven call by call: a batch
 * update changes each entity its items name, a mark sets the field whose enum holds its state.
 */
import { describe, expect, it } from 'vitest';
import type { WorldState } from '../../src/domain/memory-log.js';
import type { ToolDefinition } from '../../src/domain/registry.js';
import { createSimulatorSession } from '../support/simulator-session.js';

const object = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties, required });
const text = { type: 'string' };

describe('a batch update of items, each naming its entity', () => {
  const tools: ToolDefinition[] = [
    { name: 'contacts.get', description: 'Retrieve a contact.', inputSchema: object({ contactId: text }, ['contactId']) },
    { name: 'contacts.list', description: 'List contacts.', inputSchema: object({}) },
    {
      name: 'contacts.bulkUpdate',
      description: 'Update many contacts at once.',
      inputSchema: object({ updates: { type: 'array', items: object({ contactId: text, fields: { type: 'object' } }, ['contactId']) } }, [
        'updates',
      ]),
    },
  ];
  const world: WorldState = { entities: { contact: { c1: { name: 'Ada' }, c2: { name: 'Grace' } } }, facts: [] };

  it('updates each contact with its own fields, and says which item named none', async () => {
    const session = createSimulatorSession(tools, world);
    const answer = await session.call('contacts.bulkUpdate', {
      updates: [
        { contactId: 'c1', fields: { title: 'CTO' } },
        { contactId: 'c9', fields: { title: 'CEO' } },
        { contactId: 'c2', fields: { title: 'Admiral' } },
      ],
    });
    expect(answer.isError).toBe(false);
    expect(answer.json.errors).toEqual([{ id: 'c9', error: expect.stringContaining('c9') }]);
    expect((await session.call('contacts.get', { contactId: 'c1' })).json).toMatchObject({ name: 'Ada', title: 'CTO' });
    expect((await session.call('contacts.get', { contactId: 'c2' })).json).toMatchObject({ name: 'Grace', title: 'Admiral' });
    expect((await session.call('contacts.bulkUpdate', { updates: [{ contactId: 'c8', fields: {} }] })).isError).toBe(true);
  });
});

describe('a mark that sets the field whose enum holds its state', () => {
  const tools: ToolDefinition[] = [
    { name: 'get_order', description: 'Get an order.', inputSchema: object({ order_id: text }, ['order_id']) },
    {
      name: 'list_orders',
      description: 'List orders, filtered by financial status.',
      inputSchema: object({ financial_status: { type: 'string', enum: ['pending', 'paid', 'refunded'] } }),
    },
    { name: 'mark_order_paid', description: 'Mark an order as paid.', inputSchema: object({ order_id: text }, ['order_id']) },
    {
      name: 'reassign_order',
      description: 'Give an order to another clerk.',
      inputSchema: object({ order_id: text, clerk_id: text }, ['order_id', 'clerk_id']),
    },
  ];
  const world: WorldState = { entities: { order: { o1: { financial_status: 'pending', clerk_id: 'u1' } } }, facts: [] };

  it('marks the order paid in its financial status, and a reassign changes its clerk', async () => {
    const session = createSimulatorSession(tools, world);
    expect((await session.call('mark_order_paid', { order_id: 'o1' })).isError).toBe(false);
    expect((await session.call('reassign_order', { order_id: 'o1', clerk_id: 'u2' })).isError).toBe(false);
    expect((await session.call('get_order', { order_id: 'o1' })).json).toMatchObject({ financial_status: 'paid', clerk_id: 'u2' });
    expect((await session.call('mark_order_paid', { order_id: 'o7' })).isError).toBe(true);
  });

  it('starts a new order in the first financial status the list filters by', async () => {
    const create = { name: 'create_order', description: 'Create an order.', inputSchema: object({ customer_id: text }, ['customer_id']) };
    const session = createSimulatorSession([...tools, create]);
    const created = await session.call('create_order', { customer_id: 'c1' });
    expect(created.json).toMatchObject({ customer_id: 'c1', financial_status: 'pending' });
    await session.call('mark_order_paid', { order_id: String(created.json.id) });
    expect((await session.call('get_order', { order_id: String(created.json.id) })).json).toMatchObject({ financial_status: 'paid' });
  });
});

describe('a deal moved through its stages by the tools named for them', () => {
  const stage = { type: 'string', enum: ['lead', 'qualified', 'won', 'lost'] };
  const tools: ToolDefinition[] = [
    { name: 'deals.create', description: 'Open a deal.', inputSchema: object({ title: text, stage }, ['title']) },
    { name: 'deals.get', description: 'Get a deal.', inputSchema: object({ dealId: text }, ['dealId']) },
    {
      name: 'deals.moveStage',
      description: 'Move a deal to another stage.',
      inputSchema: object({ dealId: text, stage }, ['dealId', 'stage']),
    },
    { name: 'deals.markWon', description: 'Mark a deal as won.', inputSchema: object({ dealId: text }, ['dealId']) },
    { name: 'contacts.get', description: 'Get a contact.', inputSchema: object({ contactId: text }, ['contactId']) },
  ];

  it('moves the stage it is given, then the mark sets it to won', async () => {
    const session = createSimulatorSession(tools);
    const created = await session.call('deals.create', { title: 'Acme renewal', stage: 'lead' });
    const dealId = String(created.json.id);
    expect((await session.call('deals.moveStage', { dealId, stage: 'qualified' })).isError).toBe(false);
    expect((await session.call('deals.get', { dealId })).json).toMatchObject({ title: 'Acme renewal', stage: 'qualified' });
    expect((await session.call('deals.markWon', { dealId })).isError).toBe(false);
    expect((await session.call('deals.get', { dealId })).json).toMatchObject({ stage: 'won' });
    expect((await session.call('deals.moveStage', { dealId: 'deal_404', stage: 'lost' })).isError).toBe(true);
  });
});

describe('tools named for all of a kind', () => {
  const tools: ToolDefinition[] = [
    { name: 'list_emails', description: 'List emails.', inputSchema: object({ seen: { type: 'boolean' } }) },
    { name: 'get_email', description: 'Get an email.', inputSchema: object({ uid: text }, ['uid']) },
    { name: 'bulk_mark_read', description: 'Mark all emails as read, optionally from one sender.', inputSchema: object({ from: text }) },
    { name: 'delete_all_emails', description: 'Delete every email from a sender.', inputSchema: object({ from: text }) },
  ];
  const world: WorldState = {
    entities: { email: { m1: { from: 'ada@example.com', state: 'unread' }, m2: { from: 'grace@example.com', state: 'unread' } } },
    facts: [],
  };

  it('marks each email the arguments select, and deletes each one', async () => {
    const session = createSimulatorSession(tools, world);
    expect((await session.call('bulk_mark_read', { from: 'ada@example.com' })).isError).toBe(false);
    expect((await session.call('get_email', { uid: 'm1' })).json).toMatchObject({ state: 'read' });
    expect((await session.call('get_email', { uid: 'm2' })).json).toMatchObject({ state: 'unread' });
    expect((await session.call('delete_all_emails', { from: 'grace@example.com' })).isError).toBe(false);
    expect((await session.call('get_email', { uid: 'm2' })).isError).toBe(true);
    expect((await session.call('get_email', { uid: 'm1' })).isError).toBe(false);
  });
});
