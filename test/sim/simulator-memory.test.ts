/**
 * The simulator's memory, end to end: a model-backed mock connection answered through the real
 * MCP endpoint (the SDK's Client, in-process and over a socket), with a deterministic fake model
 * that answers from the prompt it is given. What the fake can see is exactly what the prompt
 * carries, so these tests prove what the simulator shows the model and what it remembers.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { MockLanguageModelV3 } from 'ai/test';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CallLogEntry, WorldState } from '../../src/domain/memory-log.js';
import type { ModelOutput } from '../../src/sim/model/model-output.js';
import { createToolResults } from '../../src/sim/tool-results.js';
import { doors, startHarness, testApiKey, testStart, type Harness } from '../support/harness.js';
import { readWorldSection } from '../support/prompt-world-reader.js';

const namespace = 'sim';
const scenario = 'A bakery chain keeps its flour and grain suppliers here.';
const crm = {
  displayName: 'Acme CRM',
  description: 'Contacts and deals.',
  tools: [
    {
      name: 'create_contact',
      description: 'Create a contact.',
      inputSchema: { type: 'object', properties: { name: { type: 'string' }, email: { type: 'string' } }, required: ['name'] },
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
  ],
};

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const contactId = (name: string) => `c_${slug(name)}`;

/** The user text of a doGenerate call (the prompt is [system, user]). */
function promptText(model: MockLanguageModelV3, index: number): string {
  const user = model.doGenerateCalls[index]?.prompt[1];
  if (user?.role !== 'user' || user.content[0]?.type !== 'text') throw new Error(`doGenerate call ${index} has no user text`);
  return user.content[0].text;
}

/**
 * A CRM as a pure function of the prompt: the call comes from the "# This call" line, the data
 * from the world JSON. create_contact upserts `c_<slug>`; get_contact answers from the world or
 * fails with "no contact <id>"; list_contacts lists the ids the prompt shows.
 */
function answer(prompt: string): ModelOutput {
  const call = /^call #\d+(?: \(made before, [^)]*\))?: (\S+) (.*)$/m.exec(prompt);
  if (!call) throw new Error('the prompt has no "call #" line');
  const [, tool, argumentsJson] = call;
  const args = JSON.parse(argumentsJson!) as Record<string, string>;
  const world = readWorldSection(prompt)!;
  const contacts = world.entities.contact ?? {};
  const none = { upserts: [], deletes: [], facts: [] };
  if (tool === 'create_contact') {
    const id = contactId(args.name!);
    const fields = { name: args.name, email: args.email ?? `${slug(args.name!)}@example.org` };
    const created = JSON.stringify({ id, name: args.name });
    return {
      text: created,
      structuredContentJson: created,
      isError: false,
      changes: { upserts: [{ type: 'contact', id, fieldsJson: JSON.stringify(fields) }], deletes: [], facts: [] },
    };
  }
  if (tool === 'get_contact') {
    const fields = contacts[args.id!];
    if (!fields)
      return {
        text: `no contact ${args.id}`,
        structuredContentJson: null,
        isError: true,
        changes: { ...none, facts: [`There is no contact ${args.id}.`] },
      };
    return { text: JSON.stringify({ id: args.id, ...fields }), structuredContentJson: null, isError: false, changes: none };
  }
  return { text: JSON.stringify({ ids: Object.keys(contacts) }), structuredContentJson: null, isError: false, changes: none };
}

