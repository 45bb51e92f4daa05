import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { inferServerShapes } from './tool-operation.js';
import { readServer } from './read-server.js';

// Tool definitions written for these tests, in the conventions users' own servers name tools:
// `resource.verbObject`, kebab-case, `verbNoun`, `noun_verb`, `Noun.Verb`.
const tool = (name: string, properties: Record<string, Record<string, unknown>> = {}, description?: string): ToolDefinition => ({
  name,
  ...(description === undefined ? {} : { description }),
  inputSchema: { type: 'object', properties, required: Object.keys(properties) },
});
const text = { type: 'string' };

describe('mark verbs whose state is an irregular participle or follows the verb', () => {
  it.each([
    ['deals.markWon', 'dealId', 'deal', 'won'],
    ['Invoice.MarkPaid', 'invoiceId', 'invoice', 'paid'],
    ['mark_order_paid', 'order_id', 'order', 'paid'],
    ['message-mark-sent', 'message_id', 'message', 'sent'],
    ['opportunity_mark_lost', 'opportunity_id', 'opportunity', 'lost'],
  ])('reads %s as an update of the %s setting its state', (name, id, entity, state) => {
    const shape = inferServerShapes([tool(name, { [id]: text })]).get(name);
    expect(shape).toMatchObject({ operation: 'update', entity, idArgument: id, sets: { state } });
  });

  it('keeps a mark whose last word is no state an update of what the name says', () => {
    const shape = inferServerShapes([tool('mark_bookmark', { bookmark_id: text })]).get('mark_bookmark');
    expect(shape).toMatchObject({ operation: 'update', entity: 'bookmark', sets: {} });
  });
});

describe('verbs done again', () => {
  it.each([
    ['reassign_incident', 'incident_id', 'incident'],
    ['rescheduleMeeting', 'meetingId', 'meeting'],
    ['tasks.reprioritize', 'taskId', 'task'],
    ['ticket-reassign', 'ticket_id', 'ticket'],
  ])('reads %s as an update of the %s', (name, id, entity) => {
    const shape = inferServerShapes([tool(name, { [id]: text, assignee_id: text })]).get(name);
    expect(shape).toMatchObject({ operation: 'update', entity, idArgument: id });
  });

  it('leaves words that only start like a verb done again alone', () => {
    const shapes = inferServerShapes([
      tool('get_report', { report_id: text }),
      tool('reload_page', { page_id: text }),
      tool('post_remark', { design_key: text, text }),
    ]);
    expect(shapes.get('post_remark')).toMatchObject({ operation: 'create', entity: 'remark' });
    expect(shapes.get('get_report')).toMatchObject({ operation: 'read', entity: 'report' });
    expect(shapes.get('reload_page')?.operation).not.toBe('update');
  });
});

describe('the field a state lives in, from the server’s own enums', () => {
  const enumOf = (...values: string[]) => ({ type: 'string', enum: values });

  it('sets the one field whose enum holds the state a mark names', () => {
    const shapes = inferServerShapes([
      tool('list_orders', { customer_id: text, financial_status: enumOf('pending', 'paid', 'refunded') }),
      tool('mark_order_paid', { order_id: text }),
    ]);
    expect(shapes.get('mark_order_paid')?.sets).toEqual({ financial_status: 'paid' });
  });

  it('reads the enum of a create, spelled as the server spells the state', () => {
    const shapes = inferServerShapes([
      tool('Deal.Create', { title: text, stage: enumOf('LEAD', 'PROPOSAL', 'WON', 'LOST') }),
      tool('Deal.MarkWon', { dealId: text }),
      tool('Contact.Create', { email: text }),
      tool('Contact.Get', { contactId: text }),
    ]);
    expect(shapes.get('Deal.MarkWon')?.sets).toEqual({ stage: 'WON' });
  });

  it('keeps the state where a status field holds it, or where two fields could', () => {
    const statusShapes = inferServerShapes([
      tool('list_invoices', { status: enumOf('draft', 'paid') }),
      tool('mark_invoice_paid', { invoice_id: text }),
    ]);
    expect(statusShapes.get('mark_invoice_paid')?.sets).toEqual({ state: 'paid' });
    const filterShapes = inferServerShapes([
      tool('list_incidents', { statuses: { type: 'array', items: enumOf('triggered', 'acknowledged', 'resolved') } }),
      tool('acknowledge_incident', { incident_id: text }),
    ]);
    expect(filterShapes.get('acknowledge_incident')?.sets).toEqual({ state: 'acknowledged' });
    const twoShapes = inferServerShapes([
      tool('list_orders', { payment: enumOf('pending', 'paid'), shipping: enumOf('paid', 'free') }),
      tool('mark_order_paid', { order_id: text }),
    ]);
    expect(twoShapes.get('mark_order_paid')?.sets).toEqual({ state: 'paid' });
  });

  it("reads a state a sort argument's enum names as a flag of that name, never as the sort field's value", () => {
    const shapes = inferServerShapes([
      tool('list_alarms', { sort: enumOf('createdAt', 'acknowledged', 'status') }),
      tool('acknowledge_alarm', { alarm_id: text }),
      tool('close_alarm', { alarm_id: text }),
    ]);
    expect(shapes.get('acknowledge_alarm')?.sets).toEqual({ acknowledged: true });
    expect(shapes.get('close_alarm')?.sets).toEqual({ state: 'closed' });
  });
});

