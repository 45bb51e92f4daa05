import { type CallLogEntry, type LoggedResult, type ResultOrigin, type WorldChanges, type WorldState } from '../domain/memory-log.js';
import { applyWorldChanges } from '../domain/world-state.js';
import type { ToolOverride } from '../domain/tool-operation.js';
import type { Sqlite } from './database.js';
import type { MemoryKey } from './memory-keys.js';
import type { MockSettings } from './mock-settings.js';

/** A connection's memory as the simulator reads it. Treat as read-only: it is the store's cache. */
export interface Memory {
  world: WorldState;
  /** Every call since the last reset (or the restored snapshot's calls), oldest first. */
  history: readonly CallLogEntry[];
  /** The sequence number the next call gets. */
  nextSequence: number;
  /** The scenario's corrections of the operation inference, by tool name (absent: none). */
  toolOverrides?: Readonly<Record<string, ToolOverride>>;
}

export interface CachedMemory extends Memory {
  history: CallLogEntry[];
  /** The call the stored world checkpoint reflects (0: none yet). */
  checkpointSequence: number;
  /** Calls so far per `tool \n argumentsKey`, for `nextOccurrence` in O(1). */
  occurrences: Map<string, number>;
}

interface CallRow {
  sequence: number;
  tool: string;
  arguments_key: string;
  arguments: string;
  occurrence: number;
  result: string;
  source: string;
  model: string | null;
  input_tokens: number | null;
  output_tokens: number | null;
  latency_ms: number;
  at: string;
  changes: string | null;
}

/**
 * How many connections' memories stay cached. Keys are never reused (AUTOINCREMENT), so a deleted
 * connection's entry can never be served to another one; this bound only stops them piling up.
 */
const maxCachedConnections = 256;

/**
 * The cached memories, least recently used first. A memory is read from SQLite once (the world
 * checkpoint with the changes of the calls after it applied) and then kept in step by
 * `recordCall`, so a call never re-reads the calls before it.
 *
 * @example
 *   const cache = createMemoryCache(db, { beforeEvict: () => batch.flush() });
 *   const { world, nextSequence } = cache.get(key);
 */
export function createMemoryCache(db: Sqlite, { beforeEvict, startOf }: { beforeEvict(): void; startOf(key: MemoryKey): MockSettings }) {
  const statements = {
    world: db.prepare<[number], { world: string; world_sequence: number; next_sequence: number }>(
      'SELECT world, world_sequence, next_sequence FROM memory_worlds WHERE connection_seq = ?',
    ),
    calls: db.prepare<[number], CallRow>('SELECT * FROM memory_calls WHERE connection_seq = ? ORDER BY sequence'),
  };
  const cache = new Map<MemoryKey, CachedMemory>();

  /**
   * Reads a memory: the world checkpoint (or, before the first one, the seed world of its mock
   * settings) with the changes of the calls after it applied.
   */
  function read(key: MemoryKey): CachedMemory {
    const stored = statements.world.get(key);
    const history = statements.calls.all(key).map(toEntry);
    const occurrences = new Map<string, number>();
    const start = startOf(key);
    let world = stored ? (JSON.parse(stored.world) as WorldState) : start.world;
    const checkpointSequence = stored?.world_sequence ?? 0;
    for (const entry of history) {
      const name = occurrenceKey(entry.tool, entry.argumentsKey);
      occurrences.set(name, (occurrences.get(name) ?? 0) + 1);
      if (entry.sequence > checkpointSequence && entry.changes) world = applyWorldChanges(world, entry.changes);
    }
    const toolOverrides = Object.keys(start.tools).length > 0 ? { toolOverrides: start.tools } : {};
    return { world, checkpointSequence, history, nextSequence: stored?.next_sequence ?? 1, occurrences, ...toolOverrides };
  }

  return {
    /** The memory of `key`, read on a miss; it becomes the most recently used. */
    get(key: MemoryKey): CachedMemory {
      let memory = cache.get(key);
      if (memory) {
        // Most recently used last, so the eviction below drops the least recently used.
        cache.delete(key);
      } else {
        memory = read(key);
        if (cache.size >= maxCachedConnections) {
          // A memory with calls waiting to commit must stay cached until they are: commit them first.
          beforeEvict();
          cache.delete(cache.keys().next().value!);
        }
      }
      cache.set(key, memory);
      return memory;
    },
    /** The cached memory of `key` if there is one, leaving the order of use as it is. */
    peek(key: MemoryKey): CachedMemory | undefined {
      return cache.get(key);
    },
    /** Drops the cached memory of `key`; the next `get` reads it from SQLite. */
    forget(key: MemoryKey): void {
      cache.delete(key);
    },
  };
}

export type MemoryCache = ReturnType<typeof createMemoryCache>;

/**
 * Applies one call to a cached memory: logged, counted for its occurrence, its changes applied to
 * the world, and the next sequence moved past it.
 *
 * @example
 *   recordCall(cache.get(key), { ...entry, sequence: 7 }, changes); // cache.get(key).nextSequence is now at least 8
 */
export function recordCall(memory: CachedMemory, entry: CallLogEntry, changes: WorldChanges | undefined): void {
  memory.history.push(entry);
  const name = occurrenceKey(entry.tool, entry.argumentsKey);
  memory.occurrences.set(name, (memory.occurrences.get(name) ?? 0) + 1);
  memory.world = changes ? applyWorldChanges(memory.world, changes) : memory.world;
  memory.nextSequence = Math.max(memory.nextSequence, entry.sequence + 1);
}

/**
 * How many calls of `tool` with these arguments the memory holds.
 *
 * @example
 *   countOccurrences(cache.get(key), 'github.list_issues', '{"state":"open"}'); // 2 after two such calls
 */
export function countOccurrences(memory: CachedMemory, tool: string, argumentsKey: string): number {
  return memory.occurrences.get(occurrenceKey(tool, argumentsKey)) ?? 0;
}

function occurrenceKey(tool: string, argumentsKey: string): string {
  return `${tool}\n${argumentsKey}`;
}

function toEntry(row: CallRow): CallLogEntry {
  return {
    sequence: row.sequence,
    tool: row.tool,
    arguments: JSON.parse(row.arguments) as Record<string, unknown>,
    argumentsKey: row.arguments_key,
    occurrence: row.occurrence,
    result: JSON.parse(row.result) as LoggedResult,
    source: row.source as ResultOrigin,
    model: row.model,
    usage: row.input_tokens === null || row.output_tokens === null ? null : { inputTokens: row.input_tokens, outputTokens: row.output_tokens },
    latencyMs: row.latency_ms,
    at: row.at,
    ...(row.changes === null ? {} : { changes: JSON.parse(row.changes) as WorldChanges }),
  };
}
