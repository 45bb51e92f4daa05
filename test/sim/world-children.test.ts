/**
 * Sub-entities over the real platform (a real SQLite file, `app.fetch` in process): a reply, an
 * invoice item or a child node is kept under its own type with its parent's id, and shows in the
 * list the server's tools read it from and in its parent's read.
 */
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { useSimulatorHarness } from '../support/simulator-harness.js';

let harness: Harness;
useSimulatorHarness('mcpsim-children-', (started) => (harness = started));

async function callTool(connection: string, tool: string, args: Record<string, unknown> = {}) {
  const response = await harness.call('POST', `/connect/${connection}/.tools/${tool}`, { body: args });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const text = response.body.content[0].text as string;
  expect(response.body.isError, text).not.toBe(true);
  return (response.body.structuredContent ?? JSON.parse(text)) as any;
}

async function mock(connection: string, server: string) {
  const [namespace, id] = connection.split('/');
  await harness.call('PUT', `/namespaces/${namespace}`);
  expect((await harness.call('PUT', `/connect/${namespace}/${id}`, { body: { server, mock: { enabled: true } } })).status).toBe(201);
  const world = { entities: {}, facts: [] };
  expect((await harness.call('PUT', `/__mcpsim/connections/${namespace}/${id}/simulation`, { body: { world } })).status).toBe(200);
}

const object = (properties: Record<string, unknown>, required: string[] = Object.keys(properties)) => ({
  type: 'object',
  properties,
  required,
});
const text = { type: 'string' };

