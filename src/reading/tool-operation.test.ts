import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { inferServerShapes, toCallShape, type ToolShape } from './tool-operation.js';

const catalogDirectory = fileURLToPath(new URL('../../catalog/', import.meta.url));
const sharedToolsDirectory = fileURLToPath(new URL('../../../shared/registry/tools/', import.meta.url));
const hasSharedTools = existsSync(sharedToolsDirectory);

function catalogTools(file: string): ToolDefinition[] {
  return (JSON.parse(readFileSync(`${catalogDirectory}${file}.json`, 'utf8')) as { tools: ToolDefinition[] }).tools;
}

function sharedTools(file: string): ToolDefinition[] {
  return (JSON.parse(readFileSync(`${sharedToolsDirectory}${file}.json`, 'utf8')) as { tools: ToolDefinition[] }).tools;
}

type Expected = Partial<
  Pick<ToolShape, 'operation' | 'entity' | 'idArgument' | 'idField' | 'numericId' | 'strict' | 'upsert' | 'sets' | 'find' | 'basis'>
> & { listField?: ToolShape['listField'] };

/** [catalog file, tool, what the inference must say]: real tool definitions from catalog/*.json. */
const catalogCases: [string, string, Expected][] = [
  [
    'github__github-mcp-server',
    'list_issues',
    { operation: 'list', entity: 'issue', idArgument: null, idField: 'number', numericId: true },
  ],
  [
    'github__github-mcp-server',
    'issue_read',
    { operation: 'read', entity: 'issue', idArgument: 'issue_number', idField: 'number', numericId: true, strict: true },
  ],
  ['github__github-mcp-server', 'issue_write', { operation: 'update', entity: 'issue', idArgument: 'issue_number', upsert: true }],
  ['github__github-mcp-server', 'search_issues', { operation: 'search', entity: 'issue' }],
  ['github__github-mcp-server', 'get_file_contents', { operation: 'read', entity: 'file', idArgument: 'path', strict: true }],
  [
    'github__github-mcp-server',
    'create_or_update_file',
    { operation: 'update', entity: 'file', idArgument: 'path', upsert: true, strict: false },
  ],
  ['github__github-mcp-server', 'delete_file', { operation: 'delete', entity: 'file', idArgument: 'path', strict: true }],
  ['github__github-mcp-server', 'create_branch', { operation: 'create', entity: 'branch', idArgument: 'branch' }],
  ['github__github-mcp-server', 'list_branches', { operation: 'list', entity: 'branch' }],
  ['github__github-mcp-server', 'fork_repository', { operation: 'create', entity: 'repository', idArgument: null }],
  ['github__github-mcp-server', 'add_issue_comment', { operation: 'create', entity: 'comment', idArgument: null }],
  [
    'github__github-mcp-server',
    'pull_request_read',
    { operation: 'read', entity: 'pull_request', idArgument: 'pullNumber', idField: 'number' },
  ],
  [
    'github__github-mcp-server',
    'merge_pull_request',
    { operation: 'update', entity: 'pull_request', sets: { state: 'merged', merged: true } },
  ],
  ['github__github-mcp-server', 'get_me', { operation: 'read', entity: 'me', idArgument: null, strict: false }],
  ['modelcontextprotocol__time', 'get_current_time', { operation: 'read', entity: 'current_time', strict: false }],
  ['modelcontextprotocol__time', 'convert_time', { operation: 'read', basis: 'annotations', strict: false }],
  ['modelcontextprotocol__redis', 'set', { operation: 'update', entity: 'item', idArgument: 'key', upsert: true }],
  ['modelcontextprotocol__redis', 'get', { operation: 'read', entity: 'item', idArgument: 'key', strict: true }],
  ['modelcontextprotocol__redis', 'delete', { operation: 'delete', entity: 'item', idArgument: 'key' }],
  ['modelcontextprotocol__redis', 'list', { operation: 'list', entity: 'item' }],
  ['modelcontextprotocol__filesystem', 'write_file', { operation: 'update', entity: 'file', idArgument: 'path', upsert: true }],
  ['modelcontextprotocol__filesystem', 'create_directory', { operation: 'create', entity: 'directory', idArgument: 'path' }],
  ['modelcontextprotocol__filesystem', 'directory_tree', { operation: 'read', basis: 'annotations', strict: false }],
  ['modelcontextprotocol__sqlite', 'describe_table', { operation: 'read', entity: 'table', idArgument: 'table_name', idField: 'name' }],
  ['modelcontextprotocol__memory', 'open_nodes', { operation: 'list', entity: 'node' }],
  ['makenotion__notion-mcp-server', 'API-post-search', { operation: 'search' }],
  ['makenotion__notion-mcp-server', 'API-post-page', { operation: 'create', entity: 'page' }],
  ['makenotion__notion-mcp-server', 'API-retrieve-a-page', { operation: 'read', entity: 'page', idArgument: 'page_id', idField: 'id' }],
  ['makenotion__notion-mcp-server', 'API-delete-a-block', { operation: 'delete', entity: 'block', idArgument: 'block_id' }],
  ['jerhadf__linear-mcp-server', 'linear_create_issue', { operation: 'create', entity: 'issue' }],
  ['jerhadf__linear-mcp-server', 'linear_update_issue', { operation: 'update', entity: 'issue', idArgument: 'id' }],
  ['firecrawl__firecrawl-mcp-server', 'firecrawl_monitor_create', { operation: 'create', entity: 'monitor' }],
  ['firecrawl__firecrawl-mcp-server', 'firecrawl_monitor_delete', { operation: 'delete', entity: 'monitor', idArgument: 'id' }],
  ['getsentry__sentry-mcp', 'find_projects', { operation: 'search', entity: 'project' }],
  ['microsoft__playwright-mcp', 'browser_click', { operation: 'other', basis: 'none' }],
  ['microsoft__playwright-mcp', 'browser_snapshot', { operation: 'read', basis: 'annotations' }],
  ['modelcontextprotocol__puppeteer', 'puppeteer_navigate', { operation: 'other' }],
  ['upstash__context7-mcp', 'resolve-library-id', { operation: 'read', basis: 'annotations', strict: false }],
];

