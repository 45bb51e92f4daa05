/**
 * The contract between the service model's consumers: for one tool of each kind, what `mcpsim
 * explain --json` says (each tool's reading and each entity type's id traits), the
 * `_meta["mcpsim/operation"]` of a real call over MCP (the SDK client through `app.fetch`, a real
 * SQLite file, no model, no fixture) and what the simulator answers agree. Tools written for this test.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import type { CliIo } from '../../src/cli/io.js';
import type { WorldState } from '../../src/domain/memory-log.js';
import type { ToolDefinition } from '../../src/domain/registry.js';
import { readServer, type EntityType } from '../../src/reading/read-server.js';
import { createToolResults } from '../../src/sim/tool-results.js';
import { startHarness, testApiKey, type Harness } from '../support/harness.js';

const scratch = mkdtempSync(join(tmpdir(), 'mcpsim-reading-contract-'));
const object = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties, required });
const noteId = { note_id: { type: 'string' } };

/** A notes service: one tool of each kind. */
const tools = [
  { name: 'create_note', inputSchema: object({ title: { type: 'string' }, body: { type: 'string' } }, ['title']) },
  { name: 'get_note', inputSchema: object(noteId, ['note_id']) },
  { name: 'list_notes', inputSchema: object({ status: { type: 'string' }, limit: { type: 'integer' } }) },
  { name: 'update_note', inputSchema: object({ ...noteId, title: { type: 'string' } }, ['note_id']) },
  { name: 'archive_note', inputSchema: object(noteId, ['note_id']) },
  { name: 'delete_note', inputSchema: object(noteId, ['note_id']) },
  { name: 'get_me', description: 'The signed-in user', inputSchema: object({}) },
  { name: 'get_current_time', description: 'The current time', inputSchema: object({ timezone: { type: 'string' } }) },
  { name: 'search_notes', inputSchema: object({ query: { type: 'string' } }, ['query']) },
  { name: 'create_folder', inputSchema: object({ name: { type: 'string' } }, ['name']) },
  { name: 'get_folder', inputSchema: object({ folder_id: { type: 'string' } }, ['folder_id']) },
  { name: 'move_note', inputSchema: object({ ...noteId, folder_id: { type: 'string' } }, ['note_id', 'folder_id']) },
  { name: 'set_note_status', inputSchema: object({ ...noteId, target_status: { type: 'string' } }, ['note_id', 'target_status']) },
  { name: 'create_notes', inputSchema: object({ notes: { type: 'array', items: { type: 'object' } } }, ['notes']) },
  { name: 'ring_bell', inputSchema: object({ tone: { type: 'string' } }) },
  { name: 'ping_notes', description: "Returns 'pong' as plain text", inputSchema: object({}) },
  { name: 'notes_weather', description: 'The weather where the notes are kept', inputSchema: object({ city: { type: 'string' } }) },
  { name: 'get_notes_health', description: 'Returns GREEN, YELLOW, or RED', inputSchema: object({}) },
  { name: 'navigate', inputSchema: object({ page: { type: 'string' } }, ['page']) },
  { name: 'get_page', inputSchema: object({}) },
  { name: 'fetch_url', inputSchema: object({ url: { type: 'string' } }, ['url']) },
  { name: 'take_screenshot', inputSchema: object({ url: { type: 'string' } }) },
  // Labels read by `id: string` and moved by `label_id: integer`; notebooks made by a slug and read by id.
  { name: 'create_label', inputSchema: object({ name: { type: 'string' } }, ['name']) },
  { name: 'get_label', inputSchema: object({ id: { type: 'string' } }, ['id']) },
  { name: 'rename_label', inputSchema: object({ label_id: { type: 'integer' }, name: { type: 'string' } }, ['label_id', 'name']) },
  { name: 'delete_label', inputSchema: object({ label_id: { type: 'integer' } }, ['label_id']) },
  { name: 'create_notebook', inputSchema: object({ slug: { type: 'string' } }, ['slug']) },
  { name: 'get_notebook', inputSchema: object({ id: { type: 'string' } }, ['id']) },
];

type Explained = {
  tool: string;
  kind: string;
  operation: string;
  entity: string;
  idArgument: string | null;
  basis: string;
  nextId: string | null;
  why: { kind: string };
};

let harness: Harness;
let client: Client;
let explained: Map<string, Explained>;
let explainedTypes: Map<string, EntityType>;
/** The tools as the registry holds them: what the simulator reads. */
let registered: ToolDefinition[];

