import { boundCallEntry, defaultMemoryLimits, type MemoryLimits } from '../domain/call-log-bounds.js';
import type { CallLogEntry, WorldChanges } from '../domain/memory-log.js';
import { createCallBatch, toStoredOccurrences } from './call-batch.js';
import type { CallTermsOf } from './call-terms.js';
import type { Sqlite } from './database.js';
import { createGroupCommit, type GroupCommit } from './group-commit.js';
import { countOccurrences, createMemoryCache, recordCall, type Memory } from './memory-cache.js';
import { createMemoryEvents } from './memory-events.js';
import { createMemoryKeys, type MemoryKey } from './memory-keys.js';
import { createMemorySnapshots } from './memory-snapshots.js';
import { createConnectionPart } from './connection-part.js';
import { createMockSettingsTable, type MockSettings } from './mock-settings.js';
import { prepareMemoryWrites } from './memory-writes.js';
import { createCacheSet } from './read-cache.js';

export { sizeOfEntry, type Memory } from './memory-cache.js';
export type { MemoryKey } from './memory-keys.js';
export type { MemoryEvent, MemoryListener } from './memory-events.js';
export type { MemoryScope, SnapshotSummary } from './memory-snapshots.js';
export type { MockSettings } from './mock-settings.js';

/**
 * The memory log of mock connections: calls, world state and snapshots, persisted and cached.
 * Each connection's memory is read from SQLite once and then kept in step by `append`, so a call
 * never re-reads the calls before it. Only this store may write the memory tables while it runs
 * (the cache trusts that); a reset, restore or `forget` drops the cached entry.
 *
 * Appends are committed in groups: `append` updates the cache at once (the next call sees what
 * this one changed) and returns a promise that settles when the call's row is committed, together
 * with every other call appended (and every other write queued, see group-commit.ts) in the same
 * turn of the event loop, in one transaction. Answer a
 * call only after that promise, so nothing a client saw can be lost; a connection's next call
 * need not wait for it. Every other write (reset, snapshot, restore, sharing) commits the waiting
 * calls first.
 *
 * @example
 *   const key = stores.memory.resolveKey(account.id, 'demo', 'my-connection')!;
 *   const { world, history, nextSequence } = stores.memory.load(key);
 *   stores.memory.append(key, { ...entry, sequence: nextSequence, occurrence: stores.memory.nextOccurrence(key, tool, argumentsKey) }, changes);
 */
