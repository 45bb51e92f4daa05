/**
 * Over the real platform (a real SQLite file, `app.fetch` in process), on tools written for the
 * test: a parent's read shows the children its description lists, a generic list of a parent's
 * `items` holds every kind of child made under it, and a read of a record never made is the
 * service's not-found even where a list made the first records up.
 */
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { useSimulatorHarness } from '../support/simulator-harness.js';

let harness: Harness;
useSimulatorHarness('mcpsim-records-', (started) => (harness = started));

async function call(connection: string, tool: string, args: Record<string, unknown> = {}) {
  const response = await harness.call('POST', `/connect/${connection}/.tools/${tool}`, { body: args });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const text = response.body.content[0].text as string;
  return { isError: response.body.isError === true, text, value: (response.body.structuredContent ?? safeJson(text)) as any };
}

async function callOk(connection: string, tool: string, args: Record<string, unknown> = {}) {
  const answer = await call(connection, tool, args);
  expect(answer.isError, answer.text).toBe(false);
  return answer.value;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

async function serve(connection: string, server: string, tools: unknown[]) {
  expect((await harness.call('PUT', `/servers/${server}`, { body: { tools } })).status).toBe(201);
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

describe('parents and their records', () => {
  it('shows the children a read’s description lists in parentheses (“with full details (variants, images)”)', async () => {
    await serve('lab/shop', '@acme/shop', [
      { name: 'create_product', inputSchema: object({ title: text }) },
      {
        name: 'get_product',
        description: 'Get one product by ID with full details (variants, images).',
        inputSchema: object({ id: text }),
      },
      { name: 'create_variant', inputSchema: object({ product_id: text, sku: text }) },
    ]);
    const kettle = await callOk('lab/shop', 'create_product', { title: 'Kettle' });
    const mug = await callOk('lab/shop', 'create_product', { title: 'Mug' });
    await callOk('lab/shop', 'create_variant', { product_id: kettle.id, sku: 'KET-RED' });
    await callOk('lab/shop', 'create_variant', { product_id: mug.id, sku: 'MUG-BLU' });

    const read = await callOk('lab/shop', 'get_product', { id: kettle.id });
    expect(read.variants.map((variant: { sku: string }) => variant.sku)).toEqual(['KET-RED']);
  });

  it('answers not-found for an order never listed, on a server whose tools confirm and cancel orders', async () => {
    await serve('lab/orders', '@acme/orders', [
      { name: 'list_orders', description: 'List orders.', inputSchema: object({ status: text }, []) },
      { name: 'get_order', description: 'Get an order by ID.', inputSchema: object({ id: text }) },
      { name: 'confirm_order', description: 'Confirm a pending order.', inputSchema: object({ id: text }) },
    ]);
    const listed = await callOk('lab/orders', 'list_orders');
    const first = listed.orders[0];
    expect((await callOk('lab/orders', 'get_order', { id: first.id })).id).toBe(first.id);
    const unknown = await call('lab/orders', 'get_order', { id: 'ord_never_made' });
    expect(unknown.isError).toBe(true);
    expect(unknown.text).toMatch(/not found/i);
  });

  it('answers not-found for a record id no list gave, on a read-only server, and invents what a natural key names', async () => {
    await serve('lab/crm', '@acme/crm', [
      { name: 'get-deals', description: 'Get deals.', inputSchema: object({}, []) },
      { name: 'get-deal', description: 'Get a specific deal by ID.', inputSchema: object({ dealId: { type: 'number' } }) },
      { name: 'get-rules', description: 'List the rules.', inputSchema: object({}, []) },
      { name: 'show-rule', description: 'Show a rule by its key.', inputSchema: object({ key: text }) },
    ]);
    const first = (await callOk('lab/crm', 'get-deals')).deals[0];
    expect((await callOk('lab/crm', 'get-deal', { dealId: first.id })).id).toBe(first.id);
    const unknown = await call('lab/crm', 'get-deal', { dealId: 987654321 });
    expect(unknown.isError, unknown.text).toBe(true);
    expect(unknown.text).toMatch(/not found/i);
    // A rule's key is known from the service's documentation: a catalogue still answers it.
    await callOk('lab/crm', 'get-rules');
    expect((await callOk('lab/crm', 'show-rule', { key: 'java:S1234' })).key).toBe('java:S1234');
  });

  it('gives the people a list makes up an email, and a lookup by that email finds the same one', async () => {
    await serve('lab/shop-people', '@acme/shop-people', [
      { name: 'get-customers', description: 'List customers.', inputSchema: object({ first: { type: 'number' } }, []) },
      { name: 'get-customer-by-id', description: 'Get a customer.', inputSchema: object({ customerId: text }) },
      { name: 'get-customer-by-identifier', description: 'Find a customer by email.', inputSchema: object({ email: text }, []) },
    ]);
    const first = (await callOk('lab/shop-people', 'get-customers', { first: 5 })).customers[0];
    expect(first.email).toMatch(/^[^@\s]+@example\.com$/);
    expect((await callOk('lab/shop-people', 'get-customer-by-id', { customerId: first.id })).email).toBe(first.email);
    expect(JSON.stringify(await callOk('lab/shop-people', 'get-customer-by-identifier', { email: first.email }))).toContain(
      String(first.id),
    );
  });

  it('gives what a list makes up the handle a read by handle takes, and that read finds it', async () => {
    await serve('lab/collections', '@acme/collections', [
      { name: 'get-collections', description: 'List collections.', inputSchema: object({ first: { type: 'number' } }, []) },
      { name: 'get-collection-by-id', description: 'Get a collection by ID.', inputSchema: object({ collectionId: text }) },
      { name: 'get-collection-by-handle', description: 'Get a collection by its handle.', inputSchema: object({ handle: text }) },
    ]);
    const first = (await callOk('lab/collections', 'get-collections', { first: 5 })).collections[0];
    expect(first.handle).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    expect((await callOk('lab/collections', 'get-collection-by-handle', { handle: first.handle })).id).toBe(first.id);
  });

  it('lists notes, not companies, where a resource_type says what the notes are attached to', async () => {
    await serve('lab/crm-notes', '@acme/crm-notes', [
      { name: 'create_company', inputSchema: object({ name: text, return_details: { type: 'boolean' } }, ['name']) },
      { name: 'create_note', inputSchema: object({ resource_type: text, record_id: text, title: text, content: text }) },
      {
        name: 'list_notes',
        description: 'Retrieve notes for a record.',
        inputSchema: object({ resource_type: text, record_id: text }, ['resource_type']),
      },
    ]);
    const company = await callOk('lab/crm-notes', 'create_company', { name: 'Analytical Engines', return_details: true });
    // How much the answer shows is no field of the company.
    expect(company.return_details).toBeUndefined();
    await callOk('lab/crm-notes', 'create_note', {
      resource_type: 'companies',
      record_id: company.id,
      title: 'Kickoff',
      content: 'Met Ada.',
    });
    const notes = await call('lab/crm-notes', 'list_notes', { resource_type: 'companies', record_id: company.id });
    expect(notes.text).toContain('Kickoff');
    expect(notes.value.companies).toBeUndefined();
  });

  it('shows the comments a read lists after a colon, and those an include flag asks for', async () => {
    await serve('lab/prs', '@acme/prs', [
      { name: 'create_pull_request', inputSchema: object({ repository: text, title: text }) },
      {
        name: 'get_pull_request',
        description: 'Get a pull request: metadata, reviewer status, comments and changed files.',
        inputSchema: object({ repository: text, pull_request_id: { type: 'number' }, include_tasks: { type: 'boolean' } }, [
          'repository',
          'pull_request_id',
        ]),
      },
      { name: 'add_comment', inputSchema: object({ repository: text, pull_request_id: { type: 'number' }, comment_text: text }) },
      { name: 'add_task', inputSchema: object({ repository: text, pull_request_id: { type: 'number' }, task_text: text }) },
    ]);
    const pr = await callOk('lab/prs', 'create_pull_request', { repository: 'checkout', title: 'Add Apple Pay' });
    await callOk('lab/prs', 'add_comment', { repository: 'checkout', pull_request_id: pr.id, comment_text: 'One nit' });
    await callOk('lab/prs', 'add_task', { repository: 'checkout', pull_request_id: pr.id, task_text: 'Rename the button' });
    const plain = await call('lab/prs', 'get_pull_request', { repository: 'checkout', pull_request_id: pr.id });
    expect(plain.text).toContain('One nit');
    expect(plain.text).not.toContain('Rename the button');
    const asked = await call('lab/prs', 'get_pull_request', { repository: 'checkout', pull_request_id: pr.id, include_tasks: true });
    expect(asked.text).toContain('Rename the button');
  });

  it('lists the items of a server named for items, each with the counter its read takes', async () => {
    await serve('lab/errors', '@acme/errors', [
      { name: 'list-items', description: 'List items.', inputSchema: object({ status: text }, []) },
      { name: 'get-item-details', description: 'Get an item by its counter.', inputSchema: object({ counter: { type: 'integer' } }) },
    ]);
    const items = (await callOk('lab/errors', 'list-items')).items;
    expect(items.map((item: { counter: number }) => item.counter)).toEqual([1, 2, 3]);
    expect(await callOk('lab/errors', 'get-item-details', { counter: 2 })).toMatchObject(items[1]);
  });

  it('lists every kind of child made on a board as its items, and none of another board’s', async () => {
    await serve('lab/boards', '@acme/boards', [
      { name: 'create_board', inputSchema: object({ name: text }) },
      { name: 'create_frame', inputSchema: object({ board_id: text, title: text }) },
      { name: 'create_sticky_note', inputSchema: object({ board_id: text, content: text }) },
      { name: 'get_board_items', description: 'List the items on a board.', inputSchema: object({ board_id: text }) },
      {
        name: 'update_item',
        description: 'Update an item on a board.',
        inputSchema: object({ board_id: text, item_id: text, color: text }),
      },
    ]);
    const planning = await callOk('lab/boards', 'create_board', { name: 'Planning' });
    const retro = await callOk('lab/boards', 'create_board', { name: 'Retro' });
    const frame = await callOk('lab/boards', 'create_frame', { board_id: planning.id, title: 'Now' });
    const note = await callOk('lab/boards', 'create_sticky_note', { board_id: planning.id, content: 'Ship it' });
    await callOk('lab/boards', 'create_sticky_note', { board_id: retro.id, content: 'Went well' });

    const items = await callOk('lab/boards', 'get_board_items', { board_id: planning.id });
    expect(items.items.map((item: { id: string }) => item.id).sort()).toEqual([frame.id, note.id].sort());
    // Listing keeps nothing under a type `item`: the next list still gathers from the frames and notes.
    await callOk('lab/boards', 'create_sticky_note', { board_id: planning.id, content: 'Later' });
    expect((await callOk('lab/boards', 'get_board_items', { board_id: planning.id })).items).toHaveLength(3);
    // An update of one generic item by its id changes the sticky note with that id.
    await callOk('lab/boards', 'update_item', { board_id: planning.id, item_id: note.id, color: 'yellow' });
    const updated = (await callOk('lab/boards', 'get_board_items', { board_id: planning.id })).items.find(
      (item: { id: string }) => item.id === note.id,
    );
    expect(updated.color).toBe('yellow');
  });

  it('lists a company’s contacts by the company’s bare id (`companies_contacts(id)`)', async () => {
    await serve('lab/crm', '@acme/crm', [
      { name: 'companies_create', description: 'Create a company.', inputSchema: object({ name: text }) },
      { name: 'contacts_create', description: 'Create a contact.', inputSchema: object({ lastName: text, companyId: text }) },
      { name: 'contacts_get', description: 'Get a contact by ID.', inputSchema: object({ id: text }) },
      { name: 'companies_contacts', description: 'List the contacts of a company.', inputSchema: object({ id: text }) },
    ]);
    const engines = await callOk('lab/crm', 'companies_create', { name: 'Analytical Engines' });
    const looms = await callOk('lab/crm', 'companies_create', { name: 'Jacquard Looms' });
    const ada = await callOk('lab/crm', 'contacts_create', { lastName: 'Lovelace', companyId: engines.id });
    await callOk('lab/crm', 'contacts_create', { lastName: 'Jacquard', companyId: looms.id });

    const listed = await callOk('lab/crm', 'companies_contacts', { id: engines.id });
    expect(listed.contacts.map((contact: { id: string }) => contact.id)).toEqual([ada.id]);
  });

  it('moves a file to the trash on a delete whose `permanent` is left false, and removes it on a permanent one', async () => {
    const permanent = { type: 'boolean', description: 'Delete for good instead of moving to the trash', default: false };
    await serve('lab/drive', '@acme/drive', [
      { name: 'create_file', inputSchema: object({ name: text }) },
      { name: 'get_file', description: 'Get a file by ID.', inputSchema: object({ fileId: text }) },
      { name: 'delete_file', description: 'Delete a file.', inputSchema: object({ fileId: text, permanent }, ['fileId']) },
      {
        name: 'search_files',
        description: 'Search files.',
        inputSchema: object({ query: text, includeTrashed: { type: 'boolean', default: false } }, ['query']),
      },
    ]);
    const march = await callOk('lab/drive', 'create_file', { name: 'march-invoice.txt' });
    const april = await callOk('lab/drive', 'create_file', { name: 'april-invoice.txt' });
    await callOk('lab/drive', 'delete_file', { fileId: march.id });
    await callOk('lab/drive', 'delete_file', { fileId: april.id, permanent: true });

    const ids = async (args: Record<string, unknown>) =>
      ((await callOk('lab/drive', 'search_files', args)).files as { id: string }[]).map((file) => file.id);
    expect(await ids({ query: 'invoice' })).toEqual([]);
    expect(await ids({ query: 'invoice', includeTrashed: true })).toEqual([march.id]);
    expect((await call('lab/drive', 'get_file', { fileId: march.id })).text).toMatch(/not found/i);
  });

  it('finds a story by a word of its name in a search, where a list’s name filter wants the whole name', async () => {
    await serve('lab/stories', '@acme/stories', [
      { name: 'create_story', inputSchema: object({ name: text, type: text }) },
      { name: 'search_stories', description: 'Search stories.', inputSchema: object({ name: text, type: text }, []) },
      { name: 'list_stories', description: 'List stories.', inputSchema: object({ name: text }, []) },
    ]);
    const checkout = await callOk('lab/stories', 'create_story', { name: 'Checkout fails for saved cards', type: 'bug' });
    await callOk('lab/stories', 'create_story', { name: 'Checkouts page is slow', type: 'bug' });
    await callOk('lab/stories', 'create_story', { name: 'Add a checkout button', type: 'feature' });

    const found = await callOk('lab/stories', 'search_stories', { name: 'checkout', type: 'bug' });
    expect(found.stories.map((story: { id: string }) => story.id)).toEqual([checkout.id]);
    expect((await callOk('lab/stories', 'list_stories', { name: 'checkout' })).stories).toEqual([]);
  });
});
