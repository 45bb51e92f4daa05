/**
 * Agent-style walks on tools written for these tests, each call on the world the calls before it
 * left: what a client saves from one answer is what the next tool takes, and the world answers what
 * the real service would (issue 36).
 */
import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../../src/domain/registry.js';
import { createSimulatorSession } from '../support/simulator-session.js';

const object = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties, required });

describe('ids a walk passes on', () => {
  const delivery: ToolDefinition[] = [
    { name: 'list_regions', description: 'List the regions we deliver to', inputSchema: object({}) },
    {
      name: 'list_towns',
      description: 'List the towns of a region',
      inputSchema: object({ regionId: { type: 'integer', description: 'Region id from list_regions' } }, ['regionId']),
    },
    {
      name: 'add_depot',
      description: 'Add a depot in a town',
      inputSchema: object({ townId: { type: 'number' }, label: { type: 'string' } }, ['townId', 'label']),
    },
  ];

  it('are numbers when every tool that takes them declares a number', async () => {
    const session = createSimulatorSession(delivery);
    const regions = await session.call('list_regions');
    const region = regions.json.regions[0].id;
    expect(typeof region).toBe('number');
    const towns = await session.call('list_towns', { regionId: region });
    expect(towns.isError, towns.text).toBe(false);
    expect(typeof towns.json.towns[0].id).toBe('number');
  });

  it('stay strings when a tool takes them as strings', async () => {
    const tools: ToolDefinition[] = [
      ...delivery,
      {
        name: 'rename_region',
        description: 'Rename a region',
        inputSchema: object({ regionId: { type: 'string' }, name: { type: 'string' } }),
      },
    ];
    const regions = await createSimulatorSession(tools).call('list_regions');
    expect(typeof regions.json.regions[0].id).toBe('string');
  });
});

describe('archived entities in lists', () => {
  const reports: ToolDefinition[] = [
    {
      name: 'create_report',
      description: 'Create a saved report',
      inputSchema: object({ title: { type: 'string' }, folder_id: { type: 'string' } }, ['title']),
    },
    {
      name: 'update_report',
      description: 'Update a saved report; set archived to move it to the archive',
      inputSchema: object({ report_id: { type: 'string' }, title: { type: 'string' }, archived: { type: 'boolean' } }, ['report_id']),
    },
    {
      name: 'list_reports',
      description: 'List saved reports',
      inputSchema: object({ folder_id: { type: 'string' }, include_archived: { type: 'boolean' } }),
    },
  ];

  it('leave the lists that do not ask for them and show in one that does', async () => {
    const session = createSimulatorSession(reports);
    const created = await session.call('create_report', { title: 'Weekly churn', folder_id: 'f1' });
    const id = created.json.id;
    expect((await session.call('list_reports', { folder_id: 'f1' })).text).toContain(id);
    const archived = await session.call('update_report', { report_id: id, archived: true });
    expect(archived.json.archived).toBe(true);
    expect((await session.call('list_reports', { folder_id: 'f1' })).text).not.toContain(id);
    expect((await session.call('list_reports', { folder_id: 'f1', include_archived: true })).text).toContain(id);
  });
});

describe('filters in the service own terms', () => {
  it('keeps what a double-underscore lookup matches', async () => {
    const tools: ToolDefinition[] = [
      { name: 'create_label', description: 'Create a label', inputSchema: object({ title: { type: 'string' } }, ['title']) },
      {
        name: 'list_labels',
        description: 'List labels',
        inputSchema: object({ title__icontains: { type: 'string' }, title__istartswith: { type: 'string' } }),
      },
    ];
    const session = createSimulatorSession(tools);
    const label = (await session.call('create_label', { title: 'Invoices 2026' })).json.id;
    expect((await session.call('list_labels', { title__istartswith: 'inv' })).text).toContain(label);
    expect((await session.call('list_labels', { title__icontains: 'receipt' })).text).not.toContain(label);
  });
});