beforeAll(async () => {
  const file = join(scratch, 'notes.json');
  writeFileSync(file, JSON.stringify({ tools }));
  let stdout = '';
  const io: CliIo = { stdout: (text) => void (stdout += text), stderr: () => {}, env: {}, onShutdownSignal: () => {} };
  expect(await main(['explain', '--json', file], io)).toBe(0);
  const [connection] = (JSON.parse(stdout) as { connections: { tools: Explained[]; entityTypes: EntityType[] }[] }).connections;
  explained = new Map(connection!.tools.map((tool) => [tool.tool, tool]));
  explainedTypes = new Map(connection!.entityTypes.map((type) => [type.name, type]));

  harness = await startHarness('in-process', { toolResults: createToolResults({ fixturesDir: scratch, missPolicy: 'simulate' }) });
  await harness.call('PUT', '/namespaces/lab');
  expect((await harness.call('PUT', '/__mcpsim/servers/@qa/notes', { body: { tools } })).status).toBeLessThan(300);
  await harness.call('PUT', '/connect/lab/notes', { body: { server: '@qa/notes', mock: { enabled: true } } });
  registered = (await harness.call('GET', '/servers/@qa/notes')).body.tools as ToolDefinition[];
  const transport = new StreamableHTTPClientTransport(new URL(`${harness.baseUrl}/connect/lab/notes/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${testApiKey}` } },
    fetch: (url: string | URL, init?: RequestInit) => Promise.resolve(harness.platform.app.fetch(new Request(url, init))),
  });
  client = new Client({ name: 'mcpsim-contract', version: '1.0.0' });
  await client.connect(transport);
});

