/**
 * Filters, start states and lifecycles in a service's own terms, over MCP (the SDK client on a
 * connection's endpoint, the real platform in process on a real SQLite file, no model): a CRM
 * searched with filter groups, a document store queried with SQL and filter conditions, an
 * ERP-style order submitted and cancelled, a pager whose pages start open until closed, and
 * customers a list hides once disabled.
 * Every tool definition is written for this test.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, describe, expect, it } from 'vitest';
import { testApiKey, type Harness } from '../support/harness.js';
import { mockOnTools, useSimulatorHarness } from '../support/simulator-harness.js';

let harness: Harness;
useSimulatorHarness('mcpsim-service-filters-', (started) => (harness = started));
const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

const object = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties, required });
const text = { type: 'string' };

/** A mock of `tools` on `lab/<connection>`, called over MCP: each result's text parsed, or `{ error }` for a tool error. */
async function mcpMock(connection: string, tools: unknown[]): Promise<(name: string, args: Record<string, unknown>) => Promise<any>> {
  await mockOnTools(harness, { namespace: 'lab', connection, tools });
  const client = new Client({ name: 'mcpsim-service-filters', version: '1.0.0' });
  clients.push(client);
  const transport = new StreamableHTTPClientTransport(new URL(`${harness.baseUrl}/connect/lab/${connection}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${testApiKey}` } },
    fetch: (url: string | URL, init?: RequestInit) => Promise.resolve(harness.platform.app.fetch(new Request(url, init))),
  });
  await client.connect(transport);
  return async (name, args) => {
    const result = (await client.callTool({ name, arguments: args })) as { content: { text: string }[]; isError?: boolean };
    const answer = result.content[0]?.text ?? '';
    return result.isError ? { error: answer } : JSON.parse(answer);
  };
}

const ids = (answer: Record<string, unknown>, list: string) => (answer[list] as { id: string }[]).map((item) => item.id).sort();

describe('a CRM searched with filter groups', () => {
  const tools = [
    {
      name: 'create_contact',
      description: 'Create a contact.',
      inputSchema: object({ email: text, lifecycle_stage: text, score: { type: 'number' } }, ['email']),
    },
    {
      name: 'update_contact',
      description: 'Update a contact.',
      inputSchema: object({ contact_id: text, lifecycle_stage: text }, ['contact_id']),
    },
    {
      name: 'batch_read_contacts',
      description: 'Read several contacts by their ids.',
      inputSchema: object({ inputs: { type: 'array', items: object({ id: text }, ['id']) } }, ['inputs']),
    },
    {
      name: 'search_contacts',
      description: 'Search contacts. Filter groups are combined with OR; the filters of a group with AND.',
      inputSchema: object({
        filterGroups: {
          type: 'array',
          items: object({
            filters: {
              type: 'array',
              items: object({
                propertyName: text,
                operator: { type: 'string', enum: ['EQ', 'NEQ', 'GT', 'LT', 'IN', 'NOT_IN'] },
                value: {},
                values: {},
              }),
            },
          }),
        },
      }),
    },
  ];
  const filter = (propertyName: string, operator: string, value: unknown) =>
    Array.isArray(value) ? { propertyName, operator, values: value } : { propertyName, operator, value };

  it('finds by EQ, ANDs a group, ORs the groups, follows an update, and reads by a list of { id }', async () => {
    const call = await mcpMock('crm', tools);
    const ada = (await call('create_contact', { email: 'ada@example.com', lifecycle_stage: 'lead', score: 40 })).id;
    const bob = (await call('create_contact', { email: 'bob@example.com', lifecycle_stage: 'customer', score: 90 })).id;
    const search = async (...groups: unknown[][]) =>
      ids(await call('search_contacts', { filterGroups: groups.map((filters) => ({ filters })) }), 'contacts');

    expect(await search([filter('email', 'EQ', 'ada@example.com')])).toEqual([ada]);
    expect(await search([filter('lifecycle_stage', 'EQ', 'lead'), filter('score', 'GT', 50)])).toEqual([]);
    expect(await search([filter('lifecycle_stage', 'EQ', 'lead')], [filter('score', 'GT', 50)])).toEqual([ada, bob].sort());
    expect(await search([filter('lifecycle_stage', 'NOT_IN', ['customer'])])).toEqual([ada]);

    await call('update_contact', { contact_id: ada, lifecycle_stage: 'opportunity' });
    expect(await search([filter('lifecycle_stage', 'EQ', 'lead')])).toEqual([]);
    expect(await search([filter('lifecycle_stage', 'IN', ['opportunity', 'customer'])])).toEqual([ada, bob].sort());
    expect(ids(await call('batch_read_contacts', { inputs: [{ id: bob }] }), 'contacts')).toEqual([bob]);
  });
});