describe('a new entity', () => {
  const buckets: ToolDefinition[] = [
    {
      name: 'create_bucket',
      description: 'Create a storage bucket',
      inputSchema: object(
        {
          bucket_name: { type: 'string' },
          region: { type: 'string', default: 'eu-west' },
          limit: { type: 'number', default: 10 },
          parent_folder_id: { type: 'string', default: 'root' },
        },
        ['bucket_name'],
      ),
    },
    {
      name: 'update_bucket',
      description: 'Update a bucket',
      inputSchema: object({ bucket_id: { type: 'string' }, isArchived: { type: 'boolean' }, archived: { type: 'boolean' } }, ['bucket_id']),
    },
  ];

  it('holds the schema defaults of its data and starts not archived', async () => {
    const created = await createSimulatorSession(buckets).call('create_bucket', { bucket_name: 'invoices' });
    expect(created.json).toMatchObject({ bucket_name: 'invoices', region: 'eu-west', isArchived: false });
    expect(created.json).not.toHaveProperty('archived');
    expect(created.json).not.toHaveProperty('limit');
    expect(created.json).not.toHaveProperty('parent_folder_id');
  });

  it('keeps what the call gave over a default', async () => {
    const created = await createSimulatorSession(buckets).call('create_bucket', { bucket_name: 'logs', region: 'us-east' });
    expect(created.json.region).toBe('us-east');
  });
});

describe('a create named by the caller', () => {
  const shop: ToolDefinition[] = [
    {
      name: 'create_collection',
      description: 'Create a collection with a URL slug',
      inputSchema: object({ slug: { type: 'string' }, title: { type: 'string' } }, ['slug', 'title']),
    },
    { name: 'get_collection', description: 'Get a collection by id', inputSchema: object({ id: { type: 'string' } }, ['id']) },
    {
      name: 'add_listing',
      description: 'Add a listing to a collection',
      inputSchema: object({ collection_id: { type: 'string' }, title: { type: 'string' } }, ['collection_id', 'title']),
    },
  ];

  it('answers the id the service gives it when other tools name it by id', async () => {
    const session = createSimulatorSession(shop);
    const created = await session.call('create_collection', { slug: 'summer-linen', title: 'Summer linen' });
    expect(created.json.slug).toBe('summer-linen');
    const id = created.json.id;
    expect(id).toBeDefined();
    expect(id).not.toBe('summer-linen');
    const read = await session.call('get_collection', { id });
    expect(read.isError, read.text).toBe(false);
    expect(read.json.title).toBe('Summer linen');
    const listing = await session.call('add_listing', { collection_id: id, title: 'Apron' });
    expect(listing.isError, listing.text).toBe(false);
  });

  it('keeps the name as the id when every tool names it so', async () => {
    const tools: ToolDefinition[] = [
      shop[0]!,
      { name: 'get_collection', description: 'Get a collection', inputSchema: object({ slug: { type: 'string' } }, ['slug']) },
    ];
    const session = createSimulatorSession(tools);
    await session.call('create_collection', { slug: 'summer-linen', title: 'Summer linen' });
    expect((await session.call('get_collection', { slug: 'summer-linen' })).json.title).toBe('Summer linen');
  });
});

describe('parents the service already has', () => {
  it('are taken when the only ones the world holds are reference data a first list made up', async () => {
    const tools: ToolDefinition[] = [
      { name: 'list_folders', description: 'List folders', inputSchema: object({}) },
      {
        name: 'create_note',
        description: 'Create a note in a folder',
        inputSchema: object({ folder_id: { type: 'string' }, title: { type: 'string' } }, ['folder_id', 'title']),
      },
      {
        name: 'list_notes',
        description: 'List the notes of a folder',
        inputSchema: object({ folder_id: { type: 'string' } }, ['folder_id']),
      },
    ];
    const session = createSimulatorSession(tools);
    expect((await session.call('list_folders')).json.folders).toHaveLength(3);
    const note = await session.call('create_note', { folder_id: 'fld-team-docs', title: 'Runbook' });
    expect(note.isError, note.text).toBe(false);
    expect((await session.call('list_notes', { folder_id: 'fld-team-docs' })).text).toContain('Runbook');
  });
});

describe('a deleted entity', () => {
  it('takes the entities that name it as theirs with it', async () => {
    const tools: ToolDefinition[] = [
      {
        name: 'post_remark',
        description: 'Post a remark on a design, or a reply to a remark',
        inputSchema: object({ design_key: { type: 'string' }, text: { type: 'string' }, remark_id: { type: 'string' } }, [
          'design_key',
          'text',
        ]),
      },
      {
        name: 'list_remarks',
        description: 'List the remarks of a design',
        inputSchema: object({ design_key: { type: 'string' } }, ['design_key']),
      },
      {
        name: 'delete_remark',
        description: 'Delete a remark',
        inputSchema: object({ design_key: { type: 'string' }, remark_id: { type: 'string' } }, ['design_key', 'remark_id']),
      },
    ];
    const session = createSimulatorSession(tools);
    const remark = (await session.call('post_remark', { design_key: 'd1', text: 'Spacing is off' })).json.id;
    const kept = (await session.call('post_remark', { design_key: 'd1', text: 'Colours look right' })).json.id;
    const reply = (await session.call('post_remark', { design_key: 'd1', text: 'Fixed', remark_id: remark })).json.id;
    expect((await session.call('delete_remark', { design_key: 'd1', remark_id: remark })).isError).toBe(false);
    const listed = (await session.call('list_remarks', { design_key: 'd1' })).text;
    expect(listed).not.toContain(reply);
    expect(listed).toContain(kept);
  });
});

