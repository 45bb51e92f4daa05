/**
 * One contract for every result source (replay, model, synthetic, and the whole simulator chain),
 * then the model's HTTP API misbehaving behind the real endpoint. msw intercepts the model's
 * HTTP calls, so this file uses no real sockets: the platform is reached in-process (stack notes,
 * pitfall 8).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { MockLanguageModelV3 } from 'ai/test';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { WorldState } from '../../src/domain/memory-log.js';
import type { ToolDefinition } from '../../src/domain/registry.js';
import { toCanonicalJson } from '../../src/sim/source/canonical-json.js';
import { createSourceChain } from '../../src/sim/source-chain.js';
import type { ModelOutput } from '../../src/sim/model/model-output.js';
import { createResultModel } from '../../src/sim/model/model-provider.js';
import { createModelSource } from '../../src/sim/model/model-source.js';
import { createReplaySource } from '../../src/sim/fixtures/replay-source.js';
import { createToolResults } from '../../src/sim/tool-results.js';
import { createSyntheticSource } from '../../src/sim/stateful/synthetic-source.js';
import { createSimulator } from '../../src/sim/stateful/simulator.js';
import type { ToolCall, ToolResultOrigin, ToolResultSource } from '../../src/sim/source/tool-result-source.js';
import { startHarness, type Harness } from '../support/harness.js';
import { readWorldSection } from '../support/prompt-world-reader.js';

const createContact: ToolDefinition = {
  name: 'create_contact',
  description: 'Create a contact.',
  inputSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
  outputSchema: {
    type: 'object',
    properties: {
      id: { type: 'string', minLength: 2 },
      name: { type: 'string' },
      email: { type: 'string', format: 'email' },
      tags: { type: 'array', items: { type: 'string' }, maxItems: 3 },
    },
    required: ['id', 'name'],
    additionalProperties: false,
  },
};
const getContact: ToolDefinition = {
  name: 'get_contact',
  description: 'Get a contact by id.',
  inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
};
const world: WorldState = { entities: { contact: { c_1: { name: 'Millstone Flour' } } }, facts: [] };

function toolCall(toolDefinition: ToolDefinition, args: Record<string, unknown>): ToolCall {
  return {
    namespace: 'ns',
    connectionId: 'crm',
    server: '@acme/crm',
    tool: toolDefinition.name,
    arguments: args,
    argumentsKey: toCanonicalJson(args),
    occurrence: 1,
    sequence: 1,
    context: {
      serverName: 'Acme CRM',
      serverDescription: 'Contacts and deals.',
      toolDefinition,
      scenario: 'A bakery chain.',
      world,
      history: [],
    },
  };
}
const calls = { create: toolCall(createContact, { name: 'Millstone Flour' }), get: toolCall(getContact, { id: 'c_1' }) };

/** A deterministic fake: answers from the "# This call" line and the world JSON of the prompt. */
function createFakeModel() {
  return new MockLanguageModelV3({
    modelId: 'fake-1',
    doGenerate: async (options) => {
      const user = options.prompt[1];
      const prompt = user?.role === 'user' && user.content[0]?.type === 'text' ? user.content[0].text : '';
      const [, tool, argumentsJson] = /^call #\d+[^:]*: (\S+) (.*)$/m.exec(prompt) ?? [];
      const args = JSON.parse(argumentsJson ?? '{}') as Record<string, string>;
      const known = readWorldSection(prompt)!.entities.contact ?? {};
      const none = { upserts: [], deletes: [], facts: [] };
      let output: ModelOutput;
      if (tool === 'create_contact') {
        const text = JSON.stringify({ id: 'c_2', name: args.name });
        output = {
          text,
          structuredContentJson: text,
          isError: false,
          changes: { ...none, upserts: [{ type: 'contact', id: 'c_2', fieldsJson: JSON.stringify({ name: args.name }) }] },
        };
      } else {
        const fields = known[args.id ?? ''];
        output = fields
          ? { text: JSON.stringify({ id: args.id, ...fields }), structuredContentJson: null, isError: false, changes: none }
          : { text: `no contact ${args.id}`, structuredContentJson: null, isError: true, changes: none };
      }
      return {
        content: [{ type: 'text', text: JSON.stringify(output) }],
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

// ajv-formats is CommonJS: under nodenext its default import is the module object.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

const fixturesDir = mkdtempSync(join(tmpdir(), 'mcpsim-sim-sources-'));
const emptyFixturesDir = mkdtempSync(join(tmpdir(), 'mcpsim-sim-sources-empty-'));
const fixtureEntry = (args: Record<string, unknown>, result: unknown) => ({
  arguments: args,
  occurrence: 1,
  model: null,
  recordedAt: '2026-01-01T00:00:00.000Z',
  result,
});
mkdirSync(join(fixturesDir, 'acme__crm'));
writeFileSync(
  join(fixturesDir, 'acme__crm', 'create_contact.json'),
  JSON.stringify({
    server: '@acme/crm',
    tool: 'create_contact',
    calls: [
      fixtureEntry(calls.create.arguments, {
        content: [{ type: 'text', text: '{"id":"c_9","name":"Millstone Flour"}' }],
        structuredContent: { id: 'c_9', name: 'Millstone Flour' },
      }),
    ],
  }),
);
writeFileSync(
  join(fixturesDir, 'acme__crm', 'get_contact.json'),
  JSON.stringify({
    server: '@acme/crm',
    tool: 'get_contact',
    calls: [fixtureEntry(calls.get.arguments, { content: [{ type: 'text', text: '{"id":"c_1","name":"Millstone Flour"}' }] })],
  }),
);

interface SourceCase {
  name: string;
  make: () => ToolResultSource;
  /** What `source` it reports for a call it answers. */
  origin: ToolResultOrigin;
}

const sourceCases: SourceCase[] = [
  { name: 'the replay source over a written fixture', make: () => createReplaySource({ directory: fixturesDir }), origin: 'fixture' },
  {
    name: 'the model source over a fake model',
    make: () => createModelSource({ model: createFakeModel(), modelId: 'fake-1' }),
    origin: 'model',
  },
  { name: 'the synthetic source', make: () => createSyntheticSource({ seed: 'contract' }), origin: 'synthetic' },
  { name: 'the simulator with a fixture for the call', make: () => createToolResults({ fixturesDir }), origin: 'fixture' },
  {
    name: 'the simulator with a model and no fixture',
    make: () => createToolResults({ fixturesDir: emptyFixturesDir, model: { model: createFakeModel(), modelId: 'fake-1' } }),
    origin: 'model',
  },
  {
    name: 'the simulator synthesizing on a miss',
    make: () => createToolResults({ fixturesDir: emptyFixturesDir, missPolicy: 'synthesize' }),
    origin: 'synthetic',
  },
  { name: 'the stateful simulator', make: () => createSimulator({ seed: 'contract' }), origin: 'simulated' },
  {
    name: 'the simulator simulating on a miss',
    make: () => createToolResults({ fixturesDir: emptyFixturesDir, missPolicy: 'simulate' }),
    origin: 'simulated',
  },
];

afterAll(() => {
  rmSync(fixturesDir, { recursive: true, force: true });
  rmSync(emptyFixturesDir, { recursive: true, force: true });
});

describe.each(sourceCases)('the result source contract: $name', ({ make, origin }) => {
  const ajv = addFormats(new Ajv({ strict: false }));

  it('answers a CallToolResult with a content list', async () => {
    const source = make();
    for (const call of Object.values(calls)) {
      const resolution = await source.resolve(call);
      expect(resolution).not.toBeNull();
      expect(Array.isArray(resolution!.result.content)).toBe(true);
      expect(resolution!.result.content.length).toBeGreaterThan(0);
      expect(CallToolResultSchema.safeParse(resolution!.result).success).toBe(true);
    }
  });

  it('answers the same call with the same bytes', async () => {
    const source = make();
    for (const call of Object.values(calls)) {
      const first = await source.resolve(structuredClone(call));
      const second = await source.resolve(structuredClone(call));
      expect(JSON.stringify(second)).toBe(JSON.stringify(first));
    }
    // A new source made the same way answers the same too: nothing depends on process state.
    expect(JSON.stringify(await make().resolve(calls.create))).toBe(JSON.stringify(await source.resolve(calls.create)));
  });

  it('reports where its result came from', async () => {
    const source = make();
    for (const call of Object.values(calls)) expect((await source.resolve(call))?.source).toBe(origin);
  });

  it("returns structuredContent valid against the tool's outputSchema", async () => {
    const resolution = await make().resolve(calls.create);
    expect(resolution?.result.isError).toBeFalsy();
    const validate = ajv.compile(createContact.outputSchema!);
    expect(resolution?.result.structuredContent).toBeDefined();
    expect(validate(resolution?.result.structuredContent), JSON.stringify(validate.errors)).toBe(true);
  });
});

describe('a model API that misbehaves, behind the MCP endpoint (in-process)', () => {
  const chatUrl = 'https://llm.test/v1/chat/completions';
  const namespace = 'broken';
  const server = setupServer();
  const requests: string[] = [];
  let harness: Harness;
  let connections = 0;

  const completion = (content: string) => ({
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: 1767225600,
    model: 'gpt-4.1-mini',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  });
  const validOutput: ModelOutput = {
    text: '{"id":"c_2","name":"Rye & Co"}',
    structuredContentJson: '{"id":"c_2","name":"Rye & Co"}',
    isError: false,
    changes: { upserts: [], deletes: [], facts: [] },
  };

  beforeAll(async () => {
    server.listen({ onUnhandledRequest: 'error' });
    server.events.on('request:start', ({ request }) => void requests.push(`${request.method} ${request.url}`));
    const { model, modelId } = createResultModel({ baseUrl: 'https://llm.test/v1', apiKey: 'k', api: 'chat' });
    // createToolResults takes no timeout or sleep for its model source, so the chain is built here as createToolResults builds it.
    const toolResults = createSourceChain({
      replay: createReplaySource({ directory: emptyFixturesDir, passOnMiss: true }),
      model: createModelSource({ model, modelId, timeoutMs: 200, sleep: async () => {} }),
      missPolicy: 'model',
      synthetic: createSyntheticSource(),
    });
    harness = await startHarness('in-process', { toolResults, fixturesDir: emptyFixturesDir });
    expect(
      (await harness.call('PUT', '/servers/@acme/crm', { body: { displayName: 'Acme CRM', tools: [createContact, getContact] } })).status,
    ).toBe(201);
    expect((await harness.call('PUT', `/namespaces/${namespace}`)).status).toBeLessThan(300);
  });
  afterEach(() => {
    server.resetHandlers();
    requests.length = 0;
  });
  afterAll(async () => {
    await harness.close();
    server.close();
  });

  /** A tools/call on a new mock connection: the HTTP status, the result, and how long it took. */
  async function callTool() {
    const id = `c${++connections}`;
    expect(
      (await harness.call('PUT', `/connect/${namespace}/${id}`, { body: { server: '@acme/crm', mock: { enabled: true } } })).status,
    ).toBe(201);
    const started = performance.now();
    const response = await harness.call('POST', `/connect/${namespace}/${id}/mcp`, {
      headers: { accept: 'application/json, text/event-stream' },
      body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'create_contact', arguments: { name: 'Rye & Co' } } },
    });
    const elapsedMs = performance.now() - started;
    const memory = await harness.call('GET', `/__mcpsim/connections/${namespace}/${id}/memory`);
    return {
      status: response.status,
      result: response.body?.result,
      text: response.body?.result?.content?.[0]?.text as string,
      elapsedMs,
      logged: memory.body.calls,
    };
  }

  function expectSimulatorError(outcome: Awaited<ReturnType<typeof callTool>>, maxMs: number) {
    expect(outcome.status).toBe(200);
    expect(outcome.result).toMatchObject({ isError: true, _meta: { 'mcpsim/source': 'simulator-error', 'mcpsim/sequence': 1 } });
    expect(outcome.text).toMatch(/^mcpsim simulator failed for @acme\/crm\.create_contact after \d attempts?\b/);
    // maxMs is 10× the two 200 ms attempts at most (retries sleep no time here): a timeout fired, nothing hung.
    expect(outcome.elapsedMs).toBeLessThan(maxMs);
    expect(outcome.logged).toMatchObject([{ source: 'simulator-error', result: outcome.result }]);
    expect(harness.logged).toEqual([]);
  }

  it('answers from the model when the API works (the control case)', async () => {
    server.use(http.post(chatUrl, () => HttpResponse.json(completion(JSON.stringify(validOutput)))));
    const outcome = await callTool();
    expect(outcome.status).toBe(200);
    expect(outcome.result).toMatchObject({ structuredContent: { id: 'c_2', name: 'Rye & Co' }, _meta: { 'mcpsim/source': 'model' } });
    expect(requests).toEqual([`POST ${chatUrl}`]);
  });

  it('gives up on a 429 answered every time after 3 attempts, and says so', async () => {
    server.use(
      http.post(chatUrl, () =>
        HttpResponse.json(
          { error: { message: 'Rate limit reached', type: 'rate_limit', code: null } },
          { status: 429, headers: { 'retry-after': '30' } },
        ),
      ),
    );
    const outcome = await callTool();
    expectSimulatorError(outcome, 4000);
    expect(outcome.text).toContain(
      `after 3 attempts (waited 30 s as a 429's retry-after asked; waited 30 s as a 429's retry-after asked): HTTP 429 from ${chatUrl}`,
    );
    expect(outcome.text).toContain('Rate limit reached');
    expect(requests).toHaveLength(3);
  });

  it('gives up on a 500 after 3 attempts, and says so', async () => {
    server.use(
      http.post(chatUrl, () =>
        HttpResponse.json({ error: { message: 'The server had an error', type: 'server_error', code: null } }, { status: 500 }),
      ),
    );
    const outcome = await callTool();
    expectSimulatorError(outcome, 4000);
    expect(outcome.text).toContain(`after 3 attempts: HTTP 500 from ${chatUrl}`);
    expect(requests).toHaveLength(3);
  });

  it('gives up on a response body that is not JSON, and says so', async () => {
    server.use(
      http.post(
        chatUrl,
        () => new HttpResponse('{"id": "chatcmpl-1", "choices": [', { status: 200, headers: { 'content-type': 'application/json' } }),
      ),
    );
    const outcome = await callTool();
    expectSimulatorError(outcome, 4000);
    expect(outcome.text).toContain(`HTTP 200 from ${chatUrl}: Invalid JSON response`);
  });

  it('gives up on a model whose answer is not the JSON it was asked for, and says so', async () => {
    server.use(http.post(chatUrl, () => HttpResponse.json(completion('Sure! I created the contact Rye & Co.'))));
    const outcome = await callTool();
    expectSimulatorError(outcome, 4000);
    expect(outcome.text).toContain('after 3 attempts: the model wrote no JSON object: "Sure! I created the contact Rye & Co."');
    expect(requests).toHaveLength(3);
  });

  it('gives up on an API that never answers after a timed-out attempt and its one retry', async () => {
    server.use(
      http.post(chatUrl, async () => {
        await delay('infinite');
        return HttpResponse.json(completion('{}'));
      }),
    );
    const outcome = await callTool();
    expectSimulatorError(outcome, 4000);
    // A timeout is retried once, not twice: a second one means the model is too slow for the prompt.
    expect(outcome.elapsedMs).toBeGreaterThanOrEqual(2 * 200 * 0.9);
    expect(outcome.text).toContain('after 2 attempts: no answer within 200 ms (MCPSIM_MODEL_TIMEOUT_MS, one attempt)');
  });
});