describe('a document store queried with SQL and filter conditions', () => {
  const tools = [
    {
      name: 'create_document',
      description: 'Create a document in the store.',
      inputSchema: object({ id: text, status: text, total: { type: 'number' } }, ['id']),
    },
    {
      name: 'query_documents',
      description: "Run a SQL query over the documents, e.g. SELECT * FROM c WHERE c.status = 'pending'.",
      inputSchema: object({ query: { type: 'string', description: 'The SQL query' } }, ['query']),
    },
    {
      name: 'get_documents',
      description: 'List documents, optionally filtered.',
      inputSchema: object({
        filter_conditions: {
          type: 'array',
          description: 'Conditions every document must meet',
          items: object({ field: text, operator: { type: 'string', enum: ['=', '!=', '>', '<'] }, value: {} }),
        },
        limit: { type: 'number' },
      }),
    },
  ];

  it('answers the documents a WHERE selects, and those the filter conditions keep', async () => {
    const call = await mcpMock('documents', tools);
    await call('create_document', { id: 'ord-1', status: 'pending', total: 129.5 });
    await call('create_document', { id: 'ord-2', status: 'shipped', total: 20 });
    await call('create_document', { id: 'ord-3', status: 'pending', total: 12 });
    const query = async (sql: string) => ids(await call('query_documents', { query: sql }), 'documents');

    expect(await query("SELECT * FROM c WHERE c.status = 'pending'")).toEqual(['ord-1', 'ord-3']);
    expect(await query("SELECT * FROM c WHERE c.status = 'pending' AND c.total > 100")).toEqual(['ord-1']);
    expect(await query("SELECT * FROM c WHERE c.status IN ('shipped') OR c.total < 15")).toEqual(['ord-2', 'ord-3']);
    expect(await query('SELECT * FROM c')).toEqual(['ord-1', 'ord-2', 'ord-3']);

    const kept = await call('get_documents', { filter_conditions: [{ field: 'status', operator: '!=', value: 'pending' }] });
    expect(ids(kept, 'documents')).toEqual(['ord-2']);
  });
});

describe('an ERP-style document lifecycle', () => {
  const name = { type: 'string', description: 'Purchase order name (e.g. PO-00001)' };
  const tools = [
    {
      name: 'purchase_order_create',
      description: 'Create a new Purchase Order for a supplier.',
      inputSchema: object({ supplier: text, items: { type: 'array', items: object({ item_code: text, qty: { type: 'number' } }) } }, [
        'supplier',
        'items',
      ]),
    },
    { name: 'purchase_order_get', description: 'Get a Purchase Order by name.', inputSchema: object({ name }, ['name']) },
    {
      name: 'purchase_order_list',
      description: 'List Purchase Orders.',
      inputSchema: object({
        supplier: text,
        status: { type: 'string', description: 'Filter by status (Draft, To Receive and Bill, Completed, Cancelled)' },
      }),
    },
    {
      name: 'purchase_order_submit',
      description: "Submit a Draft Purchase Order (changes status to 'To Receive and Bill').",
      inputSchema: object({ name }, ['name']),
    },
    { name: 'purchase_order_cancel', description: 'Cancel a submitted Purchase Order.', inputSchema: object({ name }, ['name']) },
  ];

  it('starts a draft, submits to the state the description names, cancels in the listed spelling, and lists by each', async () => {
    const call = await mcpMock('erp', tools);
    const order = await call('purchase_order_create', { supplier: 'Gearworks', items: [{ item_code: 'GEAR-12', qty: 40 }] });
    expect(order).toMatchObject({ status: 'Draft' });
    const listed = async (status: string) =>
      (Object.values(await call('purchase_order_list', { status })).find(Array.isArray) as { name: string }[]).map((item) => item.name);
    expect(await listed('Draft')).toEqual([order.name]);

    await call('purchase_order_submit', { name: order.name });
    expect(await call('purchase_order_get', { name: order.name })).toMatchObject({ status: 'To Receive and Bill' });
    expect(await listed('Draft')).toEqual([]);
    expect(await listed('To Receive and Bill')).toEqual([order.name]);

    await call('purchase_order_cancel', { name: order.name });
    expect(await call('purchase_order_get', { name: order.name })).toMatchObject({ status: 'Cancelled' });
  });
});

describe('a pager whose pages a verb closes', () => {
  const tools = [
    { name: 'create_page', description: 'Raise a page to the on-call engineer.', inputSchema: object({ summary: text }, ['summary']) },
    { name: 'get_page', description: 'Get a page.', inputSchema: object({ page_id: text }, ['page_id']) },
    { name: 'list_pages', description: 'List pages.', inputSchema: object({ status: text }) },
    { name: 'close_page', description: 'Close a page.', inputSchema: object({ page_id: text }, ['page_id']) },
  ];

  it('starts a page open, lists it as open until it is closed, then as closed', async () => {
    const call = await mcpMock('pager', tools);
    const page = await call('create_page', { summary: 'Disk above 95% on db-primary' });
    expect(await call('get_page', { page_id: page.id })).toMatchObject({ status: 'open' });
    expect(ids(await call('list_pages', { status: 'open' }), 'pages')).toEqual([page.id]);

    await call('close_page', { page_id: page.id });
    expect(ids(await call('list_pages', { status: 'open' }), 'pages')).toEqual([]);
    expect(ids(await call('list_pages', { status: 'closed' }), 'pages')).toEqual([page.id]);
  });
});

describe('a flag the lists hide until asked', () => {
  const tools = [
    { name: 'customer_create', description: 'Create a customer.', inputSchema: object({ customer_name: text }, ['customer_name']) },
    {
      name: 'customer_update',
      description: 'Update a customer.',
      inputSchema: object({ customer_id: text, disabled: { type: 'boolean', description: 'Set to true to disable the customer' } }, [
        'customer_id',
      ]),
    },
    {
      name: 'customer_list',
      description: 'List customers. Returns active customers by default.',
      inputSchema: object({ include_disabled: { type: 'boolean', description: 'Include disabled customers (default false)' } }),
    },
  ];

  it('starts a customer enabled, and lists a disabled one only when asked', async () => {
    const call = await mcpMock('customers', tools);
    const customer = await call('customer_create', { customer_name: 'Babbage Instruments' });
    expect(customer).toMatchObject({ disabled: false });
    expect(ids(await call('customer_list', {}), 'customers')).toEqual([customer.id]);

    await call('customer_update', { customer_id: customer.id, disabled: true });
    expect(ids(await call('customer_list', {}), 'customers')).toEqual([]);
    expect(ids(await call('customer_list', { include_disabled: true }), 'customers')).toEqual([customer.id]);
  });
});