describe('walks of round two', () => {
  it('list a document store by parent folder and by name words in its own query language', async () => {
    const tools: ToolDefinition[] = [
      {
        name: 'upload_document',
        description: 'Upload a document into a folder',
        inputSchema: object({ title: { type: 'string' }, parentId: { type: 'string', description: 'Folder id' } }, ['title']),
      },
      { name: 'list_documents', description: 'List documents', inputSchema: object({ q: { type: 'string', description: 'Query' } }) },
    ];
    const session = createSimulatorSession(tools);
    const doc = (await session.call('upload_document', { title: 'Budget plan', parentId: 'folder-one' })).json.id;
    expect((await session.call('list_documents', { q: "'folder-one' in parents and trashed = false" })).text).toContain(doc);
    expect((await session.call('list_documents', { q: "'folder-two' in parents and trashed = false" })).text).not.toContain(doc);
    expect((await session.call('list_documents', { q: "title contains 'budget'" })).text).toContain(doc);
    expect((await session.call('list_documents', { q: "title contains 'payroll'" })).text).not.toContain(doc);
  });

  it('show what a create wrote under request.items[].fieldData at the top level, and filter by it', async () => {
    const tools: ToolDefinition[] = [
      {
        name: 'create_entry',
        description: 'Create an entry in a collection',
        inputSchema: object({
          collection_id: { type: 'string' },
          request: object({ items: { type: 'array', items: object({ fieldData: object({ title: { type: 'string' } }) }) } }),
        }),
      },
      {
        name: 'list_entries',
        description: 'List the entries of a collection',
        inputSchema: object({ collection_id: { type: 'string' }, title: { type: 'string' } }, ['collection_id']),
      },
    ];
    const session = createSimulatorSession(tools);
    const created = await session.call('create_entry', { collection_id: 'c1', request: { items: [{ fieldData: { title: 'Spring' } }] } });
    expect(created.json.title).toBe('Spring');
    expect((await session.call('list_entries', { collection_id: 'c1', title: 'Spring' })).text).toContain(created.json.id);
    expect((await session.call('list_entries', { collection_id: 'c1', title: 'Winter' })).text).not.toContain(created.json.id);
  });

  it('answer a tracker its usual workflow states, the same each time, though a tool can create more', async () => {
    const tools: ToolDefinition[] = [
      {
        name: 'list_states',
        description: 'List the states of a board',
        inputSchema: object({ board_id: { type: 'string' } }, ['board_id']),
      },
      {
        name: 'create_state',
        description: 'Create a state on a board',
        inputSchema: object({ board_id: { type: 'string' }, name: { type: 'string' } }),
      },
    ];
    const session = createSimulatorSession(tools);
    const first = await session.call('list_states', { board_id: 'b1' });
    expect(first.text).toContain('In Progress');
    expect(first.text).toContain('Done');
    expect((await session.call('list_states', { board_id: 'b1' })).text).toBe(first.text);
  });

  it('list the type a SQL-like query names, by its WHERE clauses', async () => {
    const tools: ToolDefinition[] = [
      {
        name: 'create_bill',
        description: 'Create a bill',
        inputSchema: object({ title: { type: 'string' }, bill_date: { type: 'string' } }, ['title']),
      },
      {
        name: 'run_query',
        description: 'Run a query on the accounting data',
        inputSchema: object({ query: { type: 'string' } }, ['query']),
      },
    ];
    const session = createSimulatorSession(tools);
    const bill = (await session.call('create_bill', { title: 'May rent', bill_date: '2026-05-01' })).json.id;
    expect((await session.call('run_query', { query: "SELECT * FROM Bill WHERE Title = 'May rent'" })).text).toContain(bill);
    expect((await session.call('run_query', { query: "SELECT * FROM Bill WHERE BillDate >= '2027-01-01'" })).text).not.toContain(bill);
  });
});
