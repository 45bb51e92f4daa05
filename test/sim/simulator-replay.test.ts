/**
 * Record once, replay many times: a 100-call session answered by a fake model and recorded as
 * fixtures, then replayed without a model on fresh platforms (fresh data directories), in-process
 * and over a socket. Replays must give the same bytes and rebuild the same world.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { MockLanguageModelV3 } from 'ai/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../src/domain/clock.js';
import type { WorldState } from '../../src/domain/memory-log.js';
import type { ModelOutput } from '../../src/sim/model/model-output.js';
import { createToolResults } from '../../src/sim/tool-results.js';
import type { ToolResultSource } from '../../src/sim/source/tool-result-source.js';
import { startHarness, testApiKey, type Door, type Harness } from '../support/harness.js';
import { readWorldSection } from '../support/prompt-world-reader.js';

const namespace = 'replay';
const connectionId = 'crm';
const secret = 'sekret-123';
const crm = {
  displayName: 'Acme CRM',
  description: 'Contacts and deals.',
  tools: [
    {
      name: 'create_contact',
      description: 'Create a contact.',
      inputSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      outputSchema: {
        type: 'object',
        properties: { id: { type: 'string' }, name: { type: 'string' } },
        required: ['id', 'name'],
        additionalProperties: false,
      },
    },
    {
      name: 'get_contact',
      description: 'Get a contact by id.',
      inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
    },
    { name: 'list_contacts', description: 'List contact ids.', inputSchema: { type: 'object', properties: {} } },
    {
      name: 'delete_contact',
      description: 'Delete a contact.',
      inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
    },
  ],
};

const contactId = (name: string) => `c_${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

/** A CRM played from the prompt alone: the "# This call" line and the world JSON. */
function answer(prompt: string): ModelOutput {
  const call = /^call #\d+(?: \(made before, [^)]*\))?: (\S+) (.*)$/m.exec(prompt);
  if (!call) throw new Error('the prompt has no "call #" line');
  const args = JSON.parse(call[2]!) as Record<string, string>;
  const world = readWorldSection(prompt)!;
  const contacts = world.entities.contact ?? {};
  const changes = {
    upserts: [] as ModelOutput['changes']['upserts'],
    deletes: [] as ModelOutput['changes']['deletes'],
    facts: [] as string[],
  };
  const fail = (text: string): ModelOutput => ({
    text,
    structuredContentJson: null,
    isError: true,
    changes: { ...changes, facts: [`${text}.`] },
  });
  const ok = (text: string, structured = false): ModelOutput => ({
    text,
    structuredContentJson: structured ? text : null,
    isError: false,
    changes,
  });
  switch (call[1]) {
    case 'create_contact': {
      const id = contactId(args.name!);
      changes.upserts.push({ type: 'contact', id, fieldsJson: JSON.stringify({ name: args.name }) });
      return ok(JSON.stringify({ id, name: args.name }), true);
    }
    case 'get_contact':
      return contacts[args.id!] ? ok(JSON.stringify({ id: args.id, ...contacts[args.id!] })) : fail(`no contact ${args.id}`);
    case 'delete_contact':
      if (!contacts[args.id!]) return fail(`no contact ${args.id}`);
      changes.deletes.push({ type: 'contact', id: args.id! });
      return ok(`deleted ${args.id}`);
    default:
      return ok(JSON.stringify({ ids: Object.keys(contacts) }));
  }
}

