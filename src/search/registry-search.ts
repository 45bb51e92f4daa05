import { createRegistryFilter, toSeededOrder, type RegistryFilters } from './registry-query.js';
import { createSearchIndex, type SearchHit, type SearchIndex } from './search-index.js';
import type { RegistryStore } from '../store/registry-store.js';
import type { RegistrySummary, ServerListField } from '../domain/registry.js';
import type { SemanticRanker } from './semantic-ranker.js';

export interface ServerListQuery extends RegistryFilters {
  q?: string | undefined;
  page: number;
  pageSize: number;
  topK: number;
  fields: readonly ServerListField[];
  seed?: number | undefined;
}

interface Snapshot {
  revision: string;
  summaries: RegistrySummary[];
  ids: string[];
  index?: SearchIndex;
  /** Ordered positions per filter and seed, so paging through one order sorts it once. */
  orders: Map<string, number[]>;
  /** Finished response bodies per query. */
  responses: Map<string, string>;
}

const maxCachedResponses = 2_000;
const maxCachedOrders = 64;

/**
 * `GET /servers` over an in-memory snapshot of the registry. The snapshot, its search index and
 * its caches live until the registry's revision changes (any write, by any process), which is
 * checked with one small query per request.
 */
export function createRegistrySearch(registry: RegistryStore, semantic?: SemanticRanker) {
  let snapshot: Snapshot | null = null;

  function current(): Snapshot {
    const revision = registry.revision();
    if (snapshot?.revision !== revision) {
      const summaries = registry.listSummaries();
      snapshot = { revision, summaries, ids: summaries.map((summary) => summary.id), orders: new Map(), responses: new Map() };
    }
    return snapshot;
  }

  function indexOf(state: Snapshot): SearchIndex {
    state.index ??= createSearchIndex(
      state.summaries.map((summary) => ({
        name: `${summary.displayName} ${summary.qualifiedName}`,
        description: summary.description,
        useCount: summary.useCount,
        verified: summary.verified,
      })),
    );
    return state.index;
  }

  /** Positions (and scores, when searching) of every entry the query selects, in result order. */
  async function select(state: Snapshot, query: ServerListQuery): Promise<{ positions: number[]; scores?: Map<number, number> }> {
    const filter = createRegistryFilter(query);
    const accept = filter ? (position: number) => filter(state.summaries[position]!) : undefined;
    if (query.q !== undefined && query.q.trim() !== '') {
      let hits: SearchHit[] = indexOf(state).search(query.q, { limit: query.topK, ...(accept ? { accept } : {}) });
      if (semantic) hits = await semantic.fuse(query.q, hits, state.summaries, { limit: query.topK, ...(accept ? { accept } : {}) });
      return { positions: hits.map((hit) => hit.position), scores: new Map(hits.map((hit) => [hit.position, hit.score])) };
    }
    const key = JSON.stringify([filterKey(query), query.seed ?? null]);
    let positions = state.orders.get(key);
    if (!positions) {
      positions = [];
      for (let position = 0; position < state.summaries.length; position++) if (!accept || accept(position)) positions.push(position);
      if (query.seed !== undefined) positions = toSeededOrder(positions, state.ids, query.seed);
      if (state.orders.size >= maxCachedOrders) state.orders.clear();
      state.orders.set(key, positions);
    }
    return { positions };
  }

  return {
    /** Builds the snapshot and its search index now, instead of on the first search. */
    warm(): void {
      indexOf(current());
    },
    /** The response body of `GET /servers` for `query`, as JSON text. */
    async list(query: ServerListQuery): Promise<string> {
      const state = current();
      const cacheKey = JSON.stringify(query, (_, value: unknown) => (value instanceof Set ? [...value].sort() : value));
      const cached = state.responses.get(cacheKey);
      if (cached !== undefined) return cached;

      const { positions, scores } = await select(state, query);
      const start = (query.page - 1) * query.pageSize;
      const servers = positions.slice(start, start + query.pageSize).map((position) => {
        const summary = state.summaries[position]!;
        return toListItem(summary, scores?.get(position) ?? summary.quality, query.fields);
      });
      const body = JSON.stringify({
        servers,
        pagination: {
          currentPage: query.page,
          pageSize: query.pageSize,
          totalPages: Math.ceil(positions.length / query.pageSize),
          totalCount: positions.length,
        },
      });
      if (state === snapshot) {
        if (state.responses.size >= maxCachedResponses) state.responses.clear();
        state.responses.set(cacheKey, body);
      }
      return body;
    },
  };
}

export type RegistrySearch = ReturnType<typeof createRegistrySearch>;

function filterKey(query: ServerListQuery): unknown[] {
  return [
    query.ids ? [...query.ids].sort() : null,
    query.qualifiedName,
    query.namespace,
    query.remote,
    query.isDeployed,
    query.verified,
    query.ownerId,
    query.repoOwner,
    query.repoName,
  ];
}

function toListItem(summary: RegistrySummary, score: number, fields: readonly ServerListField[]): Record<string, unknown> {
  const item: Record<ServerListField, unknown> = {
    id: summary.id,
    qualifiedName: summary.qualifiedName,
    namespace: summary.namespace,
    slug: summary.slug,
    displayName: summary.displayName,
    description: summary.description,
    iconUrl: summary.iconUrl,
    verified: summary.verified,
    useCount: summary.useCount,
    remote: summary.remote,
    isDeployed: summary.isDeployed,
    createdAt: summary.createdAt,
    homepage: summary.homepage,
    byPlatform: summary.byPlatform,
    owner: summary.owner,
    score,
  };
  const picked: Record<string, unknown> = {};
  for (const field of fields) picked[field] = item[field];
  return picked;
}
