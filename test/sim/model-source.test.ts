/**
 * The model result source, over an injected model (MockLanguageModelV3) and over the real OpenAI
 * provider against msw (both the Responses and the Chat Completions API). No real sockets here:
 * msw and a socket server in one file do not mix (stack notes, pitfall 8).
 */
import { APICallError } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { emptyWorld, type CallLogEntry, type WorldChanges, type WorldState } from '../../src/domain/memory-log.js';
import type { ToolDefinition } from '../../src/domain/registry.js';
import { toCanonicalJson } from '../../src/sim/source/canonical-json.js';
import type { ModelOutput } from '../../src/sim/model/model-output.js';
import { createResultModel, defaultResultModelId } from '../../src/sim/model/model-provider.js';
import { createModelSource } from '../../src/sim/model/model-source.js';
import type { ToolCall, ToolResolution } from '../../src/sim/source/tool-result-source.js';

const createContact: ToolDefinition = {
  name: 'create_contact',
  description: 'Create a CRM contact.',
  inputSchema: { type: 'object', properties: { name: { type: 'string' }, email: { type: 'string' } }, required: ['name'] },
  outputSchema: {
    type: 'object',
    properties: { id: { type: 'string' }, name: { type: 'string' } },
    required: ['id', 'name'],
    additionalProperties: false,
  },
};
const getContact: ToolDefinition = {
  name: 'get_contact',
  description: 'Get a contact by id.',
  inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
};
const tools = { create_contact: createContact, get_contact: getContact };

/** A connection's memory as the pipeline keeps it: the log and the world, updated from each resolution. */
function createMemory() {
  const world: WorldState = emptyWorld();
  const history: CallLogEntry[] = [];
  return {
    world,
    history,
    call(tool: keyof typeof tools, args: Record<string, unknown>): ToolCall {
      const argumentsKey = toCanonicalJson(args);
      return {
        namespace: 'ns',
        connectionId: 'crm',
        server: '@acme/crm',
        tool,
        arguments: args,
        argumentsKey,
        occurrence: history.filter((entry) => entry.tool === tool && entry.argumentsKey === argumentsKey).length + 1,
        sequence: history.length + 1,
        context: {
          serverName: 'Acme CRM',
          serverDescription: 'Contacts and deals.',
          toolDefinition: tools[tool],
          scenario: 'A bakery chain keeps its suppliers here.',
          world: structuredClone(world),
          history: [...history],
        },
      };
    },
    record(call: ToolCall, resolution: ToolResolution) {
      history.push({
        sequence: history.length + 1,
        tool: call.tool,
        arguments: call.arguments,
        argumentsKey: call.argumentsKey,
        occurrence: call.occurrence,
        result: resolution.result as CallLogEntry['result'],
        source: resolution.source,
        model: resolution.model ?? null,
        usage: resolution.usage ?? null,
        latencyMs: 5,
        at: `2025-01-01T00:00:0${history.length}Z`,
      });
      apply(world, resolution.worldChanges);
    },
  };
}

function apply(world: WorldState, changes: WorldChanges | undefined) {
  for (const { type, id, fields } of changes?.upserts ?? [])
    (world.entities[type] ??= {})[id] = { ...world.entities[type]?.[id], ...fields };
  for (const { type, id } of changes?.deletes ?? []) delete world.entities[type]?.[id];
  world.facts.push(...(changes?.facts ?? []));
}

const output = (overrides: Partial<ModelOutput> = {}): ModelOutput => ({
  text: '',
  structuredContentJson: null,
  isError: false,
  changes: { upserts: [], deletes: [], facts: [] },
  ...overrides,
});
const created = (id: string, name: string) =>
  output({
    text: JSON.stringify({ id, name }),
    structuredContentJson: JSON.stringify({ id, name }),
    changes: {
      upserts: [{ type: 'contact', id, fieldsJson: JSON.stringify({ name, email: 'orders@millstone.example' }) }],
      deletes: [],
      facts: [],
    },
  });

const generated = (text: string) => ({
  content: [{ type: 'text' as const, text }],
  finishReason: { unified: 'stop' as const, raw: 'stop' },
  usage: { inputTokens: { total: 812, noCache: 812, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 64, text: 64, reasoning: 0 } },
  warnings: [],
});