/** The bundled scenarios' own servers, as their files declare them. */
const tracker: ToolDefinition[] = [
  { name: 'list_issues', inputSchema: { type: 'object', properties: { state: { type: 'string', enum: ['open', 'closed', 'all'] } } } },
  { name: 'get_issue', inputSchema: { type: 'object', properties: { number: { type: 'integer' } }, required: ['number'] } },
  {
    name: 'add_label',
    inputSchema: { type: 'object', properties: { number: { type: 'integer' }, label: { type: 'string' } }, required: ['number', 'label'] },
  },
  {
    name: 'close_issue',
    inputSchema: { type: 'object', properties: { number: { type: 'integer' }, reason: { type: 'string' } }, required: ['number'] },
  },
];
const crm: ToolDefinition[] = [
  {
    name: 'create_contact',
    inputSchema: { type: 'object', properties: { name: { type: 'string' }, email: { type: 'string' } }, required: ['name', 'email'] },
  },
  { name: 'find_contact', inputSchema: { type: 'object', properties: { email: { type: 'string' } }, required: ['email'] } },
];

describe('inferServerShapes over the demo catalog', () => {
  it.each(catalogCases)('%s %s', (file, tool, expected) => {
    const shape = inferServerShapes(catalogTools(file)).get(tool);
    expect(shape).toMatchObject(expected);
  });

  it('gives every tool of every catalog server a shape, the same on every run', () => {
    for (const file of readdirSync(catalogDirectory).filter((name) => name.endsWith('.json'))) {
      const tools = catalogTools(file.replace(/\.json$/, ''));
      const shapes = inferServerShapes(tools);
      expect([...shapes.keys()]).toEqual(tools.map((tool) => tool.name));
      expect(JSON.stringify([...inferServerShapes(tools)])).toBe(JSON.stringify([...shapes]));
    }
  });
});

