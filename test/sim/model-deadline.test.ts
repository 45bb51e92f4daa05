/**
 * The model source's time bounds and failures against an OpenAI-compatible server on 127.0.0.1
 * (test/support/fake-openai-server.ts): one deadline shared by every attempt, a timeout retried
 * at most once, the caller's cancellation, a 429's retry-after up to the deadline, and failures
 * named for what they are. Waits between attempts run on an injected clock.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createResultModel } from '../../src/sim/model/model-provider.js';
import { createModelJudge } from '../../src/sim/model/model-judge.js';
import { createModelSource, type ModelSourceOptions } from '../../src/sim/model/model-source.js';
import { chatPath, startFakeOpenAI, toChatBody, toErrorBody, type FakeOpenAI } from '../support/fake-openai-server.js';
import { answer, call, fakeTime, textOf } from '../support/model-call.js';

describe('the model source against an OpenAI-compatible server', () => {
  let fake: FakeOpenAI;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
  });
  afterAll(() => fake.close());
  beforeEach(() => void (fake.requests.length = 0));

  const source = (options: Partial<ModelSourceOptions> = {}) => {
    const { model, modelId } = createResultModel({ baseUrl: fake.url, api: 'chat', model: 'fake-model' });
    return createModelSource({ model, modelId, ...options });
  };

  it('retries a timed-out attempt once, then stops and names MCPSIM_MODEL_TIMEOUT_MS', async () => {
    fake.script(chatPath, 'hang');
    // A whole second per attempt: on a busy machine a shorter one can end before the request reaches the server.
    const resolution = await source({ timeoutMs: 1_000, deadlineMs: 60_000, maxAttempts: 3 }).resolve(call());
    expect(resolution?.source).toBe('simulator-error');
    expect(textOf(resolution)).toBe(
      'mcpsim simulator failed for @acme/crm.get_contact after 2 attempts: no answer within 1000 ms (MCPSIM_MODEL_TIMEOUT_MS, one attempt)',
    );
    expect(fake.requests).toHaveLength(2);
    await expect.poll(() => fake.requests.every((request) => request.aborted)).toBe(true);
  });

  it('shares one deadline among all attempts and names MCPSIM_MODEL_DEADLINE_MS', async () => {
    fake.script(chatPath, 'hang');
    const resolution = await source({ timeoutMs: 30_000, deadlineMs: 150 }).resolve(call());
    expect(textOf(resolution)).toBe(
      "mcpsim simulator failed for @acme/crm.get_contact after 1 attempt: no answer before the call's deadline of 150 ms (MCPSIM_MODEL_DEADLINE_MS, all attempts together)",
    );
    expect(fake.requests).toHaveLength(1);
  });

  it('stops at once when the caller cancels: the request is aborted, no retry follows, nothing changes', async () => {
    fake.script(chatPath, 'hang');
    const controller = new AbortController();
    const pending = source({ timeoutMs: 30_000, deadlineMs: 45_000 }).resolve(call(controller.signal));
    await expect.poll(() => fake.requests.length).toBe(1);
    controller.abort();
    const resolution = await pending;
    expect(resolution).toEqual({
      source: 'cancelled',
      result: {
        isError: true,
        content: [{ type: 'text', text: 'cancelled by the client: @acme/crm.get_contact was not answered and changed nothing' }],
      },
    });
    await expect.poll(() => fake.requests[0]!.aborted).toBe(true);
    expect(fake.requests).toHaveLength(1);
  });

  it('makes no request for a call cancelled before it starts', async () => {
    fake.script(chatPath, { json: toChatBody(answer) });
    const resolution = await source().resolve(call(AbortSignal.abort()));
    expect(resolution?.source).toBe('cancelled');
    expect(fake.requests).toHaveLength(0);
  });

  it("honours a 429's retry-after beyond the usual backoff, up to the deadline, and says so", async () => {
    const time = fakeTime();
    fake.script(
      chatPath,
      { status: 429, headers: { 'retry-after': '30' }, json: toErrorBody('Rate limit reached', 'rate_limit') },
      { status: 500, json: toErrorBody('boom') },
    );
    const resolution = await source({ deadlineMs: 45_000, maxAttempts: 2, ...time }).resolve(call());
    expect(time.waits).toEqual([30_000]);
    expect(textOf(resolution)).toMatch(
      /^mcpsim simulator failed for @acme\/crm\.get_contact after 2 attempts \(waited 30 s as a 429's retry-after asked\): HTTP 500/,
    );
  });

  it('stops at once when a retry-after would pass the deadline, and says how long it asked for', async () => {
    const time = fakeTime();
    fake.script(chatPath, { status: 429, headers: { 'retry-after': '60' }, json: toErrorBody('Rate limit reached', 'rate_limit') });
    const resolution = await source({ deadlineMs: 45_000, ...time }).resolve(call());
    expect(time.waits).toEqual([]);
    expect(fake.requests).toHaveLength(1);
    expect(textOf(resolution)).toMatch(
      /after 1 attempt: HTTP 429 .*Rate limit reached; its retry-after asks for 60 s; 45 s were left of the call's deadline of 45000 ms \(MCPSIM_MODEL_DEADLINE_MS\)$/,
    );
  });

  it('names a connection reset as such, and retries it with a backoff', async () => {
    const time = fakeTime();
    fake.script(chatPath, 'reset', { json: toChatBody(answer) });
    const resolution = await source(time).resolve(call());
    expect(resolution?.source).toBe('model');
    expect(time.waits).toEqual([500]);

    fake.script(chatPath, 'reset');
    const failed = await source({ maxAttempts: 2, ...fakeTime() }).resolve(call());
    expect(textOf(failed)).toMatch(
      /after 2 attempts: the connection to http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions was reset before an answer came/,
    );
  });

  it('stops at once on a context overflow and names the settings that fix it', async () => {
    fake.script(chatPath, {
      status: 400,
      json: toErrorBody("This model's maximum context length is 4096 tokens. However, you requested 6021 tokens.", 'BadRequestError'),
    });
    const resolution = await source(fakeTime()).resolve(call());
    expect(fake.requests).toHaveLength(1);
    expect(textOf(resolution)).toContain(
      'set MCPSIM_MODEL_CONTEXT to the context the server gives the model, or a smaller MCPSIM_PROMPT_BUDGET',
    );
  });
});

describe('the judge against an OpenAI-compatible server', () => {
  let fake: FakeOpenAI;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
  });
  afterAll(() => fake.close());

  it('uses the configured attempt time and deadline, retrying a timeout once', async () => {
    fake.script(chatPath, 'hang');
    const { model } = createResultModel({ baseUrl: fake.url, api: 'chat', model: 'fake-model' });
    const verdict = await createModelJudge({ model, timeoutMs: 100, deadlineMs: 60_000 })('It names Rye', {
      tool: 'get_contact',
      arguments: {},
      result: { content: [] },
    });
    expect(verdict).toEqual({
      pass: null,
      reason: 'the judge model failed: no answer within 100 ms (MCPSIM_MODEL_TIMEOUT_MS)',
    });
    expect(fake.requests).toHaveLength(2);
  });
});
