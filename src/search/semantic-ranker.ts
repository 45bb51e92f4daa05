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

/**
 * "Semantic" search: entries and queries are embedded (entry vectors cached in SQLite per model
 * and text hash), ranked by cosine similarity, and fused with the lexical ranking by reciprocal
 * rank fusion. If the embeddings model fails, the lexical ranking is returned unchanged and the
 * failure is logged once per registry revision.
 */
export function createSemanticRanker(embedder: Embedder, store: EmbeddingStore, logger: ErrorLog): SemanticRanker {
  const vectorsBySnapshot = new WeakMap<readonly RegistrySummary[], Promise<Float32Array[]>>();
  const queryVectors = new Map<string, Float32Array>();
  let lastFailure: readonly RegistrySummary[] | null = null;

  async function entryVectors(summaries: readonly RegistrySummary[]): Promise<Float32Array[]> {
    const cached = store.load(embedder.model);
    const vectors: Float32Array[] = new Array(summaries.length);
    const missing: { position: number; text: string; textHash: string }[] = [];
    summaries.forEach((summary, position) => {
      const text = `${summary.displayName}: ${summary.description}`;
      const textHash = createHash('sha256').update(text).digest('hex').slice(0, 32);
      const hit = cached.get(summary.id);
      if (hit?.textHash === textHash) vectors[position] = hit.vector;
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
      let vectors: Float32Array[];
      let target: Float32Array;
      try {
        let pending = vectorsBySnapshot.get(summaries);
        if (!pending) {
          pending = entryVectors(summaries);
          vectorsBySnapshot.set(summaries, pending);
          pending.catch(() => vectorsBySnapshot.delete(summaries));
        }
        [vectors, target] = await Promise.all([pending, queryVector(query)]);
      } catch (error) {
        if (lastFailure !== summaries)
          logger.error(`Semantic search is unavailable (model ${embedder.model}); using lexical ranking only`, error);
        lastFailure = summaries;
        return hits;
      }
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