/** The fake model, with a settable delay and a count of calls in flight at once. */
function createFakeModel() {
  const state = { delayMs: 0, inFlight: 0, maxInFlight: 0 };
  const model = new MockLanguageModelV3({
    modelId: 'fake-1',
    doGenerate: async (options) => {
      state.inFlight += 1;
      state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
      try {
        if (state.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
        const user = options.prompt[1];
        const prompt = user?.role === 'user' && user.content[0]?.type === 'text' ? user.content[0].text : '';
        const text = JSON.stringify(answer(prompt));
        return {
          content: [{ type: 'text', text }],
          finishReason: { unified: 'stop', raw: 'stop' },
          usage: {
            inputTokens: { total: Math.ceil(prompt.length / 4), noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
            outputTokens: { total: Math.ceil(text.length / 4), text: undefined, reasoning: undefined },
          },
          warnings: [],
        };
      } finally {
        state.inFlight -= 1;
      }
    },
  });
  return { model, state };
}

const firstText = (result: unknown) => ((result as CallToolResult).content[0] as { text: string }).text;
const sequenceOf = (result: unknown) => (result as CallToolResult)._meta?.['mcpsim/sequence'] as number;

describe.each(doors)('a model-backed mock connection and its memory (%s)', (door) => {
  const fake = createFakeModel();
  let harness: Harness;
  let fixturesDir: string;
  const clients: Client[] = [];

  beforeAll(async () => {
    fixturesDir = mkdtempSync(join(tmpdir(), 'mcpsim-sim-memory-'));
    harness = await startHarness(door, {
      toolResults: createToolResults({ fixturesDir, model: { model: fake.model, modelId: 'fake-1' } }),
    });
    expect((await harness.call('PUT', '/servers/@acme/crm', { body: crm })).status).toBe(201);
    expect((await harness.call('PUT', `/namespaces/${namespace}`)).status).toBeLessThan(300);
  });
  beforeEach(() => {
    Object.assign(fake.state, { delayMs: 0, maxInFlight: 0 });
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });
  afterAll(async () => {
    await harness.close();
    rmSync(fixturesDir, { recursive: true, force: true });
  });

  async function createConnection(id: string) {
    expect(
      (await harness.call('PUT', `/connect/${namespace}/${id}`, { body: { server: '@acme/crm', mock: { enabled: true, scenario } } }))
        .status,
    ).toBe(201);
  }

  async function connect(id: string): Promise<Client> {
    const send = (request: Request) => (door === 'socket' ? fetch(request) : Promise.resolve(harness.platform.app.fetch(request)));
    const transport = new StreamableHTTPClientTransport(new URL(`${harness.baseUrl}/connect/${namespace}/${id}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${testApiKey}` } },
      ...(door === 'in-process' ? { fetch: (url: string | URL, init?: RequestInit) => send(new Request(url, init)) } : {}),
    });
    const client = new Client({ name: 'mcpsim-test', version: '1.0.0' });
    await client.connect(transport);
    clients.push(client);
    return client;
  }

  async function memoryOf(id: string): Promise<{ world: WorldState; calls: CallLogEntry[]; nextSequence: number }> {
    const response = await harness.call('GET', `/__mcpsim/connections/${namespace}/${id}/memory`);
    expect(response.status).toBe(200);
    return response.body;
  }

  it('shows each call the scenario, the tool schema, and the world and calls before it', async () => {
    await createConnection('prompt');
    const client = await connect('prompt');
    const start = fake.model.doGenerateCalls.length;
    await client.callTool({ name: 'create_contact', arguments: { name: 'Millstone Flour' } });
    await client.callTool({ name: 'create_contact', arguments: { name: 'Rye & Co', email: 'hello@rye.example' } });
    const got = await client.callTool({ name: 'get_contact', arguments: { id: 'c_millstone-flour' } });
    const [first, second, third] = [0, 1, 2].map((offset) => promptText(fake.model, start + offset));
    const registered = (await harness.call('GET', '/servers/@acme/crm')).body.tools as typeof crm.tools;

    expect(first).toContain(`# Scenario\n${scenario}`);
    expect(first).toContain(`inputSchema: ${JSON.stringify(registered[0]!.inputSchema)}`);
    expect(first).toContain(`outputSchema: ${JSON.stringify(registered[0]!.outputSchema)}`);
    expect(first).toContain('{"entities":{},"facts":[]}');
    expect(first).toContain('(none: this is the first call)');

    expect(second).toContain(
      '{"entities":{"contact":{"c_millstone-flour":{"name":"Millstone Flour","email":"millstone-flour@example.org"}}},"facts":[]}',
    );
    expect(second).toMatch(
      /#1 \S+ create_contact \{"name":"Millstone Flour"\} -> ok: \{"id":"c_millstone-flour","name":"Millstone Flour"\}/,
    );
    expect(second).toContain(`# Scenario\n${scenario}`);

    expect(third).toContain('"c_millstone-flour":{"name":"Millstone Flour","email":"millstone-flour@example.org"}');
    expect(third).toContain('"c_rye-co":{"name":"Rye & Co","email":"hello@rye.example"}');
    expect(third).toContain(`inputSchema: ${JSON.stringify(registered[1]!.inputSchema)}`);
    expect(third).toContain('outputSchema: none');
    expect(third).toContain('call #3: get_contact {"id":"c_millstone-flour"}');
    expect(JSON.parse(firstText(got))).toEqual({ id: 'c_millstone-flour', name: 'Millstone Flour', email: 'millstone-flour@example.org' });
  });

  it('keeps an entity created by call 1 unchanged in the world and in the prompt after 50 more calls', async () => {
    await createConnection('long');
    const client = await connect('long');
    const millstone = { name: 'Millstone Flour', email: 'orders@millstone.example' };
    await client.callTool({ name: 'create_contact', arguments: millstone });
    for (let index = 0; index < 50; index++) {
      if (index % 2 === 0) await client.callTool({ name: 'create_contact', arguments: { name: `Supplier ${index}` } });
      else
        await client.callTool({
          name: index % 4 === 1 ? 'list_contacts' : 'get_contact',
          arguments: index % 4 === 1 ? {} : { id: `c_supplier-${index - 1}` },
        });
    }

    const memory = await memoryOf('long');
    expect(memory.calls).toHaveLength(51);
    expect(memory.nextSequence).toBe(52);
    expect(Object.keys(memory.world.entities.contact ?? {})).toHaveLength(26);
    expect(memory.world.entities.contact?.['c_millstone-flour']).toEqual(millstone);
    // Call 51 is about another contact: the world shown is capped, but the old one is still named as existing.
    expect(promptText(fake.model, fake.model.doGenerateCalls.length - 1)).toContain('c_millstone-flour');

    const again = await client.callTool({ name: 'get_contact', arguments: { id: 'c_millstone-flour' } });
    expect(again.isError).toBeFalsy();
    expect(JSON.parse(firstText(again))).toEqual({ id: 'c_millstone-flour', ...millstone });
    expect(promptText(fake.model, fake.model.doGenerateCalls.length - 1)).toContain(`"c_millstone-flour":${JSON.stringify(millstone)}`);
    expect(sequenceOf(again)).toBe(52);
  });

  it('marks results as model-made with increasing sequences, and logs source, model id, usage and latency', async () => {
    await createConnection('meta');
    const client = await connect('meta');
    fake.state.delayMs = 20;
    const start = fake.model.doGenerateCalls.length;
    const results = [
      await client.callTool({ name: 'create_contact', arguments: { name: 'Oat Mill' } }),
      await client.callTool({ name: 'get_contact', arguments: { id: 'c_oat-mill' } }),
      await client.callTool({ name: 'get_contact', arguments: { id: 'c_missing' } }),
    ];
    // The REST door runs the same pipeline and continues the same sequence.
    const rest = await harness.call('POST', `/connect/${namespace}/meta/.tools/list_contacts`, { body: {} });
    expect(rest.status).toBe(200);
    results.push(rest.body);

    expect(results.map((result) => (result as CallToolResult)._meta)).toEqual(
      [1, 2, 3, 4].map((sequence) => ({ 'mcpsim/source': 'model', 'mcpsim/sequence': sequence })),
    );
    expect(results[2]).toMatchObject({ isError: true, content: [{ type: 'text', text: 'no contact c_missing' }] });

    const { calls, world } = await memoryOf('meta');
    expect(calls.map((entry) => entry.sequence)).toEqual([1, 2, 3, 4]);
    calls.forEach((entry, index) => {
      const prompt = promptText(fake.model, start + index);
      const answered = JSON.stringify(answer(prompt));
      expect(entry).toMatchObject({ source: 'model', model: 'fake-1', at: testStart, result: results[index] });
      expect(entry.usage).toEqual({ inputTokens: Math.ceil(prompt.length / 4), outputTokens: Math.ceil(answered.length / 4) });
      expect(entry.latencyMs).toBeGreaterThanOrEqual(15);
    });
    expect(world.facts).toEqual(['There is no contact c_missing.']);
  });

  it('gives 20 concurrent calls on one connection sequences 1 to 20, each seeing all the calls before it', async () => {
    await createConnection('burst');
    const client = await connect('burst');
    fake.state.delayMs = 5;
    const start = fake.model.doGenerateCalls.length;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) => client.callTool({ name: 'create_contact', arguments: { name: `Burst ${index}` } })),
    );

    expect(results.map(sequenceOf).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    expect(fake.state.maxInFlight).toBe(1);
    const { calls, world } = await memoryOf('burst');
    expect(calls.map((entry) => entry.sequence)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    for (const result of results) expect(calls[sequenceOf(result) - 1]!.result).toEqual(result);
    expect(Object.keys(world.entities.contact ?? {})).toHaveLength(20);
    for (let index = 1; index < 20; index++) {
      const prompt = promptText(fake.model, start + index);
      expect(prompt).toContain(`call #${index + 1}: create_contact`);
      expect(prompt).toContain(` of ${index} earlier calls (`);
    }
  });

  it('runs calls on two connections at the same time', async () => {
    await createConnection('left');
    await createConnection('right');
    const [left, right] = await Promise.all([connect('left'), connect('right')]);
    const delayMs = 250;
    const perConnection = 3;
    fake.state.delayMs = delayMs;
    const started = performance.now();
    const results = await Promise.all(
      [left, right].flatMap((client, side) =>
        Array.from({ length: perConnection }, (_, index) =>
          client.callTool({ name: 'create_contact', arguments: { name: `Side ${side} ${index}` } }),
        ),
      ),
    );
    const elapsed = performance.now() - started;

    expect(results.every((result) => result._meta?.['mcpsim/source'] === 'model')).toBe(true);
    // The two connections side by side (two model calls in flight at once, never more), one at a
    // time per connection (at least 3 delays). Overlap is counted, not timed: a loaded machine
    // stretches wall-clock time, but cannot put a third call in flight.
    expect(fake.state.maxInFlight).toBe(2);
    expect(elapsed).toBeGreaterThanOrEqual(perConnection * delayMs * 0.9);
    for (const id of ['left', 'right']) expect((await memoryOf(id)).calls.map((entry) => entry.sequence)).toEqual([1, 2, 3]);
  });

  it('drops the memory with its connection; a new connection with the same id starts at sequence 1', async () => {
    await createConnection('gone');
    const before = await connect('gone');
    await before.callTool({ name: 'create_contact', arguments: { name: 'Old Mill' } });
    await before.callTool({ name: 'get_contact', arguments: { id: 'c_old-mill' } });
    expect((await memoryOf('gone')).nextSequence).toBe(3);

    expect((await harness.call('DELETE', `/connect/${namespace}/gone`)).status).toBe(200);
    expect((await harness.call('GET', `/__mcpsim/connections/${namespace}/gone/memory`)).status).toBe(404);

    await createConnection('gone');
    expect(await memoryOf('gone')).toMatchObject({ world: { entities: {}, facts: [] }, calls: [], nextSequence: 1 });
    const after = await connect('gone');
    const start = fake.model.doGenerateCalls.length;
    const lookup = await after.callTool({ name: 'get_contact', arguments: { id: 'c_old-mill' } });
    expect(lookup).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: 'no contact c_old-mill' }],
      _meta: { 'mcpsim/source': 'model', 'mcpsim/sequence': 1 },
    });
    const prompt = promptText(fake.model, start);
    expect(prompt).toContain('{"entities":{},"facts":[]}');
    expect(prompt).toContain('(none: this is the first call)');
    expect(prompt).not.toContain('Old Mill');
  });
});