function createFakeModel() {
  return new MockLanguageModelV3({
    modelId: 'fake-1',
    doGenerate: async (options) => {
      const user = options.prompt[1];
      const prompt = user?.role === 'user' && user.content[0]?.type === 'text' ? user.content[0].text : '';
      return {
        content: [{ type: 'text', text: JSON.stringify(answer(prompt)) }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: {
          inputTokens: { total: 100, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
          outputTokens: { total: 10, text: undefined, reasoning: undefined },
        },
        warnings: [],
      };
    },
  });
}

/**
 * 100 calls: creates, reads of known and unknown ids, deletes, and many identical list and get
 * calls whose answers change as the world does (so fixtures must be keyed by occurrence).
 */
function script(): { name: string; arguments: Record<string, unknown> }[] {
  const steps: { name: string; arguments: Record<string, unknown> }[] = [{ name: 'list_contacts', arguments: {} }];
  for (let round = 0; round < 12; round++) {
    const name = `Mill ${round % 8}`;
    steps.push(
      { name: 'create_contact', arguments: { name } },
      { name: 'list_contacts', arguments: {} },
      { name: 'get_contact', arguments: { id: contactId(name) } },
      { name: 'get_contact', arguments: { id: 'c_mill-0' } },
      { name: 'get_contact', arguments: { id: `c_unknown-${round % 3}` } },
      { name: 'delete_contact', arguments: { id: contactId(`Mill ${(round + 5) % 8}`) } },
      { name: 'list_contacts', arguments: {} },
      // Invalid arguments: answered by validation, never recorded, replayed the same anyway.
      round % 4 === 0 ? { name: 'get_contact', arguments: {} } : { name: 'get_contact', arguments: { id: contactId(name) } },
    );
  }
  steps.push(
    { name: 'list_contacts', arguments: {} },
    { name: 'get_contact', arguments: { id: 'c_mill-1' } },
    { name: 'get_contact', arguments: { id: 'c_mill-7' } },
  );
  return steps;
}

interface Run {
  results: string[];
  /** The same, without `_meta["mcpsim/source"]` (model when recorded, fixture when replayed). */
  sourceless: string[];
  world: WorldState;
  worldJson: string;
}

const stripSource = (result: CallToolResult) => {
  const { 'mcpsim/source': _source, ...meta } = result._meta ?? {};
  return JSON.stringify({ ...result, _meta: meta });
};

async function connect(harness: Harness): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(`${harness.baseUrl}/connect/${namespace}/${connectionId}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${testApiKey}` } },
    ...(harness.door === 'in-process'
      ? { fetch: (url: string | URL, init?: RequestInit) => Promise.resolve(harness.platform.app.fetch(new Request(url, init))) }
      : {}),
  });
  const client = new Client({ name: 'mcpsim-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

/** A fresh platform (fresh data directory) whose mock connection gets the script; the harness stays open for more calls. */
async function runScript(door: Door, toolResults: ToolResultSource): Promise<Run & { harness: Harness; client: Client }> {
  const harness = await startHarness(door, { toolResults });
  expect((await harness.call('PUT', '/servers/@acme/crm', { body: crm })).status).toBe(201);
  expect((await harness.call('PUT', `/namespaces/${namespace}`)).status).toBeLessThan(300);
  const created = await harness.call('PUT', `/connect/${namespace}/${connectionId}`, {
    body: { server: '@acme/crm', mock: { enabled: true }, headers: { Authorization: `Bearer ${secret}` } },
  });
  expect(created.status).toBe(201);
  // An empty world, not the small one a new mock starts from: the script's lists count what its own calls make.
  const emptied = await harness.call('PUT', `/__mcpsim/connections/${namespace}/${connectionId}/simulation`, {
    body: { world: { entities: {}, facts: [] } },
  });
  expect(emptied.status).toBe(200);
  const client = await connect(harness);
  const results: CallToolResult[] = [];
  for (const step of script()) results.push((await client.callTool(step)) as CallToolResult);
  const memory = await harness.call('GET', `/__mcpsim/connections/${namespace}/${connectionId}/memory`);
  expect(memory.body.calls).toHaveLength(100);
  return {
    harness,
    client,
    results: results.map((result) => JSON.stringify(result)),
    sourceless: results.map(stripSource),
    world: memory.body.world,
    worldJson: JSON.stringify(memory.body.world),
  };
}

const filesUnder = (directory: string): string[] =>
  readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));