describe('updates and deletes of a list of items, each naming its entity', () => {
  const items = (properties: Record<string, Record<string, unknown>>, required = Object.keys(properties)) => ({
    type: 'array',
    items: { type: 'object', properties, required },
  });

  it.each([
    ['contacts.bulkUpdate', 'updates', items({ contactId: text, fields: { type: 'object' } }), 'contact'],
    ['batch-update-tickets', 'inputs', items({ id: text, properties: { type: 'object' } }), 'ticket'],
    // No item names its id: the list named for the entity's plural holds them.
    ['Labels.BulkDelete', 'labels', items({ color: text }, []), 'label'],
  ])('reads %s as a batch of the %s its items name', (name, argument, schema, entity) => {
    const shape = inferServerShapes([tool(name, { [argument]: schema })]).get(name);
    expect(shape).toMatchObject({ entity, idArgument: argument });
    expect(['update', 'delete']).toContain(shape?.operation);
  });

  it("reads the list of the entity's own objects, not the last scope id, as what an update or delete acts on", () => {
    // `tableId` is only the last id-like argument; each item of `rows` carries a row's id.
    const scoped = { sheet_id: text, tab_id: text };
    const tools = [
      tool('list_tabs', { sheet_id: text }),
      tool('get_row', { ...scoped, row_id: text }),
      tool('update_rows', { ...scoped, rows: items({ id: text, values: { type: 'object' } }) }),
      tool('delete_rows', { ...scoped, entries: items({ id: text }) }),
    ];
    const shapes = inferServerShapes(tools);
    expect(shapes.get('update_rows')).toMatchObject({ operation: 'update', entity: 'row', idArgument: 'rows' });
    expect(shapes.get('delete_rows')).toMatchObject({ operation: 'delete', entity: 'row', idArgument: 'entries' });
  });

  it('leaves an update whose list names no entity another action', () => {
    const name = 'settings.bulkUpdate';
    const shape = inferServerShapes([tool(name, { changes: items({ key_path: text, value: text }) })]).get(name);
    expect(shape?.operation).toBe('other');
  });
});

