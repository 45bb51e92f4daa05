/**
 * The contract between the service model's consumers: for one tool of each kind, what `mcpsim
 * explain --json` says, the `_meta["mcpsim/operation"]` of a real call over MCP (the SDK client
 * through `app.fetch`, a real SQLite file, no model, no fixture) and what the simulator answers
 * agree. Tools written for this test.
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
import { readServer } from '../../src/reading/read-server.js';
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
];

type Explained = { tool: string; operation: string; entity: string; idArgument: string | null; basis: string; nextId: string | null };

let harness: Harness;
let client: Client;
let explained: Map<string, Explained>;
/** The tools as the registry holds them: what the simulator reads. */
let registered: ToolDefinition[];

beforeAll(async () => {
  const file = join(scratch, 'notes.json');
  writeFileSync(file, JSON.stringify({ tools }));
  let stdout = '';
  const io: CliIo = { stdout: (text) => void (stdout += text), stderr: () => {}, env: {}, onShutdownSignal: () => {} };
  expect(await main(['explain', '--json', file], io)).toBe(0);
  const [connection] = (JSON.parse(stdout) as { connections: { tools: Explained[] }[] }).connections;
  explained = new Map(connection!.tools.map((tool) => [tool.tool, tool]));

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
    content: { type: string; text: string }[];
    isError?: boolean;
    _meta?: Record<string, unknown>;
  };
  const said = explained.get(name)!;
  expect(result._meta?.['mcpsim/operation'], name).toEqual({
    operation: said.operation,
    entity: said.entity,
    idArgument: said.idArgument,
    basis: said.basis,
  });
  const text = result.content[0]?.text ?? '';
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // a plain-text answer
  }
  return { isError: result.isError === true, text, json: json as Record<string, unknown> | null };
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
    // A new mock starts from a small world made from its tools (sim/stateful/starting-world.ts), which
    // explain of a bare server does not hold: the id foretold is the model's next one in the mock's world.
    const { world } = (await harness.call('GET', '/__mcpsim/connections/lab/notes/memory')).body as { world: WorldState };
    const foretold = readServer(registered, { serverNames: ['@qa/notes', ''] }).readingsIn(world)[0]!;
    expect(foretold).toMatchObject({ tool: 'create_note', operation: explained.get('create_note')!.operation });
    const created = await callAgreeing('create_note', { title: 'Buy flour' });
    expect(created.isError).toBe(false);
    const id = String(created.json?.id);
    expect(id).toBe(foretold.nextId);
    expect(id.replace(/\d+$/, '')).toBe(explained.get('create_note')!.nextId!.replace(/\d+$/, ''));

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
});
