/**
 * What local models and real providers send back, against an OpenAI-compatible server on
 * 127.0.0.1: fenced JSON and a preamble are accepted, a refusal and a truncation stop at once and
 * say so, prose and schema violations quote the model and name the field, an output-token limit
 * is sent, and every billed attempt's usage is counted.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config.js';
import { systemClock } from '../../src/domain/clock.js';
import { createModelRuntime } from '../../src/platform/model-runtime.js';
import { createResultModel, type ResultModelApi } from '../../src/sim/model/model-provider.js';
import { createModelSource, type ModelSourceOptions } from '../../src/sim/model/model-source.js';
import { chatPath, responsesPath, startFakeOpenAI, toChatBody, toResponsesBody, type FakeOpenAI } from '../support/fake-openai-server.js';
import { answer, call, fakeTime, textOf } from '../support/model-call.js';

describe('the model source reading what a model wrote', () => {
  let fake: FakeOpenAI;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
  });
  afterAll(() => fake.close());
  beforeEach(() => void (fake.requests.length = 0));

  const source = (api: ResultModelApi = 'chat', options: Partial<ModelSourceOptions> = {}) => {
    const { model, modelId } = createResultModel({ baseUrl: fake.url, api, model: 'fake-model' });
    return createModelSource({ model, modelId, api, ...fakeTime(), ...options });
  };

  it('accepts JSON inside a code fence, and after a sentence of preamble', async () => {
    fake.script(
      chatPath,
      { json: toChatBody('```json\n' + answer + '\n```') },
      { json: toChatBody(`Here is the result:\n${answer}\nDone.`) },
    );
    const fenced = await source().resolve(call());
    expect(fenced).toMatchObject({ source: 'model', result: { content: [{ type: 'text', text: '{"id":"c_1"}' }] } });
    const preamble = await source().resolve(call());
    expect(preamble?.source).toBe('model');
    expect(fake.requests).toHaveLength(2);
  });

  it('stops at once on a refusal and shows it (Chat Completions and Responses)', async () => {
    fake.script(chatPath, { json: toChatBody(null, { refusal: "I can't help with making up customer records." }) });
    const chat = await source().resolve(call());
    expect(textOf(chat)).toBe(
      `mcpsim simulator failed for @acme/crm.get_contact after 1 attempt: the model refused to answer: "I can't help with making up customer records."`,
    );
    fake.script(responsesPath, { json: toResponsesBody('I cannot do that.', { refusal: true }) });
    const responses = await source('responses').resolve(call());
    expect(textOf(responses)).toContain('the model refused to answer: "I cannot do that."');
    expect(fake.requests).toHaveLength(2);
  });

  it('names a truncation, suggests the settings that make room, and does not send the same prompt again', async () => {
    const cut = answer.slice(0, 40);
    fake.script(chatPath, { json: toChatBody(cut, { finishReason: 'length' }) });
    const chat = await source().resolve(call());
    expect(textOf(chat)).toContain(
      'after 1 attempt: the answer was cut off at the model\'s output or context limit (finish reason "length")',
    );
    expect(textOf(chat)).toContain('OLLAMA_CONTEXT_LENGTH');
    expect(textOf(chat)).toContain('a smaller MCPSIM_PROMPT_BUDGET');
    fake.script(responsesPath, { json: toResponsesBody(cut, { incomplete: 'max_output_tokens' }) });
    expect(textOf(await source('responses').resolve(call()))).toContain('cut off');
    expect(fake.requests).toHaveLength(2);
  });

  it('quotes the first 100 characters of prose, and names the field a schema violation broke', async () => {
    const prose = 'Certainly! The contact c_1 is Alice Smith, a long-time customer of Acme who lives in Springfield and likes jazz.';
    fake.script(chatPath, { json: toChatBody(prose) });
    const proseResult = await source('chat', { maxAttempts: 1 }).resolve(call());
    expect(textOf(proseResult)).toBe(
      `mcpsim simulator failed for @acme/crm.get_contact after 1 attempt: the model wrote no JSON object: "${prose.slice(0, 100)}…"`,
    );
    const wrong = JSON.stringify({ ...JSON.parse(answer), isError: 'no' });
    fake.script(chatPath, { json: toChatBody(wrong) });
    expect(textOf(await source('chat', { maxAttempts: 1 }).resolve(call()))).toContain("field isError of the model's JSON is wrong");
  });

  it('sends an output-token limit on both APIs', async () => {
    fake.script(chatPath, { json: toChatBody(answer) });
    fake.script(responsesPath, { json: toResponsesBody(answer) });
    await source('chat', { maxOutputTokens: 1500 }).resolve(call());
    await source('responses').resolve(call());
    expect(fake.requests.map((request) => request.body.max_tokens ?? request.body.max_output_tokens)).toEqual([1500, 4096]);
  });

  it('fits the output-token limit to the context the user states (MCPSIM_MODEL_CONTEXT), in eval and record alike', async () => {
    fake.script(chatPath, { json: toChatBody(answer) });
    const runtime = createModelRuntime(resolveConfig({}, { OPENAI_BASE_URL: fake.url, MCPSIM_MODEL_CONTEXT: '4096' }));
    await runtime.createToolResults({ mode: 'eval', fixturesDir: '/nonexistent', clock: systemClock }).resolve(call());
    expect(fake.requests[0]?.body.max_tokens).toBe(1024);
  });

  it('sends the seed only to Chat Completions, and store: false to the Responses API', async () => {
    fake.script(chatPath, { json: toChatBody(answer) });
    fake.script(responsesPath, { json: toResponsesBody(answer) });
    await source('chat', { seed: 42 }).resolve(call());
    await source('responses', { seed: 42 }).resolve(call());
    const [chat, responses] = fake.requests.map((request) => request.body);
    expect(chat).toMatchObject({ seed: 42 });
    expect(chat).not.toHaveProperty('store');
    expect(responses).toMatchObject({ store: false });
    expect(responses).not.toHaveProperty('seed');
  });

  it('counts the usage of every billed attempt, failed ones too, with the cached input tokens', async () => {
    fake.script(
      chatPath,
      { json: toChatBody('not json at all', { usage: { input: 1000, output: 30, cached: 0 } }) },
      { json: toChatBody(answer, { usage: { input: 1100, output: 40, cached: 1024 } }) },
    );
    expect((await source().resolve(call()))?.usage).toEqual({ inputTokens: 2100, outputTokens: 70, cachedInputTokens: 1024 });
    fake.script(responsesPath, { json: toResponsesBody(answer, { usage: { input: 3000, output: 50, cached: 2048 } }) });
    expect((await source('responses').resolve(call()))?.usage).toEqual({ inputTokens: 3000, outputTokens: 50, cachedInputTokens: 2048 });
    fake.script(chatPath, { json: toChatBody('still prose', { usage: { input: 500, output: 10 } }) });
    const failed = await source('chat', { maxAttempts: 2 }).resolve(call());
    expect(failed).toMatchObject({ source: 'simulator-error', model: 'fake-model', usage: { inputTokens: 1000, outputTokens: 20 } });
  });
});
