import type { CallLogEntry, WorldState } from '../domain/memory-log.js';
import { replayWorldChanges } from '../domain/world-replay.js';
import { apiError } from '../errors.js';
import type { CachedMemory, MemoryCache } from './memory-cache.js';
import type { MemoryEvents } from './memory-events.js';
import type { MemoryKey } from './memory-keys.js';
import type { MemoryWrites } from './memory-writes.js';

/**
 * One connection's part of a shared memory: the calls it made (`connectionId`) and what they
 * changed in the world. Replacing that part (a connection-scope reset or restore) keeps every
 * other call with its sequence number and rebuilds the world from the seed world with the changes
 * of the calls the log then holds, in sequence order, so the world is what those calls alone would
 * have built. The next sequence never goes back: numbers stay unique and increasing, and a
 * reader paging with `since` misses nothing.
 *
 * Only possible while the log holds every call since the last world reset: once retention
 * dropped calls, their changes live only in the world checkpoint and cannot be told apart.
 *
 * @example
 *   const part = createConnectionPart({ cache, writes, events, flush, seedOf: (key) => settings.startOf(key).world });
 *   part.replace(key, 'calendar', []); // calendar's calls are gone, the others' stay
 */
export function createConnectionPart({
  cache,
  writes,
  events,
  flush,
  seedOf,
}: {
  cache: MemoryCache;
  writes: MemoryWrites;
  events: MemoryEvents;
  flush(): void;
  seedOf(key: MemoryKey): WorldState;
}) {
  /** The memory of `key` once every waiting call is committed; throws 409 when its log is not whole. */
  function wholeMemory(key: MemoryKey, connectionId: string, action: string): CachedMemory {
    flush();
    const memory = cache.get(key);
    // Set once retention dropped a call (or a restored snapshot or fork had dropped some).
    if (memory.occurrencesStored) {
      throw apiError(
        'conflict',
        `Cannot ${action} connection "${connectionId}" alone: the shared log no longer holds every call since the world was last reset (retention dropped the oldest), so the world cannot be rebuilt without its calls; use scope=world`,
      );
    }
    return memory;
  }

  return {
    /** The calls `connectionId` made, oldest first (throws 409 when the log is not whole, see above). */
    callsOf(key: MemoryKey, connectionId: string): CallLogEntry[] {
      return wholeMemory(key, connectionId, 'snapshot').history.filter((entry) => entry.connectionId === connectionId);
    },

    /**
     * Replaces the calls `connectionId` made with `calls` (none: a reset), keeping the others', and
     * rebuilds the world; returns how many calls the memory then holds. `calls` keep their
     * sequence numbers, which must be free and below the next sequence (true unless the world was
     * reset since they were logged): otherwise 409 and nothing changes.
     */
    replace(key: MemoryKey, connectionId: string, calls: readonly CallLogEntry[]): number {
      const memory = wholeMemory(key, connectionId, calls.length === 0 ? 'reset' : 'restore');
      const kept = memory.history.filter((entry) => entry.connectionId !== connectionId);
      const taken = new Set(kept.map((entry) => entry.sequence));
      const clash = calls.find((entry) => taken.has(entry.sequence) || entry.sequence >= memory.nextSequence);
      if (clash) {
        throw apiError(
          'conflict',
          `Cannot restore connection "${connectionId}" alone: its call ${clash.sequence} (${clash.tool}) is no longer a free place in the shared log (next sequence ${memory.nextSequence}), because the world was reset after the snapshot; restore it with scope=world, or reset the world first`,
        );
      }
      const history = [...kept, ...calls].sort((left, right) => left.sequence - right.sequence);
      const world = replayWorldChanges(
        seedOf(key),
        history.flatMap((entry) => (entry.changes ? [entry.changes] : [])),
      );
      writes.transaction(() => {
        writes.deleteConnectionCalls(key, connectionId);
        for (const entry of calls) writes.insertCall(key, entry);
        // The world after the last call, and null counts: the rows hold every call, so they are counted.
        writes.saveWorld(key, JSON.stringify(world), history.at(-1)?.sequence ?? 0, memory.nextSequence, null);
      });
      cache.forget(key);
      events.emit({ kind: 'replaced', key });
      return history.length;
    },
  };
}

export type ConnectionPart = ReturnType<typeof createConnectionPart>;
