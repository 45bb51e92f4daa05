import { toOccurrenceKey, type MemoryLimits } from '../domain/call-log-bounds.js';
import { type CallLogEntry, type WorldChanges, type WorldState } from '../domain/memory-log.js';
import { applyWorldChangesInPlace } from '../domain/world-state.js';
import { replayWorldChanges } from '../domain/world-replay.js';
import type { EntityCorrection, ToolOverride } from '../domain/tool-override.js';
import { prepareCallTerms } from './call-terms.js';
import { prepareStoredCalls, toEntry } from './stored-calls.js';
import type { Sqlite } from './database.js';
import type { MemoryKey } from './memory-keys.js';
import type { MockSettings } from './mock-settings.js';

/**
 * A connection's memory as the simulator reads it. Treat as read-only: it is the store's cache,
 * and its world's type objects change in place when the next call is recorded.
 */
export interface Memory {
  world: WorldState;
  /** Every call since the last reset (or the restored snapshot's calls), oldest first. */
  history: readonly CallLogEntry[];
  /** The sequence number the next call gets. */
  nextSequence: number;
  /** The scenario's corrections of the operation inference, by tool name (absent: none). */
  toolOverrides?: Readonly<Record<string, ToolOverride>>;
  /** The scenario's corrections of the service model, by entity type (absent: none). */
  entityCorrections?: Readonly<Record<string, EntityCorrection>>;
}

export interface CachedMemory extends Memory {
  history: CallLogEntry[];
  /**
   * The world's type objects this cache made and alone holds: a call's changes are applied to them
   * in place (world-state.ts), so a call costs what it changes, not the size of its types.
   */
  ownedTypes: WeakSet<object>;
  /** The call the stored world checkpoint reflects (0: none yet). */
  checkpointSequence: number;
  /** JSON text of the stored checkpoint (world and counts), and of the changes stored since: see call-batch.ts. */
  checkpointChars: number;
  changedSinceCheckpoint: number;
  /** Whether the stored checkpoint holds the occurrence counts (else they are counted from the rows). */
  checkpointHoldsOccurrences: boolean;
  /** Calls so far per `toOccurrenceKey`, for `nextOccurrence` in O(1); retention does not lower them. */
  occurrences: Map<string, number>;
  /** Bytes of the kept calls (see `entryBytes`). */
  bytes: number;
  /** Retention dropped the calls up to this sequence from the cache; `deletedThrough`: and from disk. */
  droppedThrough: number;
  deletedThrough: number;
  /**
   * Whether the counts are stored with the world checkpoint (once retention dropped a call, they
   * can no longer be rebuilt from the rows).
   */
  occurrencesStored: boolean;
}

