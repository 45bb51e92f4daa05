import { createHash } from 'node:crypto';
import type { RegistrySummary } from '../domain/registry.js';
import type { Embedder } from '../domain/embedder.js';
import type { SearchHit } from './search-index.js';
import type { EmbeddingStore } from '../store/embedding-store.js';

/** Where a failing embeddings model is reported (the platform's logger fits). */
export interface ErrorLog {
  error(message: string, error?: unknown): void;
}

export interface SemanticRanker {
  /** Fuses lexical `hits` with the entries nearest to `query` in embedding space. */
  fuse(
    query: string,
    hits: SearchHit[],
    summaries: readonly RegistrySummary[],
    options: { limit: number; accept?: (position: number) => boolean },
  ): Promise<SearchHit[]>;
}

/** Reciprocal rank fusion's constant: 60 is the value of the original paper and of most engines. */
const fusionK = 60;
const batchSize = 128;
const maxCachedQueries = 500;
/** After the embeddings model failed, searches are lexical for this long before it is asked again. */
export const semanticRetryMs = 30_000;

export interface SemanticRankerOptions {
  /** Milliseconds, for the wait after a failure; default `Date.now`. */
  now?: () => number;
  /** How long searches stay lexical after a failure; default 30 000 ms. */
  retryMs?: number;
}

/**
 * "Semantic" search: entries and queries are embedded (entry vectors cached in SQLite per model
 * and text hash), ranked by cosine similarity, and fused with the lexical ranking by reciprocal
 * rank fusion. If the embeddings model fails (the embedder bounds each request by a timeout), the
 * lexical ranking is returned unchanged, the failure is logged once, and for `retryMs` searches do
 * not ask the model at all (an outage must not cost every search a timeout); then it is tried again.
 * Only finished vectors are cached, never a pending request. Stored vectors of another length than
 * the model's answers now (the model behind the name changed) are embedded again.
 */
export function createSemanticRanker(
  embedder: Embedder,
  store: EmbeddingStore,
  logger: ErrorLog,
  options: SemanticRankerOptions = {},
): SemanticRanker {
  const now = options.now ?? Date.now;
  const retryMs = options.retryMs ?? semanticRetryMs;
  const vectorsBySnapshot = new WeakMap<readonly RegistrySummary[], Float32Array[]>();
  // Concurrent searches of one snapshot share the request in flight; it always settles (the embedder's timeout), and is dropped when it does.
  const inFlight = new WeakMap<readonly RegistrySummary[], Promise<Float32Array[]>>();
  const queryVectors = new Map<string, Float32Array>();
  let failedAt: number | null = null;

  async function entryVectors(summaries: readonly RegistrySummary[], dimensions: number): Promise<Float32Array[]> {
    const cached = store.load(embedder.model);
    const vectors: Float32Array[] = new Array(summaries.length);
    const missing: { position: number; text: string; textHash: string }[] = [];
    summaries.forEach((summary, position) => {
      const text = `${summary.displayName}: ${summary.description}`;
      const textHash = createHash('sha256').update(text).digest('hex').slice(0, 32);
      const hit = cached.get(summary.id);
      if (hit?.textHash === textHash && hit.vector.length === dimensions) vectors[position] = hit.vector;
      else missing.push({ position, text, textHash });
    });
    for (let start = 0; start < missing.length; start += batchSize) {
      const batch = missing.slice(start, start + batchSize);
      const embedded = await embedder.embed(batch.map((item) => item.text));
      const rows = batch.map((item, index) => ({
        serverId: summaries[item.position]!.id,
        textHash: item.textHash,
        vector: normalize(embedded[index]!),
      }));
      rows.forEach((row, index) => (vectors[batch[index]!.position] = row.vector));
      store.save(embedder.model, rows);
    }
    return vectors;
  }

  function snapshotVectors(summaries: readonly RegistrySummary[], dimensions: number): Promise<Float32Array[]> {
    const done = vectorsBySnapshot.get(summaries);
    if (done?.every((vector) => vector.length === dimensions)) return Promise.resolve(done);
    let pending = inFlight.get(summaries);
    if (!pending) {
      pending = entryVectors(summaries, dimensions).then((vectors) => {
        vectorsBySnapshot.set(summaries, vectors);
        return vectors;
      });
      inFlight.set(summaries, pending);
      void pending.catch(() => {}).finally(() => inFlight.delete(summaries));
    }
    return pending;
  }

  async function queryVector(query: string): Promise<Float32Array> {
    const key = query.trim().toLowerCase();
    let vector = queryVectors.get(key);
    if (!vector) {
      vector = normalize((await embedder.embed([key]))[0]!);
      if (queryVectors.size >= maxCachedQueries) queryVectors.clear();
      queryVectors.set(key, vector);
    }
    return vector;
  }

  return {
    async fuse(query, hits, summaries, options) {
      if (failedAt !== null && now() - failedAt < retryMs) return hits;
      let vectors: Float32Array[];
      let target: Float32Array;
      try {
        target = await queryVector(query);
        vectors = await snapshotVectors(summaries, target.length);
      } catch (error) {
        if (failedAt === null)
          logger.error(
            `Semantic search is unavailable (model ${embedder.model}); using lexical ranking only, trying again in ${retryMs / 1000} s`,
            error,
          );
        failedAt = now();
        return hits;
      }
      failedAt = null;
      const similarities: { position: number; similarity: number }[] = [];
      vectors.forEach((vector, position) => {
        if (!options.accept || options.accept(position)) similarities.push({ position, similarity: dot(vector, target) });
      });
      similarities.sort((left, right) => right.similarity - left.similarity || left.position - right.position);
      const fused = new Map<number, number>();
      hits.forEach((hit, rank) => fused.set(hit.position, 1 / (fusionK + rank + 1)));
      similarities
        .slice(0, options.limit)
        .forEach(({ position }, rank) => fused.set(position, (fused.get(position) ?? 0) + 1 / (fusionK + rank + 1)));
      const ranked = [...fused].sort((left, right) => right[1] - left[1] || left[0] - right[0]).slice(0, options.limit);
      const best = ranked[0]?.[1] ?? 1;
      return ranked.map(([position, score]) => ({ position, score: Math.round((score / best) * 10_000) / 10_000 }));
    },
  };
}

function normalize(values: readonly number[]): Float32Array {
  const vector = Float32Array.from(values);
  let length = 0;
  for (const value of vector) length += value * value;
  length = Math.sqrt(length) || 1;
  for (let index = 0; index < vector.length; index++) vector[index]! /= length;
  return vector;
}

function dot(left: Float32Array, right: Float32Array): number {
  let total = 0;
  const size = Math.min(left.length, right.length);
  for (let index = 0; index < size; index++) total += left[index]! * right[index]!;
  return total;
}