afterAll(async () => {
  await client?.close();
  await harness?.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** Calls a tool over MCP; checks its `_meta["mcpsim/operation"]` against what explain said; answers the result's text and JSON. */
async function callAgreeing(name: string, args: Record<string, unknown>) {
  const result = (await client.callTool({ name, arguments: args })) as {
    content: { type: string; text: string; mimeType?: string }[];
    isError?: boolean;
    _meta?: Record<string, unknown>;
  };
  const said = explained.get(name)!;
  expect(result._meta?.['mcpsim/operation'], name).toEqual({
    operation: said.operation,
    entity: said.entity,
    idArgument: said.idArgument,
    basis: said.basis,
    kind: said.kind,
    reason: said.why.kind,
  });
  const text = result.content.find((part) => part.type === 'text')?.text ?? '';
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // a plain-text answer
  }
  return { isError: result.isError === true, text, json: json as Record<string, unknown> | null, content: result.content };
}

describe('what explain says is what the simulator does', () => {
  it('reads one tool of each kind as its name says', () => {
    const kinds = Object.fromEntries([...explained].map(([name, tool]) => [name, `${tool.operation} ${tool.entity} ${tool.idArgument}`]));
    expect(kinds).toMatchObject({
      create_note: 'create note null',
      get_note: 'read note note_id',
      list_notes: 'list note null',
      update_note: 'update note note_id',
      archive_note: 'update note note_id',
      delete_note: 'delete note note_id',
    });
  });

  it('creates, reads, lists, updates, moves the state of and deletes as explained, with the ids explain foretold', async () => {
    // A new mock starts from a small world made from its tools (sim/stateful/starting-world.ts), whose
    // example ids explain reads too (reading/starting-ids.ts): the id it foretells is the one the mock makes.
    const { world } = (await harness.call('GET', '/__mcpsim/connections/lab/notes/memory')).body as { world: WorldState };
    expect(Object.keys(world.entities.note ?? {})).toHaveLength(1);
    const created = await callAgreeing('create_note', { title: 'Buy flour' });
    expect(created.isError).toBe(false);
    const id = String(created.json?.id);
    expect(id).toBe(explained.get('create_note')!.nextId);
    expect(id).toBe(readServer(registered, { serverNames: ['@qa/notes', ''] }).readingsIn(world)[0]!.nextId);

    expect((await callAgreeing('get_note', { note_id: id })).json).toMatchObject({ id, title: 'Buy flour' });
    expect(JSON.stringify((await callAgreeing('list_notes', {})).json)).toContain('Buy flour');

    await callAgreeing('update_note', { note_id: id, title: 'Buy rye flour' });
    expect((await callAgreeing('get_note', { note_id: id })).json).toMatchObject({ title: 'Buy rye flour' });

    expect((await callAgreeing('archive_note', { note_id: id })).isError).toBe(false);
    const archived = (await callAgreeing('get_note', { note_id: id })).json!;
    expect(JSON.stringify(archived)).toMatch(/archived/);

    expect((await callAgreeing('delete_note', { note_id: id })).isError).toBe(false);
    const gone = await callAgreeing('get_note', { note_id: id });
    expect(gone.isError).toBe(true);
    expect(gone.text).toContain(id);
  });

  it('answers an unknown id with a not-found, as explain says of a strict read', async () => {
    expect(explained.get('get_note')!).toMatchObject({ idArgument: 'note_id' });
    const missing = await callAgreeing('get_note', { note_id: 'note_999' });
    expect(missing.isError).toBe(true);
  });

  it('answers the current user and the clock the same each time, as the reads explain names', async () => {
    const me = await callAgreeing('get_me', {});
    expect(me.isError).toBe(false);
    expect((await callAgreeing('get_me', {})).text).toBe(me.text);
    const time = await callAgreeing('get_current_time', { timezone: 'UTC' });
    expect(time.isError).toBe(false);
    expect(time.text).toMatch(/2026-01-01/);
  });

  it('reads each tool as the kind the simulator answers it as', () => {
    const kinds = Object.fromEntries([...explained].map(([name, tool]) => [name, tool.kind]));
    expect(kinds).toEqual({
      create_note: 'create',
      get_note: 'read',
      list_notes: 'list',
      update_note: 'update',
      archive_note: 'transition',
      delete_note: 'delete',
      get_me: 'current user',
      get_current_time: 'clock',
      search_notes: 'search',
      create_folder: 'create',
      get_folder: 'read',
      move_note: 'move',
      set_note_status: 'transition',
      create_notes: 'batch',
      ring_bell: 'action',
      ping_notes: 'described text',
      notes_weather: 'computed value',
      get_notes_health: 'described value',
      navigate: 'action',
      get_page: 'read-back',
      fetch_url: 'web page',
      take_screenshot: 'screenshot',
      create_label: 'create',
      get_label: 'read',
      rename_label: 'update',
      delete_label: 'delete',
      create_notebook: 'create',
      get_notebook: 'read',
    });
  });

  it('answers each kind as explain says: a move, a transition, a batch, a search', async () => {
    const folder = (await callAgreeing('create_folder', { name: 'Kitchen' })).json!;
    const note = (await callAgreeing('create_note', { title: 'Knead dough' })).json!;
    const moved = await callAgreeing('move_note', { note_id: note.id, folder_id: folder.id });
    expect(moved.isError).toBe(false);
    expect((await callAgreeing('get_note', { note_id: note.id })).json).toMatchObject({ folder_id: folder.id });
    await callAgreeing('set_note_status', { note_id: note.id, target_status: 'done' });
    expect((await callAgreeing('get_note', { note_id: note.id })).json).toMatchObject({ status: 'done' });
    const batch = (await callAgreeing('create_notes', { notes: [{ title: 'Proof' }, { title: 'Bake' }] })).json!;
    expect(JSON.stringify(batch)).toMatch(/Proof.*Bake/);
    expect(JSON.stringify((await callAgreeing('search_notes', { query: 'Knead' })).json)).toContain('Knead dough');
  });

  it('answers an action, a described text, a computed value and a described value as explain says', async () => {
    expect((await callAgreeing('ring_bell', { tone: 'C' })).text).toBe('Done: ring_bell {"tone":"C"}');
    expect((await callAgreeing('ping_notes', {})).text).toBe('pong');
    expect((await callAgreeing('notes_weather', { city: 'Lyon' })).json).toMatchObject({ city: 'Lyon', weather: expect.any(String) });
    expect((await callAgreeing('get_notes_health', {})).json).toMatchObject({ health: 'GREEN' });
  });

  it('reads back the value given last, answers a web page and a screenshot as explain says', async () => {
    await callAgreeing('navigate', { page: 'recipes/bread' });
    expect((await callAgreeing('get_page', {})).text).toBe('recipes/bread');
    const page = await callAgreeing('fetch_url', { url: 'https://notes.test/bread' });
    expect(page.json).toMatchObject({ title: expect.any(String), content: expect.stringContaining('#') });
    const shot = await callAgreeing('take_screenshot', { url: 'https://notes.test/bread' });
    expect(shot.content[0]).toMatchObject({ type: 'image', mimeType: 'image/png' });
    expect(shot.text).toBe('Screenshot of https://notes.test/bread (320×200).');
  });

  it("keys and types records as explain's entity types say: the id type an argument declares, ids the service gives", async () => {
    const label = explainedTypes.get('label')!;
    expect(label).toMatchObject({ idField: 'id', numericId: false, idFrom: { type: 'declared' } });
    const made = (await callAgreeing('create_label', { name: 'Urgent' })).json!;
    expect(typeof made[label.idField]).toBe(label.numericId ? 'number' : 'string');

    const notebook = explainedTypes.get('notebook')!;
    expect(notebook.assignedId).toBe(true);
    const recipes = (await callAgreeing('create_notebook', { slug: 'recipes' })).json!;
    expect(recipes).toMatchObject({ slug: 'recipes' });
    expect(recipes[notebook.idField]).not.toBe('recipes');
    expect((await callAgreeing('get_notebook', { id: recipes[notebook.idField] })).json).toMatchObject({ slug: 'recipes' });
  });
});