export function createMemoryStore(
  db: Sqlite,
  limits: MemoryLimits = defaultMemoryLimits,
  {
    termsOf,
    group = createGroupCommit(createCacheSet(db)),
  }: {
    termsOf?: CallTermsOf | undefined;
    /** The per-turn commit the calls share with the other stores' writes (stores.ts); a store of its own has its own. */
    group?: GroupCommit;
  } = {},
) {
  const writes = prepareMemoryWrites(db, { termsOf });
  const settings = createMockSettingsTable(db);
  // The cache and the batch need each other: evicting a memory commits its waiting calls first.
  const cache = createMemoryCache(db, { beforeEvict: () => batch.flush(), startOf: (key) => settings.startOf(key), limits });
  const events = createMemoryEvents();
  const batch = createCallBatch(db, { cache, writes, events, group });
  const { flush } = batch;
  const part = createConnectionPart({ cache, writes, events, flush, seedOf: (key) => settings.startOf(key).world });
  const snapshots = createMemorySnapshots(db, { cache, writes, flush, part });

  return {
    ...createMemoryKeys(db, { flush }),

    /** The connection's memory; empty (world, no calls, next sequence 1) when it has none yet. */
    load(key: MemoryKey): Memory {
      const { world, history, nextSequence, toolOverrides, entityCorrections } = cache.get(key);
      return {
        world,
        history,
        nextSequence,
        ...(toolOverrides ? { toolOverrides } : {}),
        ...(entityCorrections ? { entityCorrections } : {}),
      };
    },

    /** The mock settings of one connection (by its `connections.seq`): seed world and tool overrides; null when none were set. */
    settingsOf(seq: number): MockSettings | null {
      return settings.get(seq);
    },

    /**
     * Sets a connection's mock settings; its memory is `key`. A memory with no calls yet starts
     * from the new seed at once ('now'); one with calls keeps its world (a checkpoint of it is
     * stored) and starts from the seed at its next reset ('next-reset'). Overrides apply at once.
     */
    setSettings(key: MemoryKey, seq: number, next: MockSettings): 'now' | 'next-reset' {
      flush();
      const memory = cache.get(key);
      const { world, history, nextSequence } = memory;
      const last = history.at(-1)?.sequence;
      writes.transaction(() => {
        settings.set(seq, next);
        if (last === undefined) writes.deleteWorld(key);
        // The checkpoint keeps the counts of calls retention dropped, which replay keys on.
        else writes.saveWorld(key, JSON.stringify(world), last, nextSequence, toStoredOccurrences(memory));
      });
      cache.forget(key);
      return last === undefined ? 'now' : 'next-reset';
    },

    /** The occurrence the call `tool` + `argumentsKey` gets if made now: earlier identical calls + 1. */
    nextOccurrence(key: MemoryKey, tool: string, argumentsKey: string): number {
      return countOccurrences(cache.get(key), tool, argumentsKey) + 1;
    },

    /**
     * Logs one call and applies what it changed to the world: at once in the cache, and on disk
     * with the other calls of this turn of the event loop (see above). The next sequence becomes
     * `entry.sequence + 1`. Resolves true once stored, false (storing nothing) when the connection
     * was deleted meanwhile; throws at once when `entry.sequence` is already in the log. Large
     * arguments and results are logged cut (call-log-bounds.ts), and the oldest calls past the
     * retention limits are dropped.
     */
    append(key: MemoryKey, entry: CallLogEntry, changes?: WorldChanges): Promise<boolean> {
      const memory = cache.get(key);
      if (hasSequence(memory.history, entry.sequence))
        throw new Error(`memory ${key} already holds call ${entry.sequence} (UNIQUE sequence)`);
      // The log keeps what the call changed, so the timeline can show it (and a snapshot restores it).
      const logged = boundCallEntry(changes === undefined ? entry : { ...entry, changes });
      const committed = batch.add(key, logged.entry, changes, logged.texts);
      recordCall(memory, logged, changes, limits);
      return committed;
    },

    /** Commits the calls still waiting for their batch now (before closing, or reading the tables directly). */
    flush,

    /**
     * Forgets every call and the world (back to the seed world of the mock settings); the next call
     * is sequence 1 again (snapshots stay).
     */
    reset(key: MemoryKey): void {
      flush();
      writes.transaction(() => {
        writes.deleteCalls(key);
        writes.deleteWorld(key);
      });
      cache.forget(key);
      events.emit({ kind: 'replaced', key });
    },

    /**
     * Forgets only the calls `connectionId` made in the shared memory `key` and what they changed:
     * the others' calls stay with their sequences, the world is rebuilt from the seed world with
     * their changes, and the next sequence stays where it was (see connection-part.ts). Returns
     * how many calls the memory still holds; 409 when retention has dropped calls.
     */
    resetConnection(key: MemoryKey, connectionId: string): number {
      return part.replace(key, connectionId, []);
    },

    ...snapshots,

    /** Like `snapshots.restore`, and listeners hear that the memory was replaced. */
    restore(key: MemoryKey, snapshotId: string): number | null {
      const restored = snapshots.restore(key, snapshotId);
      if (restored !== null) events.emit({ kind: 'replaced', key });
      return restored;
    },

    /**
     * Makes memory `to` a copy of memory `from` (calls with their changes, world, next sequence,
     * and the occurrence counts of calls retention dropped),
     * replacing whatever `to` held: a fork, to try two futures of the same state. Returns how many
     * calls were copied.
     */
    copy(from: MemoryKey, to: MemoryKey): number {
      flush();
      const memory = cache.get(from);
      const { world, history, nextSequence } = memory;
      writes.transaction(() => {
        writes.deleteCalls(to);
        // The kept calls (already within the bounds), and the counts of those retention dropped.
        for (const entry of history) writes.insertCall(to, entry);
        writes.saveWorld(to, JSON.stringify(world), history.at(-1)?.sequence ?? 0, nextSequence, toStoredOccurrences(memory));
      });
      cache.forget(to);
      events.emit({ kind: 'replaced', key: to });
      return history.length;
    },

    /** Hears of every stored call and replaced memory (see memory-events.ts); returns the unsubscribe. */
    subscribe: events.subscribe,

    /**
     * Drops the cached memory of a key (the stored one stays). Optional after deleting a
     * connection, since keys are never reused; needed if something else wrote the memory tables.
     */
    forget(key: MemoryKey): void {
      flush();
      cache.forget(key);
    },
  };
}

/** Whether a log sorted by sequence holds `sequence` (appends normally add at the end: checked first). */
function hasSequence(history: readonly CallLogEntry[], sequence: number): boolean {
  let low = 0;
  let high = history.length - 1;
  if (high < 0 || history[high]!.sequence < sequence) return false;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const found = history[middle]!.sequence;
    if (found === sequence) return true;
    if (found < sequence) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}

export type MemoryStore = ReturnType<typeof createMemoryStore>;
