import type { Embedder } from '../domain/embedder.js';
import type { EmbeddingStore } from '../store/embedding-store.js';
import type { RegistryStore } from '../store/registry-store.js';
import { createRegistrySearch, type RegistrySearch } from './registry-search.js';
import { createSemanticRanker, type ErrorLog } from './semantic-ranker.js';

/**
 * The registry search over the stores: lexical, and fused with embeddings when a model is given.
 *
 * @example
 *   const search = createSearch({ registry: stores.registry, embeddings: stores.embeddings, logger });
 */
export function createSearch({
  registry,
  embeddings,
  embedder,
  logger,
}: {
  registry: RegistryStore;
  embeddings: EmbeddingStore;
  embedder?: Embedder | undefined;
  logger: ErrorLog;
}): RegistrySearch {
  return createRegistrySearch(registry, embedder && createSemanticRanker(embedder, embeddings, logger));
}