describe('inferServerShapes over the bundled scenarios’ servers', () => {
  it('reads the tracker: a list, a strict read by number, a close that sets the state, a label added to the issue', () => {
    const shapes = inferServerShapes(tracker);
    expect(shapes.get('list_issues')).toMatchObject({ operation: 'list', entity: 'issue', idField: 'number', numericId: true });
    expect(shapes.get('get_issue')).toMatchObject({ operation: 'read', entity: 'issue', idArgument: 'number', strict: true });
    expect(shapes.get('close_issue')).toMatchObject({
      operation: 'update',
      entity: 'issue',
      idArgument: 'number',
      sets: { state: 'closed' },
    });
    expect(shapes.get('add_label')).toMatchObject({
      operation: 'update',
      entity: 'issue',
      idArgument: 'number',
      listField: { field: 'labels', argument: 'label', remove: false },
    });
  });

  it('reads find_contact as a strict read by field values', () => {
    const shapes = inferServerShapes(crm);
    expect(shapes.get('create_contact')).toMatchObject({ operation: 'create', entity: 'contact', idArgument: null });
    expect(shapes.get('find_contact')).toMatchObject({ operation: 'read', entity: 'contact', find: true, strict: true });
  });
});

describe('the per-call choice of a method argument', () => {
  const shapes = inferServerShapes(catalogTools('github__github-mcp-server'));

  it('picks create or update by issue_write’s method, with the issue’s numeric id', () => {
    const write = shapes.get('issue_write')!;
    expect(toCallShape(write, { method: 'create' })).toMatchObject({
      operation: 'create',
      entity: 'issue',
      idField: 'number',
      numericId: true,
    });
    expect(toCallShape(write, { method: 'update' })).toMatchObject({
      operation: 'update',
      entity: 'issue',
      idArgument: 'issue_number',
      strict: true,
    });
    expect(toCallShape(write, {})).toBe(write);
  });

  it('lists an issue’s comments for issue_read’s get_comments', () => {
    expect(toCallShape(shapes.get('issue_read')!, { method: 'get_comments' })).toMatchObject({
      operation: 'list',
      entity: 'comment',
      idArgument: null,
    });
  });
});

describe('verbs that are also nouns, and lifecycle verbs', () => {
  const tool = (name: string, properties: Record<string, unknown> = {}): ToolDefinition => ({
    name,
    inputSchema: { type: 'object', properties, required: Object.keys(properties) },
  });

  it('reads get_book as a read of a book, while post_search stays a search', () => {
    const shapes = inferServerShapes([tool('get_book', { id: { type: 'string' } }), tool('API-post-search')]);
    expect(shapes.get('get_book')).toMatchObject({ operation: 'read', entity: 'book', idArgument: 'id', strict: true });
    expect(shapes.get('API-post-search')).toMatchObject({ operation: 'search' });
  });

  it('reads pause, resume, cancel, finalize and transition as updates of the entity they name', () => {
    const id = { subscription_id: { type: 'string' } };
    const shapes = inferServerShapes(
      ['pause', 'resume', 'cancel', 'finalize', 'transition'].map((verb) => tool(`${verb}_subscription`, id)),
    );
    expect(shapes.get('pause_subscription')).toMatchObject({ operation: 'update', entity: 'subscription', sets: { state: 'paused' } });
    expect(shapes.get('resume_subscription')).toMatchObject({ operation: 'update', sets: { state: 'active' } });
    expect(shapes.get('finalize_subscription')).toMatchObject({ operation: 'update', sets: { state: 'finalized' } });
    expect(shapes.get('transition_subscription')).toMatchObject({ operation: 'update', idArgument: 'subscription_id', sets: {} });
  });

  it('takes a `gid` as an id (Asana)', () => {
    expect(inferServerShapes([tool('get_task', { task_gid: { type: 'string' } })]).get('get_task')).toMatchObject({
      idArgument: 'task_gid',
      idField: 'gid',
      strict: true,
    });
  });
});