/** A mock model answering each doGenerate with the next text (the last one repeats). */
function scriptedModel(...answers: (string | Error)[]) {
  let index = 0;
  return new MockLanguageModelV3({
    modelId: 'mock-sim',
    doGenerate: async () => {
      const answer = answers[Math.min(index++, answers.length - 1)]!;
      if (answer instanceof Error) throw answer;
      return generated(answer);
    },
  });
}

/** The prompt text of a doGenerate call: [system, user]. */
function promptOf(model: MockLanguageModelV3, index: number): { system: string; user: string } {
  const [system, user] = model.doGenerateCalls[index]!.prompt;
  if (system?.role !== 'system' || user?.role !== 'user' || user.content[0]?.type !== 'text') throw new Error('unexpected prompt shape');
  return { system: system.content, user: user.content[0].text };
}

const noWait = () => {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
};

describe('the model source with an injected model', () => {
  it('passes calls without a context on to the next source', async () => {
    const model = scriptedModel(JSON.stringify(created('c_1', 'x')));
    const { context: _context, ...bare } = createMemory().call('get_contact', { id: 'c_1' });
    expect(await createModelSource({ model, modelId: 'mock-sim' }).resolve(bare)).toBeNull();
    expect(model.doGenerateCalls).toHaveLength(0);
  });

  it('turns the structured answer into a result and world changes, and asks with temperature 0, the seed and the JSON schema', async () => {
    const memory = createMemory();
    const model = scriptedModel(JSON.stringify(created('c_1', 'Millstone Flour')));
    const resolution = await createModelSource({ model, modelId: 'mock-sim', seed: 7 }).resolve(
      memory.call('create_contact', { name: 'Millstone Flour' }),
    );
    expect(resolution).toEqual({
      source: 'model',
      model: 'mock-sim',
      usage: { inputTokens: 812, outputTokens: 64, cachedInputTokens: 0 },
      result: {
        content: [{ type: 'text', text: '{"id":"c_1","name":"Millstone Flour"}' }],
        structuredContent: { id: 'c_1', name: 'Millstone Flour' },
      },
      worldChanges: {
        upserts: [{ type: 'contact', id: 'c_1', fields: { name: 'Millstone Flour', email: 'orders@millstone.example' } }],
        deletes: [],
        facts: [],
      },
    });
    const options = model.doGenerateCalls[0]!;
    expect(options.temperature).toBe(0);
    expect(options.seed).toBe(7);
    expect(options.responseFormat).toMatchObject({
      type: 'json',
      schema: { type: 'object', additionalProperties: false, required: ['text', 'structuredContentJson', 'isError', 'changes'] },
    });
  });

  it('shows the model the world and history it built, call after call', async () => {
    const memory = createMemory();
    const model = scriptedModel(
      JSON.stringify(created('c_1', 'Millstone Flour')),
      JSON.stringify(output({ text: '{"id":"c_1","name":"Millstone Flour","email":"orders@millstone.example"}' })),
      JSON.stringify(
        output({
          text: 'Contact c_404 not found',
          isError: true,
          changes: { upserts: [], deletes: [], facts: ['There is no contact c_404.'] },
        }),
      ),
    );
    const source = createModelSource({ model, modelId: 'mock-sim' });
    const steps: [keyof typeof tools, Record<string, unknown>][] = [
      ['create_contact', { name: 'Millstone Flour' }],
      ['get_contact', { id: 'c_1' }],
      ['get_contact', { id: 'c_404' }],
    ];
    for (const [tool, args] of steps) {
      const call = memory.call(tool, args);
      memory.record(call, (await source.resolve(call))!);
    }

    const [first, second, third] = [0, 1, 2].map((index) => promptOf(model, index));
    expect(first!.system).toContain('Answer that call exactly as the real server would');
    expect(first!.user).toContain('# Server\nAcme CRM (@acme/crm)');
    expect(first!.user).toContain('# Scenario\nA bakery chain keeps its suppliers here.');
    expect(first!.user).toContain('{"entities":{},"facts":[]}');
    expect(first!.user).toContain('(none: this is the first call)');
    expect(first!.user).toContain('call #1: create_contact {"name":"Millstone Flour"}');

    expect(second!.user).toContain(
      '{"entities":{"contact":{"c_1":{"name":"Millstone Flour","email":"orders@millstone.example"}}},"facts":[]}',
    );
    expect(second!.user).toContain(
      '#1 2025-01-01T00:00:00Z create_contact {"name":"Millstone Flour"} -> ok: {"id":"c_1","name":"Millstone Flour"}',
    );
    expect(second!.user).toContain('call #2: get_contact {"id":"c_1"}');
    expect(second!.user).toContain('outputSchema: none');

    expect(third!.user).toContain('"c_1":{"name":"Millstone Flour"');
    expect(third!.user).toContain('call #3: get_contact {"id":"c_404"}');
    expect(memory.history[2]!.result).toEqual({ content: [{ type: 'text', text: 'Contact c_404 not found' }], isError: true });
    expect(memory.world.facts).toEqual(['There is no contact c_404.']);
  });

  it('retries output that does not match the outputSchema, says why in the next prompt, and takes the first valid one', async () => {
    const memory = createMemory();
    const invalid = JSON.stringify(output({ text: '{"id":1}', structuredContentJson: '{"id":1}' }));
    const model = scriptedModel(invalid, JSON.stringify(created('c_2', 'Rye & Co')));
    const resolution = await createModelSource({ model, modelId: 'mock-sim' }).resolve(memory.call('create_contact', { name: 'Rye & Co' }));
    expect(resolution?.source).toBe('model');
    expect(resolution?.result.structuredContent).toEqual({ id: 'c_2', name: 'Rye & Co' });
    expect(model.doGenerateCalls).toHaveLength(2);
    expect(promptOf(model, 0).user).not.toContain('# Note');
    expect(promptOf(model, 1).user).toContain(
      '# Note\nYour previous answer was rejected, invalid output: structuredContent does not match the outputSchema of create_contact',
    );
  });

  it('gives up with a simulator-error result after the last invalid answer', async () => {
    const memory = createMemory();
    const model = scriptedModel(JSON.stringify(output({ text: 'created' })));
    const resolution = await createModelSource({ model, modelId: 'mock-sim' }).resolve(memory.call('create_contact', { name: 'Rye & Co' }));
    expect(resolution).toEqual({
      source: 'simulator-error',
      result: {
        isError: true,
        content: [
          {
            type: 'text',
            text: 'mcpsim simulator failed for @acme/crm.create_contact after 3 attempts: invalid output: structuredContentJson is null but create_contact has an outputSchema, so a successful result needs structuredContent',
          },
        ],
      },
      // The three billed attempts are counted, though none was usable.
      model: 'mock-sim',
      usage: { inputTokens: expect.any(Number), outputTokens: expect.any(Number), cachedInputTokens: 0 },
    });
    expect(model.doGenerateCalls).toHaveLength(3);
  });

  it('retries text that is not JSON of the schema, and bad JSON inside the JSON fields', async () => {
    const memory = createMemory();
    const garbage = scriptedModel('Sure! Here is the contact you asked for.');
    const resolution = await createModelSource({ model: garbage, modelId: 'mock-sim', maxAttempts: 2 }).resolve(
      memory.call('get_contact', { id: 'c_1' }),
    );
    expect(resolution?.source).toBe('simulator-error');
    expect(resolution?.result.content[0]).toMatchObject({
      text: 'mcpsim simulator failed for @acme/crm.get_contact after 2 attempts: the model wrote no JSON object: "Sure! Here is the contact you asked for."',
    });
    expect(garbage.doGenerateCalls).toHaveLength(2);

    const badFields = JSON.stringify(
      output({ text: 'ok', changes: { upserts: [{ type: 'contact', id: 'c_1', fieldsJson: '{name:' }], deletes: [], facts: [] } }),
    );
    const model = scriptedModel(badFields, JSON.stringify(output({ text: 'ok' })));
    const fixed = await createModelSource({ model, modelId: 'mock-sim' }).resolve(memory.call('get_contact', { id: 'c_1' }));
    expect(fixed?.result).toEqual({ content: [{ type: 'text', text: 'ok' }] });
    expect(promptOf(model, 1).user).toContain('changes.upserts.0.fieldsJson is not valid JSON');
  });

  it('retries thrown errors with a growing, bounded wait, then reports the last one', async () => {
    const memory = createMemory();
    const model = scriptedModel(new Error('upstream proxy said no'));
    const { waits, sleep } = noWait();
    const resolution = await createModelSource({ model, modelId: 'mock-sim', maxAttempts: 4, maxBackoffMs: 1500, sleep }).resolve(
      memory.call('get_contact', { id: 'c_1' }),
    );
    expect(resolution?.result.content).toEqual([
      { type: 'text', text: 'mcpsim simulator failed for @acme/crm.get_contact after 4 attempts: upstream proxy said no' },
    ]);
    expect(waits).toEqual([500, 1000, 1500]);
  });

  it('stops at once on an error that a retry cannot fix (401)', async () => {
    const unauthorized = new APICallError({
      message: 'Incorrect API key provided',
      url: 'https://llm.test/v1/responses',
      requestBodyValues: {},
      statusCode: 401,
      isRetryable: false,
    });
    const model = scriptedModel(unauthorized);
    const resolution = await createModelSource({ model, modelId: 'mock-sim', sleep: noWait().sleep }).resolve(
      createMemory().call('get_contact', { id: 'c_1' }),
    );
    expect(resolution?.result.content).toEqual([
      {
        type: 'text',
        text: 'mcpsim simulator failed for @acme/crm.get_contact after 1 attempt: HTTP 401 from https://llm.test/v1/responses: Incorrect API key provided',
      },
    ]);
    expect(model.doGenerateCalls).toHaveLength(1);
  });

  it('does not hang on a model that never answers, even one that ignores the abort signal', async () => {
    const model = new MockLanguageModelV3({ doGenerate: () => new Promise(() => {}) });
    const started = Date.now();
    const resolution = await createModelSource({
      model,
      modelId: 'mock-sim',
      timeoutMs: 50,
      maxAttempts: 2,
      sleep: noWait().sleep,
    }).resolve(createMemory().call('get_contact', { id: 'c_1' }));
    expect(Date.now() - started).toBeLessThan(1000);
    expect(resolution).toEqual({
      source: 'simulator-error',
      result: {
        isError: true,
        content: [
          {
            type: 'text',
            text: 'mcpsim simulator failed for @acme/crm.get_contact after 2 attempts: no answer within 50 ms (MCPSIM_MODEL_TIMEOUT_MS, one attempt)',
          },
        ],
      },
    });
    expect(model.doGenerateCalls).toHaveLength(2);
    expect(model.doGenerateCalls[0]!.abortSignal?.aborted).toBe(true);
  });
});