describe('names without a verb, read from their description', () => {
  const crm = [
    tool('whoami', {}, 'The signed-in CRM user.'),
    tool('meetings.upcoming', {}, 'List upcoming meetings.'),
    tool('pipeline-stages', {}, 'The stages of the sales pipeline, in order.'),
    tool('Invoice.Overdue', {}, 'Get overdue invoices.'),
    tool('weather', {}, 'Returns the weather where the caller is.'),
    tool('meetings.create', { contact_id: text, starts_at: text }, 'Create a meeting.'),
    tool('echo', { message: text }, 'Echoes the message back.'),
    tool('ping', { host: text }, 'The host to ping is required.'),
    tool('me', {}, 'Returns the authenticated user.'),
    tool('Viewer', {}, 'Information about the signed-in account.'),
    tool('Tasks.Overdue', {}, 'Overdue tasks of the team.'),
    tool('sessions_logout_all', {}, 'Revoke all sessions.'),
  ];
  const model = readServer(crm);

  it.each(['whoami', 'me', 'Viewer'])('reads %s as the current user, however its description starts', (name) => {
    expect(model.kindOf(name).kind).toBe('current user');
  });

  it.each([
    ['meetings.upcoming', 'meeting'],
    ['pipeline-stages', 'stage'],
    ['Invoice.Overdue', 'invoice'],
    ['Tasks.Overdue', 'task'],
  ])('reads %s as a list of the %s it names', (name, entity) => {
    expect(model.shapes.get(name)).toMatchObject({ operation: 'list', entity, basis: 'description' });
  });

  it('leaves a description that names no read or says what it returns, or a noun phrase of a tool that must be given something, another action', () => {
    expect(model.shapes.get('echo')?.operation).toBe('other');
    expect(model.shapes.get('weather')?.operation).toBe('other');
    expect(model.shapes.get('ping')?.operation).toBe('other');
  });

  it('reads "Revoke all sessions." as acting on every session, never as a read of them (every-entity.ts)', () => {
    expect(model.shapes.get('sessions_logout_all')).toMatchObject({ operation: 'delete', every: true });
    expect(model.kindOf('sessions_logout_all').kind).toBe('batch');
  });
});

describe('an update named for the field it moves through its enum', () => {
  const stages = { type: 'string', enum: ['lead', 'qualified', 'won', 'lost'] };
  const priorities = { type: 'string', enum: ['low', 'high'] };

  it.each([
    ['deals.moveStage', 'deal', 'dealId', 'stage', { dealId: text, stage: stages }],
    ['set_ticket_priority', 'ticket', 'ticket_id', 'priority', { ticket_id: text, priority: priorities }],
    ['Opportunity.ChangeStage', 'opportunity', 'opportunityId', 'stage', { opportunityId: text, stage: stages }],
  ])('reads %s as a transition of the %s it is given, writing its field', (name, entity, id, field, properties) => {
    const model = readServer([tool(name, properties), tool('list_things', {}, 'List things.')]);
    expect(model.shapes.get(name)).toMatchObject({ operation: 'update', entity, idArgument: id });
    expect(model.kindOf(name)).toEqual({ kind: 'transition', why: `"${field}" names the state it moves to` });
  });

  it('keeps a free-text field, or a field the name does not end with, an update of what the name says', () => {
    const model = readServer([
      tool('deals.moveStage', { dealId: text, stage: text }),
      tool('move_card', { card_id: text, list_id: text, position: priorities }),
    ]);
    expect(model.shapes.get('deals.moveStage')?.entity).toBe('stage');
    expect(model.shapes.get('move_card')).toMatchObject({ entity: 'card', idArgument: 'card_id' });
    expect(model.kindOf('move_card').kind).not.toBe('transition');
  });
});

describe('a state change or delete named for all of a kind', () => {
  const model = readServer([
    tool('mark_all_todos_done', {}),
    tool('Notifications.MarkAllAsRead', {}),
    tool('bulk-mark-read', { sender: text }, 'Mark all emails from a sender as read.'),
    tool('get_email', { uid: text }),
    tool('delete_all_drafts', {}),
    tool('update_all_settings', { theme: text }),
  ]);

  it.each([
    ['mark_all_todos_done', 'todo'],
    ['Notifications.MarkAllAsRead', 'notification'],
    ['bulk-mark-read', 'email'],
    ['delete_all_drafts', 'draft'],
  ])('reads %s as a batch on each %s it selects, with no id', (name, entity) => {
    expect(model.shapes.get(name)).toMatchObject({ entity, idArgument: null, every: true });
    expect(model.kindOf(name).kind).toBe('batch');
  });

  it('leaves an update of all of something that sets no state another action', () => {
    expect(model.shapes.get('update_all_settings')?.operation).toBe('other');
  });
});
