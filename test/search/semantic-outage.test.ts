/**
 * Semantic search against an OpenAI-compatible embeddings endpoint on 127.0.0.1 that hangs, fails,
 * changes its vectors' length, or is shut down on: a search never waits longer than the
 * embedder's timeout, an outage costs later searches nothing until the ranker tries again, and
 * shutdown aborts what is in flight.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { semanticRetryMs } from '../../src/search/semantic-ranker.js';
import { createOpenAIEmbedder } from '../../src/sim/model/embedder.js';
import { embeddingsPath, startFakeOpenAI, type FakeOpenAI, type Reply } from '../support/fake-openai-server.js';
import { startHarness, type Harness } from '../support/harness.js';

/** An embeddings answer of `dimensions` numbers per input, as OpenAI sends it. */
const vectors =
  (dimensions: number): Reply =>
  (request) => {
    const input = request.body.input as string[];
    return {
      json: {
        object: 'list',
        model: 'fake-embed',
        data: input.map((text, index) => ({
          object: 'embedding',
          index,
          embedding: Array.from({ length: dimensions }, (_, axis) => (text.length % (axis + 2)) + 0.5),
        })),
        usage: { prompt_tokens: input.length, total_tokens: input.length },
      },
    };
  };

const inputsOf = (fake: FakeOpenAI) => fake.requests.flatMap((request) => request.body.input as string[]);
const firstName = (body: { servers: { qualifiedName: string }[] }) => body.servers[0]?.qualifiedName;

describe('semantic search when the embeddings endpoint misbehaves', () => {
  let fake: FakeOpenAI;
  let harness: Harness | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'mcpsim-semantic-outage-'));

  beforeAll(async () => {
    fake = await startFakeOpenAI();
  });
  afterAll(async () => {
    await fake.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(() => {
    fake.requests.length = 0;
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(async () => {
    vi.useRealTimers();
    await harness?.close();
    harness = undefined;
  });

  const start = async (options: { timeoutMs?: number; dir?: string } = {}) => {
    const embedder = createOpenAIEmbedder({ baseUrl: fake.url, model: 'fake-embed', timeoutMs: options.timeoutMs ?? 300 });
    harness = await startHarness('in-process', { embedder, ...(options.dir ? { dataDir: options.dir } : {}) });
    return { harness, embedder };
  };

  it('answers with the lexical ranking when a request hangs, asks nothing during the outage, and tries again later', async () => {
    fake.script(embeddingsPath, 'hang');
    const { harness } = await start();
    const first = await harness.call('GET', '/servers?q=github&fields=qualifiedName');
    expect(first.status).toBe(200);
    expect(firstName(first.body)).toBe('@github/github-mcp-server');
    await expect.poll(() => fake.requests[0]?.aborted).toBe(true);
    expect(harness.logged.join('\n')).toMatch(
      /Semantic search is unavailable \(model openai.embedding:fake-embed\).*gave no answer within 300 ms/,
    );

    // During the outage no search waits on the endpoint.
    const asked = fake.requests.length;
    expect((await harness.call('GET', '/servers?q=slack&fields=qualifiedName')).status).toBe(200);
    expect(fake.requests).toHaveLength(asked);

    // The endpoint recovers; after the wait the ranker asks again, and it is not stuck on the hung request.
    fake.script(embeddingsPath, vectors(4));
    vi.setSystemTime(Date.now() + semanticRetryMs + 1);
    expect((await harness.call('GET', '/servers?q=notion&fields=qualifiedName')).status).toBe(200);
    expect(fake.requests.length).toBeGreaterThan(asked);
    expect(fake.requests.at(-1)!.answered).toBe(true);
    expect(harness.logged.filter((line) => line.includes('Semantic search is unavailable'))).toHaveLength(1);
  });

  it('falls back at once, without retries, when the endpoint answers 500', async () => {
    fake.script(embeddingsPath, { status: 500, json: { error: { message: 'model crashed', type: 'server_error' } } });
    const { harness } = await start({ timeoutMs: 30_000 });
    expect((await harness.call('GET', '/servers?q=github&fields=qualifiedName')).status).toBe(200);
    expect(fake.requests).toHaveLength(1);
  });

  it('aborts a request in flight on close, so shutdown need not wait for it', async () => {
    fake.script(embeddingsPath, 'hang');
    const { harness, embedder } = await start({ timeoutMs: 60_000 });
    const search = harness.call('GET', '/servers?q=github&fields=qualifiedName');
    await expect.poll(() => fake.requests.length).toBe(1);
    embedder.close?.();
    expect((await search).status).toBe(200);
    expect(harness.logged.join('\n')).toContain('mcpsim is shutting down');
    await expect.poll(() => fake.requests[0]!.aborted).toBe(true);
  });

  it('refuses vectors whose length changes, and embeds stored vectors of another length again', async () => {
    const dir = mkdtempSync(join(dataDir, 'dims-'));
    fake.script(embeddingsPath, vectors(4));
    const first = await start({ dir, timeoutMs: 30_000 });
    expect((await first.harness.call('GET', '/servers?q=github')).status).toBe(200);
    expect(inputsOf(fake).length).toBeGreaterThan(1);
    fake.script(embeddingsPath, vectors(3));
    await expect(first.embedder.embed(['another'])).rejects.toThrow(/3 dimensions where earlier ones had 4/);
    await first.harness.close();
    harness = undefined;

    // A restart on the same data, the model behind the name now answering 3 numbers: the stored 4-number vectors are made again.
    fake.requests.length = 0;
    const second = await start({ dir, timeoutMs: 30_000 });
    expect((await second.harness.call('GET', '/servers?q=github')).status).toBe(200);
    expect(inputsOf(fake)[0]).toBe('github');
    expect(inputsOf(fake).length).toBeGreaterThan(1);
    expect(second.harness.logged).toEqual([]);
  });
});