describe('actions on one entity', () => {
  const tool = (name: string, properties: Record<string, unknown>, required = Object.keys(properties)): ToolDefinition => ({
    name,
    inputSchema: { type: 'object', properties, required },
  });

  it('names the entity an action acts on by its own required id, and nothing by another entity’s or an optional one', () => {
    const shapes = inferServerShapes([
      tool('get_gadget', { gadget_id: { type: 'string' } }),
      tool('ping_gadget', { gadget_id: { type: 'string' }, message: { type: 'string' } }),
      tool('reboot_gadget', { gadget_id: { type: 'string' }, force: { type: 'boolean' } }, ['force']),
      tool('summon_helper', { gadget_id: { type: 'string' } }),
    ]);
    expect(shapes.get('ping_gadget')).toMatchObject({ operation: 'other', entity: 'gadget', idArgument: 'gadget_id', strict: false });
    expect(shapes.get('reboot_gadget')).toMatchObject({ operation: 'other', idArgument: null });
    expect(shapes.get('summon_helper')).toMatchObject({ operation: 'other', idArgument: null });
  });
});

describe('overrides from a scenario', () => {
  const mailbox: ToolDefinition[] = [
    { name: 'send_email', inputSchema: { type: 'object', properties: { to: { type: 'string' } } } },
    { name: 'list_sent', inputSchema: { type: 'object', properties: {} } },
  ];

  it('wins over the name, and keeps inferring what it leaves out', () => {
    const inferred = inferServerShapes(mailbox);
    expect(inferred.get('list_sent')).toMatchObject({ operation: 'list', entity: 'sent' });
    const corrected = inferServerShapes(mailbox, { list_sent: { operation: 'list', entity: 'email' } });
    expect(corrected.get('list_sent')).toMatchObject({ operation: 'list', entity: 'email', basis: 'override' });
    expect(corrected.get('send_email')).toMatchObject({ operation: 'create', entity: 'email', basis: 'name' });
  });

  it('names the id argument, or none', () => {
    const tools: ToolDefinition[] = [
      { name: 'fetch_ticket', inputSchema: { type: 'object', properties: { ref: { type: 'string' } }, required: ['ref'] } },
    ];
    expect(inferServerShapes(tools, { fetch_ticket: { id: 'ref' } }).get('fetch_ticket')).toMatchObject({
      operation: 'read',
      entity: 'ticket',
      idArgument: 'ref',
      idField: 'ref',
      strict: true,
    });
    expect(inferServerShapes(tools, { fetch_ticket: { operation: 'create', id: null } }).get('fetch_ticket')).toMatchObject({
      operation: 'create',
      idArgument: null,
    });
  });
});

describe.skipIf(!hasSharedTools)(
  'inferServerShapes over the public data set’s 46 servers (skipped when ../shared/registry is absent)',
  () => {
    const cases: [string, string, Expected][] = [
      ['@okta__okta-mcp-server', 'get_application', { operation: 'read', entity: 'application', idArgument: 'app_id' }],
      ['@okta__okta-mcp-server', 'activate_application', { operation: 'update', entity: 'application', sets: { state: 'active' } }],
      ['@okta__okta-mcp-server', 'delete_brand', { operation: 'delete', entity: 'brand', idArgument: 'brand_id' }],
      ['@github__github-mcp-server', 'delete_repository', { operation: 'delete', entity: 'repository', idArgument: 'repo' }],
      ['@modelcontextprotocol__github', 'create_issue', { operation: 'create', entity: 'issue' }],
      ['@modelcontextprotocol__github', 'get_issue', { operation: 'read', entity: 'issue', idArgument: 'issue_number', numericId: true }],
    ];

    it.each(cases)('%s %s', (file, tool, expected) => {
      expect(inferServerShapes(sharedTools(file)).get(tool)).toMatchObject(expected);
    });

    it('classifies every one of the 704 tools, and names a verb for most of them', () => {
      let tools = 0;
      let named = 0;
      for (const file of readdirSync(sharedToolsDirectory).filter((name) => name.endsWith('.json') && name !== 'index.json')) {
        const definitions = sharedTools(file.replace(/\.json$/, ''));
        const shapes = inferServerShapes(definitions);
        expect(shapes.size).toBe(new Set(definitions.map((tool) => tool.name)).size);
        tools += definitions.length;
        named += [...shapes.values()].filter((shape) => shape.operation !== 'other').length;
      }
      expect(tools).toBe(704);
      expect(named / tools).toBeGreaterThan(0.75);
    });
  },
);