describe('recording a 100-call session and replaying it without a model', () => {
  let fixturesDir: string;
  let recorded: Run;
  const replays: (Run & { door: Door })[] = [];
  let last: { harness: Harness; client: Client } | undefined;

  beforeAll(async () => {
    fixturesDir = mkdtempSync(join(tmpdir(), 'mcpsim-sim-replay-'));
    const model = createFakeModel();
    const recording = await runScript(
      'in-process',
      createToolResults({
        fixturesDir,
        model: { model, modelId: 'fake-1' },
        record: true,
        clock: createManualClock('2026-02-01T00:00:00.000Z'),
      }),
    );
    recorded = recording;
    await recording.client.close();
    await recording.harness.close();
    // Each replay: a fresh platform, fixtures only. Doors alternate: the bytes must not depend on them.
    for (const door of ['in-process', 'socket', 'in-process'] as const) {
      const run = await runScript(door, createToolResults({ fixturesDir }));
      replays.push({ ...run, door });
      if (last) {
        await last.client.close();
        await last.harness.close();
      }
      last = run;
    }
  }, 60_000);
  afterAll(async () => {
    await last?.client.close();
    await last?.harness.close();
    rmSync(fixturesDir, { recursive: true, force: true });
  });

  it('records a session whose repeated calls get different answers and whose results come from the model', () => {
    const results = recorded.results.map((text) => JSON.parse(text) as CallToolResult);
    const sources = new Set(results.map((result) => result._meta?.['mcpsim/source']));
    expect(sources).toEqual(new Set(['model', 'validation']));
    // The first list (empty world) and the one after the first create differ: occurrence matters.
    const lists = results
      .filter((_, index) => script()[index]!.name === 'list_contacts')
      .map((result) => (result.content[0] as { text: string }).text);
    expect(lists[0]).toBe('{"ids":[]}');
    expect(lists[1]).toBe('{"ids":["c_mill-0"]}');
    expect(new Set(lists).size).toBeGreaterThan(3);
    expect(results.some((result) => result.isError && result._meta?.['mcpsim/source'] === 'model')).toBe(true);
    expect(Object.keys(recorded.world.entities.contact ?? {}).length).toBeGreaterThan(0);
  });

  it('replays all 100 results byte for byte, three times over, as fixtures', () => {
    expect(replays).toHaveLength(3);
    const [first, ...others] = replays;
    for (const other of others) expect(other.results).toEqual(first!.results);
    const sources = new Set(first!.results.map((text) => (JSON.parse(text) as CallToolResult)._meta?.['mcpsim/source']));
    expect(sources).toEqual(new Set(['fixture', 'validation']));
  });

  it('replays the recorded results, sequences included (only the source in _meta differs)', () => {
    for (const replay of replays) expect(replay.sourceless).toEqual(recorded.sourceless);
  });

  it('rebuilds the recorded world on every replay, from the world changes the fixtures carry', () => {
    for (const replay of replays) {
      expect(replay.world).toEqual(recorded.world);
      expect(replay.worldJson).toBe(recorded.worldJson);
    }
  });

  it("never writes the connection's stored header value into a fixture", () => {
    const files = filesUnder(fixturesDir);
    expect(files.length).toBe(4);
    for (const file of files) expect(readFileSync(file, 'utf8')).not.toContain(secret);
  });

  it('answers a call the recording never made with an isError result naming the tool, the arguments and how to record it', async () => {
    const result = (await last!.client.callTool({ name: 'get_contact', arguments: { id: 'c_never-recorded' } })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(result._meta).toEqual({ 'mcpsim/source': 'fixture-miss', 'mcpsim/sequence': 101 });
    const text = (result.content[0] as { text: string }).text;
    expect(text).toContain('@acme/crm.get_contact');
    expect(text).toContain('{"id":"c_never-recorded"}');
    expect(text).toContain('record it with: mcpsim serve --record');
    expect(text).toContain(join(fixturesDir, 'acme__crm', 'get_contact.json'));
  });
});