describe('the model source over the OpenAI provider (msw)', () => {
  const requests: { url: string; body: Record<string, unknown> }[] = [];
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    requests.length = 0;
  });
  afterAll(() => server.close());

  const answer = JSON.stringify(created('c_9', 'Oat Supply'));
  const payloads = {
    responses: {
      id: 'resp_1',
      object: 'response',
      created_at: 1_735_689_600,
      status: 'completed',
      model: defaultResultModelId,
      output: [
        {
          type: 'message',
          id: 'msg_1',
          status: 'completed',
          role: 'assistant',
          content: [{ type: 'output_text', text: answer, annotations: [] }],
        },
      ],
      incomplete_details: null,
      usage: {
        input_tokens: 900,
        output_tokens: 70,
        total_tokens: 970,
        input_tokens_details: { cached_tokens: 0 },
        output_tokens_details: { reasoning_tokens: 0 },
      },
    },
    chat: {
      id: 'chatcmpl-1',
      object: 'chat.completion',
      created: 1_735_689_600,
      model: defaultResultModelId,
      choices: [{ index: 0, message: { role: 'assistant', content: answer }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 900, completion_tokens: 70, total_tokens: 970 },
    },
  } as const;
  const paths = { responses: 'https://llm.test/v1/responses', chat: 'https://llm.test/v1/chat/completions' } as const;

  /** Answers each request with the next status (200 = the canned payload); the last one repeats. */
  function serve(api: 'responses' | 'chat', ...statuses: number[]) {
    let index = 0;
    server.use(
      http.post(paths[api], async ({ request }) => {
        requests.push({ url: request.url, body: (await request.json()) as Record<string, unknown> });
        const status = statuses[Math.min(index++, statuses.length - 1)]!;
        if (status === 200) return HttpResponse.json(payloads[api]);
        const headers: Record<string, string> = status === 429 ? { 'retry-after': '1' } : {};
        return HttpResponse.json(
          { error: { message: status === 429 ? 'Rate limit reached' : 'The server had an error', type: 'server_error', code: null } },
          { status, headers },
        );
      }),
    );
  }

  it('talks /responses without a base URL and /chat/completions with one, unless told otherwise', () => {
    expect(createResultModel({ apiKey: 'k' })).toMatchObject({ modelId: 'gpt-4.1-mini', api: 'responses' });
    expect(createResultModel({ baseUrl: 'http://127.0.0.1:11434/v1', model: 'qwen2.5:7b' })).toMatchObject({
      modelId: 'qwen2.5:7b',
      api: 'chat',
    });
    expect(createResultModel({ baseUrl: 'https://llm.test/v1', api: 'responses' }).api).toBe('responses');
  });

  for (const api of ['responses', 'chat'] as const) {
    describe(`over the ${api === 'chat' ? 'Chat Completions' : 'Responses'} API`, () => {
      const source = (waits: ReturnType<typeof noWait>) => {
        const { model, modelId } = createResultModel({ baseUrl: 'https://llm.test/v1', apiKey: 'k', api });
        return createModelSource({ model, modelId, sleep: waits.sleep });
      };

      it('answers with temperature 0 and the strict JSON schema of the model output', async () => {
        serve(api, 200);
        const resolution = await source(noWait()).resolve(createMemory().call('create_contact', { name: 'Oat Supply' }));
        expect(resolution).toMatchObject({
          source: 'model',
          model: 'gpt-4.1-mini',
          usage: { inputTokens: 900, outputTokens: 70 },
          result: { structuredContent: { id: 'c_9', name: 'Oat Supply' } },
          worldChanges: { upserts: [{ type: 'contact', id: 'c_9', fields: { name: 'Oat Supply' } }] },
        });
        expect(requests).toHaveLength(1);
        const { body } = requests[0]!;
        expect(body.model).toBe('gpt-4.1-mini');
        expect(body.temperature).toBe(0);
        const format = (api === 'chat' ? body.response_format : (body.text as { format: unknown }).format) as Record<string, unknown>;
        expect(format.type).toBe('json_schema');
        const schema = (api === 'chat' ? (format.json_schema as { schema: unknown; strict: boolean }) : format) as {
          schema: Record<string, unknown>;
          strict: boolean;
        };
        expect(schema.strict).toBe(true);
        expect(schema.schema).toMatchObject({
          type: 'object',
          additionalProperties: false,
          required: ['text', 'structuredContentJson', 'isError', 'changes'],
        });
        const promptText = JSON.stringify(api === 'chat' ? body.messages : body.input);
        expect(promptText).toContain('call #1: create_contact');
      });

      it('waits out a 429 as its retry-after says, then answers', async () => {
        serve(api, 429, 200);
        const waits = noWait();
        const resolution = await source(waits).resolve(createMemory().call('create_contact', { name: 'Oat Supply' }));
        expect(resolution?.source).toBe('model');
        expect(requests).toHaveLength(2);
        expect(waits.waits).toEqual([1000]);
      });

      it('gives up with a simulator-error result when the server keeps failing', async () => {
        serve(api, 500);
        const waits = noWait();
        const resolution = await source(waits).resolve(createMemory().call('create_contact', { name: 'Oat Supply' }));
        expect(requests).toHaveLength(3);
        expect(waits.waits).toEqual([500, 1000]);
        expect(resolution).toEqual({
          source: 'simulator-error',
          result: {
            isError: true,
            content: [
              {
                type: 'text',
                text: `mcpsim simulator failed for @acme/crm.create_contact after 3 attempts: HTTP 500 from ${paths[api]}: The server had an error`,
              },
            ],
          },
        });
      });
    });
  }
});