/** The logged size of each kept call (arguments, key, result and changes as JSON text), for the byte bound. */
const entryBytes = new WeakMap<CallLogEntry, number>();

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
export function createMemoryCache(
  db: Sqlite,
  { beforeEvict, startOf, limits }: { beforeEvict(): void; startOf(key: MemoryKey): MockSettings; limits: MemoryLimits },
) {
  const terms = prepareCallTerms(db);
  const calls = prepareStoredCalls(db);
  const statements = {
    world: db.prepare<[number], { world: string; world_sequence: number; next_sequence: number; occurrences: string | null }>(
      'SELECT world, world_sequence, next_sequence, occurrences FROM memory_worlds WHERE connection_seq = ?',
    ),
  };
  const cache = new Map<MemoryKey, CachedMemory>();
  /** The key used last (the last in `cache`'s order while it is cached). */
  let newest: MemoryKey | undefined;

  /**
   * Reads a memory: the world checkpoint (or, before the first one, the seed world of its mock
   * settings) with the changes of the calls after it applied.
   */
  function read(key: MemoryKey): CachedMemory {
    const stored = statements.world.get(key);
    const rows = calls.rows(key, stored?.world_sequence ?? 0);
    const textOf = calls.textOf(key);
    // Stored counts hold every call up to the checkpoint (retention may have dropped their rows).
    const occurrencesStored = stored?.occurrences != null;
    const occurrences = new Map<string, number>(occurrencesStored ? (JSON.parse(stored!.occurrences!) as [string, number][]) : []);
    const start = startOf(key);
    const checkpointSequence = stored?.world_sequence ?? 0;
    let bytes = 0;
    let changedSinceCheckpoint = 0;
    const history: CallLogEntry[] = [];
    const withTerms: CallLogEntry[] = [];
    const replayed: WorldChanges[] = [];
    for (const row of rows) {
      const [sequence, tool, argumentsKey, , , , , , , , , , termsIndexed, changes, , chars] = row;
      const pastCheckpoint = sequence > checkpointSequence;
      if (!occurrencesStored || pastCheckpoint) {
        const name = toOccurrenceKey(tool, argumentsKey);
        occurrences.set(name, (occurrences.get(name) ?? 0) + 1);
      }
      // The entry keeps what the call changed (the timeline shows it); past the checkpoint, it rebuilds the world.
      const entry = toEntry(row, textOf);
      if (pastCheckpoint && entry.changes) {
        replayed.push(entry.changes);
        changedSinceCheckpoint += changes!.length;
      }
      entryBytes.set(entry, chars);
      bytes += chars;
      history.push(entry);
      if (termsIndexed) withTerms.push(entry);
    }
    terms.register(key, history, withTerms);
    const toolOverrides = {
      ...(Object.keys(start.tools).length > 0 ? { toolOverrides: start.tools } : {}),
      ...(start.entities ? { entityCorrections: start.entities } : {}),
    };
    // All at once: applied one call at a time, each would copy the entities of the types it touches.
    const world = replayWorldChanges(stored ? (JSON.parse(stored.world) as WorldState) : start.world, replayed);
    const memory: CachedMemory = {
      world,
      checkpointSequence,
      checkpointChars: (stored?.world.length ?? 0) + (stored?.occurrences?.length ?? 0),
      changedSinceCheckpoint,
      checkpointHoldsOccurrences: occurrencesStored,
      ownedTypes: new WeakSet(),
      history,
      // A commit without a checkpoint does not store the next sequence (call-batch.ts): the last call's row says it.
      nextSequence: Math.max(stored?.next_sequence ?? 1, (history.at(-1)?.sequence ?? 0) + 1),
      occurrences,
      bytes,
      droppedThrough: 0,
      deletedThrough: 0,
      occurrencesStored,
      ...toolOverrides,
    };
    // Limits lowered since these calls were stored: the next commit deletes what is over them.
    applyRetention(memory, limits);
    return memory;
  }

  return {
    /** The memory of `key`, read on a miss; it becomes the most recently used. */
    get(key: MemoryKey): CachedMemory {
      let memory = cache.get(key);
      // A call reads its memory several times: the one already used last needs no reordering.
      if (memory && key === newest) return memory;
      newest = key;
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
export function recordCall(
  memory: CachedMemory,
  logged: { entry: CallLogEntry; bytes: number },
  changes: WorldChanges | undefined,
  limits: MemoryLimits,
): void {
  const { entry, bytes } = logged;
  memory.history.push(entry);
  entryBytes.set(entry, bytes);
  memory.bytes += bytes;
  const name = toOccurrenceKey(entry.tool, entry.argumentsKey);
  memory.occurrences.set(name, (memory.occurrences.get(name) ?? 0) + 1);
  memory.world = changes ? applyWorldChangesInPlace(memory.world, changes, memory.ownedTypes) : memory.world;
  memory.nextSequence = Math.max(memory.nextSequence, entry.sequence + 1);
  applyRetention(memory, limits);
}

/**
 * Drops the oldest calls past the limits (always keeping the latest) from the cache; the next
 * commit deletes their rows and stores the world and the counts with a checkpoint.
 *
 * Once a limit is passed, calls go until the log is 1% below it: a checkpoint (the whole world
 * and every occurrence count as JSON) then costs one commit in a hundred calls of a full log
 * instead of every commit, which halved a full connection's sequential tools/call rate.
 */
function applyRetention(memory: CachedMemory, limits: MemoryLimits): void {
  const { history } = memory;
  if (history.length <= limits.maxCalls && memory.bytes <= limits.maxBytes) return;
  const keepCalls = limits.maxCalls - Math.floor(limits.maxCalls / 100);
  const keepBytes = limits.maxBytes - Math.floor(limits.maxBytes / 100);
  let drop = 0;
  let bytes = memory.bytes;
  while (history.length - drop > 1 && (history.length - drop > keepCalls || bytes > keepBytes)) {
    bytes -= entryBytes.get(history[drop]!) ?? 0;
    drop += 1;
  }
  if (drop === 0) return;
  memory.droppedThrough = history[drop - 1]!.sequence;
  history.splice(0, drop);
  memory.bytes = bytes;
  memory.occurrencesStored = true;
}

/** The logged size of a kept call (0 for one the cache did not measure). */
export function sizeOfEntry(entry: CallLogEntry): number {
  return entryBytes.get(entry) ?? 0;
}

/**
 * How many calls of `tool` with these arguments the memory holds.
 *
 * @example
 *   countOccurrences(cache.get(key), 'github.list_issues', '{"state":"open"}'); // 2 after two such calls
 */
export function countOccurrences(memory: CachedMemory, tool: string, argumentsKey: string): number {
  return memory.occurrences.get(toOccurrenceKey(tool, argumentsKey)) ?? 0;
}