describe('sub-entities', () => {
  it('keeps a thread reply under its message, and a channel history lists what was posted there', async () => {
    await mock('lab/slack', '@modelcontextprotocol/slack');
    const posted = await callTool('lab/slack', 'slack_post_message', { channel_id: 'C0OPS', text: 'Deploy finished' });
    await callTool('lab/slack', 'slack_post_message', { channel_id: 'C0SALES', text: 'New lead' });
    const thread = { channel_id: 'C0OPS', thread_ts: String(posted.ts ?? posted.id) };
    await callTool('lab/slack', 'slack_reply_to_thread', { ...thread, text: 'Thanks, looks good!' });

    const replies = await callTool('lab/slack', 'slack_get_thread_replies', thread);
    expect(replies.replies.map((reply: { text: string }) => reply.text)).toEqual(['Thanks, looks good!']);
    const history = await callTool('lab/slack', 'slack_get_channel_history', { channel_id: 'C0OPS' });
    expect(history.messages.map((message: { text: string }) => message.text)).toEqual(['Deploy finished']);
  });

  it('lists the children of a node by the parent they were created under', async () => {
    const tools = [
      { name: 'create_node', inputSchema: object({ parentId: text, name: text }) },
      { name: 'get_node', inputSchema: object({ nodeId: text }) },
      { name: 'list_children', inputSchema: object({ nodeId: text }) },
    ];
    expect((await harness.call('PUT', '/servers/@acme/docs', { body: { tools } })).status).toBe(201);
    await mock('lab/docs', '@acme/docs');
    const folder = await callTool('lab/docs', 'create_node', { parentId: '-root-', name: 'Reports' });
    await callTool('lab/docs', 'create_node', { parentId: folder.id, name: 'Q3.docx' });

    const names = async (nodeId: string) =>
      ((await callTool('lab/docs', 'list_children', { nodeId })).children as { name: string }[]).map((node) => node.name);
    expect(await names(folder.id)).toEqual(['Q3.docx']);
    expect(await names('-root-')).toEqual(['Reports']);
  });

  it("shows an invoice's items in its read, where its outputSchema has a list of them, and lists them by invoice", async () => {
    const item = object({ description: text, amount: { type: 'integer' } });
    const tools = [
      { name: 'create_invoice', inputSchema: object({ customer: text }) },
      {
        name: 'get_invoice',
        inputSchema: object({ invoice_id: text }),
        outputSchema: object({ id: text, customer: text, items: { type: 'array', items: item } }),
      },
      { name: 'add_invoice_item', inputSchema: object({ invoice_id: text, description: text, amount: { type: 'integer' } }) },
      { name: 'list_invoice_items', inputSchema: object({ invoice_id: text }) },
    ];
    expect((await harness.call('PUT', '/servers/@acme/billing', { body: { tools } })).status).toBe(201);
    await mock('lab/billing', '@acme/billing');
    const first = await callTool('lab/billing', 'create_invoice', { customer: 'Ada' });
    const second = await callTool('lab/billing', 'create_invoice', { customer: 'Grace' });
    await callTool('lab/billing', 'add_invoice_item', { invoice_id: first.id, description: 'Consulting', amount: 50000 });
    await callTool('lab/billing', 'add_invoice_item', { invoice_id: first.id, description: 'Travel', amount: 12000 });
    await callTool('lab/billing', 'add_invoice_item', { invoice_id: second.id, description: 'Training', amount: 30000 });

    const read = await callTool('lab/billing', 'get_invoice', { invoice_id: first.id });
    expect(read.items.map((line: { description: string }) => line.description)).toEqual(['Consulting', 'Travel']);
    const listed = await callTool('lab/billing', 'list_invoice_items', { invoice_id: second.id });
    expect(
      Object.values(listed)
        .flat()
        .filter((entry: any) => entry?.description)
        .map((entry: any) => entry.description),
    ).toEqual(['Training']);
  });

  it('shows the comments a read’s description promises (“with its comments”), none at first', async () => {
    const tools = [
      { name: 'create_ticket', inputSchema: object({ subject: text }) },
      { name: 'get_ticket', description: 'Get a ticket by its ID, with its comments.', inputSchema: object({ ticket_id: text }) },
      { name: 'add_ticket_comment', inputSchema: object({ ticket_id: text, body: text }) },
    ];
    expect((await harness.call('PUT', '/servers/@acme/desk', { body: { tools } })).status).toBe(201);
    await mock('lab/desk', '@acme/desk');
    const ticket = await callTool('lab/desk', 'create_ticket', { subject: 'Refund not received' });
    const other = await callTool('lab/desk', 'create_ticket', { subject: 'Package stuck' });
    expect((await callTool('lab/desk', 'get_ticket', { ticket_id: ticket.id })).comments).toEqual([]);
    await callTool('lab/desk', 'add_ticket_comment', { ticket_id: ticket.id, body: 'Refund issued today.' });
    await callTool('lab/desk', 'add_ticket_comment', { ticket_id: other.id, body: 'Customs cleared.' });

    const read = await callTool('lab/desk', 'get_ticket', { ticket_id: ticket.id });
    expect(read.comments.map((comment: { body: string }) => comment.body)).toEqual(['Refund issued today.']);
  });

  it('keeps the list an entity was written with where the read promises one and no children are kept apart', async () => {
    const line = { type: 'object', properties: { item_code: text, qty: { type: 'number' } } };
    const tools = [
      { name: 'create_order', inputSchema: object({ customer: text, items: { type: 'array', items: line } }) },
      {
        name: 'get_order',
        description: 'Get an order by its ID. Returns the full order with line items.',
        inputSchema: object({ order_id: text }),
      },
      { name: 'create_item', inputSchema: object({ item_code: text }) },
    ];
    expect((await harness.call('PUT', '/servers/@acme/orders', { body: { tools } })).status).toBe(201);
    await mock('lab/orders', '@acme/orders');
    await callTool('lab/orders', 'create_item', { item_code: 'GEAR-12' });
    const items = [{ item_code: 'GEAR-12', qty: 40 }];
    const order = await callTool('lab/orders', 'create_order', { customer: 'Babbage Instruments', items });
    expect((await callTool('lab/orders', 'get_order', { order_id: order.id })).items).toEqual(items);
  });
});
