import { MockEmbeddingModelV3 } from 'ai/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createEmbedder } from '../../src/sim/model/embedder.js';
import { startHarness, type Harness } from '../support/harness.js';

/** Words that mean the same thing share an axis, so similar meanings get similar vectors. */
const concepts: Record<string, number> = {
  car: 0,
  automobile: 0,
  vehicle: 0,
  rental: 0,
  money: 1,
  payment: 1,
  invoice: 1,
  billing: 1,
  weather: 2,
  forecast: 2,
  rain: 2,
};

function embedText(text: string): number[] {
  const vector = [0.01, 0.01, 0.01, 0.01];
  for (const word of text.toLowerCase().match(/[a-z]+/g) ?? []) {
    const axis = concepts[word];
    if (axis !== undefined) vector[axis]! += 1;
  }
  return vector;
}

function createModel(options: { fail?: boolean } = {}) {
  return new MockEmbeddingModelV3({
    provider: 'test',
    modelId: 'concepts-4d',
    maxEmbeddingsPerCall: 64,
    doEmbed: async ({ values }) => {
      if (options.fail) throw new Error('embeddings endpoint is down');
      return { embeddings: values.map((value) => embedText(String(value))), warnings: [] };
    },
  });
}

const dataDir = mkdtempSync(join(tmpdir(), 'mcpsim-semantic-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function startWith(model: MockEmbeddingModelV3): Promise<Harness> {
  const harness = await startHarness('in-process', { dataDir, embedder: createEmbedder(model, { maxRetries: 0 }) });
  await harness.call('PUT', '/servers/@fleet/cars', { body: { displayName: 'Fleet', description: 'Car rental bookings for your team.' } });
  await harness.call('PUT', '/servers/@ledger/books', { body: { displayName: 'Ledger', description: 'Invoice and billing records.' } });
  return harness;
}

const names = (body: { servers: { qualifiedName: string }[] }) => body.servers.map((server) => server.qualifiedName);

describe('semantic registry search with an embeddings model', () => {
  it('finds entries by meaning when no word matches, fused with the lexical ranking', async () => {
    const model = createModel();
    const harness = await startWith(model);
    try {
      const lexicalMiss = await harness.call('GET', '/servers?q=automobile&fields=qualifiedName,score&pageSize=3');
      expect(lexicalMiss.status).toBe(200);
      expect(names(lexicalMiss.body)[0]).toBe('@fleet/cars');
      expect(lexicalMiss.body.servers[0].score).toBe(1);
      const payment = await harness.call('GET', '/servers?q=payment&fields=qualifiedName&pageSize=3');
      expect(names(payment.body)[0]).toBe('@ledger/books');
      // A word both rankings agree on stays first.
      expect(names((await harness.call('GET', '/servers?q=invoice&fields=qualifiedName')).body)[0]).toBe('@ledger/books');
      expect(model.doEmbedCalls.length).toBeGreaterThan(0);
    } finally {
      await harness.close();
    }
  });

  it('keeps entry vectors in SQLite, so a restart embeds only the queries', async () => {
    const model = createModel();
    const harness = await startWith(model);
    try {
      await harness.call('GET', '/servers?q=automobile');
      const embedded = model.doEmbedCalls.flatMap((call) => call.values);
      expect(embedded).toEqual(['automobile']);
    } finally {
      await harness.close();
    }
  });

  it('falls back to the lexical ranking, and logs why, when the model fails', async () => {
    const harness = await startHarness('in-process', { embedder: createEmbedder(createModel({ fail: true }), { maxRetries: 0 }) });
    try {
      const response = await harness.call('GET', '/servers?q=github&fields=qualifiedName');
      expect(response.status).toBe(200);
      expect(names(response.body)[0]).toBe('@github/github-mcp-server');
      expect(harness.logged.join('\n')).toContain('Semantic search is unavailable (model test:concepts-4d)');
    } finally {
      await harness.close();
    }
  });
});
