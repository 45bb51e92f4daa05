import type { LoggedTexts } from '../domain/call-log-bounds.js';
import type { CallLogEntry, WorldChanges } from '../domain/memory-log.js';
import type { Sqlite } from './database.js';
import type { GroupCommit, WriteOutcome } from './group-commit.js';
import type { CachedMemory, MemoryCache } from './memory-cache.js';
import type { MemoryEvents } from './memory-events.js';
import type { MemoryKey } from './memory-keys.js';
import type { MemoryWrites } from './memory-writes.js';

/**
 * The least JSON text of changes that makes a checkpoint worth writing: below it a small world is
 * still checkpointed every few dozen calls, as before the rule below.
 */
const minCheckpointChars = 16 * 1024;

/** The counts to store with a checkpoint: null while every counted call still has its row. */
export function toStoredOccurrences(memory: CachedMemory): string | null {
  return memory.occurrencesStored ? JSON.stringify([...memory.occurrences]) : null;
}

/** A call appended to the cache and waiting for its batch to commit. */
interface PendingCall {
  key: MemoryKey;
  entry: CallLogEntry;
  changes: WorldChanges | undefined;
  /** The entry's texts as `boundCallEntry` made them: not serialised a second time. */
  texts: LoggedTexts | undefined;
  committed: (stored: boolean) => void;
  failed: (error: unknown) => void;
}

/**
 * The call log's part of the per-turn commit (group-commit.ts): every call added in one turn of the
 * event loop is stored by one write of that turn's transaction (one savepoint, beside the turn's
 * other writes), after which each call's promise settles. The cache is updated at once, so a
 * connection's next call need not wait on SQLite; the promise lets a caller answer a call only
 * once it is stored, so nothing a client saw can be lost.
 *
 * The cache must already hold what each call changed (the caller applies it): the batch writes
 * the world from there at each checkpoint, and drops the cached memories whose calls it could not store.
 *
 * Listeners of `events` hear of each stored call after its commit.
 *
 * @example
 *   const batch = createCallBatch(db, { cache, writes, events });
 *   const stored = batch.add(key, entry, changes); // true once committed, false if the connection was deleted
 */
export function createCallBatch(
  db: Sqlite,
  { cache, writes, events, group }: { cache: MemoryCache; writes: MemoryWrites; events?: MemoryEvents; group: GroupCommit },
) {
  const statements = {
    connectionExists: db.prepare<[number], { found: number }>('SELECT 1 AS found FROM connections WHERE seq = ?'),
  };
  /** The calls of this turn, not yet taken by its write. */
  let pending: PendingCall[] = [];

  /** Stores each call of the batch whose connection still exists, then checkpoints what they changed. */
  function store(batch: readonly PendingCall[]): Map<MemoryKey, boolean> {
    const outcomes = new Map<MemoryKey, boolean>();
    const changedChars = new Map<MemoryKey, number>();
    for (const { key, entry, changes, texts } of batch) {
      let exists = outcomes.get(key);
      if (exists === undefined) outcomes.set(key, (exists = statements.connectionExists.get(key) !== undefined));
      if (exists) changedChars.set(key, (changedChars.get(key) ?? 0) + writes.insertCall(key, entry, changes, texts));
    }
    for (const [key, exists] of outcomes) {
      const memory = cache.peek(key);
      if (!exists || !memory) continue;
      // The call rows carry their changes; the whole world is written only once they add up to its size.
      const last = batch.findLast((call) => call.key === key)!.entry.sequence;
      memory.changedSinceCheckpoint += changedChars.get(key) ?? 0;
      // Retention dropped calls: their rows go, and the world and the counts they held are checkpointed.
      const dropping = memory.droppedThrough > memory.deletedThrough;
      if (dropping) {
        writes.deleteCallsThrough(key, memory.droppedThrough);
        memory.deletedThrough = memory.droppedThrough;
      }
      // Rows the next load replays, or counts it cannot rebuild, are going: the checkpoint must hold them.
      const droppingPastCheckpoint = dropping && (memory.droppedThrough > memory.checkpointSequence || !memory.checkpointHoldsOccurrences);
      if (
        droppingPastCheckpoint ||
        memory.checkpointSequence === 0 ||
        memory.changedSinceCheckpoint >= Math.max(minCheckpointChars, memory.checkpointChars) ||
        last < memory.checkpointSequence
      ) {
        const world = JSON.stringify(memory.world);
        const occurrences = toStoredOccurrences(memory);
        writes.saveWorld(key, world, last, memory.nextSequence, occurrences);
        memory.checkpointSequence = last;
        memory.checkpointChars = world.length + (occurrences?.length ?? 0);
        memory.checkpointHoldsOccurrences = occurrences !== null;
        memory.changedSinceCheckpoint = 0;
      }
      // No checkpoint: the next sequence is not written, since a load takes it from the last stored call (memory-cache.ts);
      // the memory_worlds page it would dirty was one of the three pages a commit wrote.
    }
    return outcomes;
  }

  /** Settles the calls a write took, once the turn's transaction committed (or failed: those memories are read again from disk). */
  function settle(batch: readonly PendingCall[], outcome: WriteOutcome<Map<MemoryKey, boolean>>): void {
    if ('error' in outcome) {
      for (const call of batch) cache.forget(call.key);
      for (const call of batch) call.failed(outcome.error);
      return;
    }
    const outcomes = outcome.value;
    for (const [key, exists] of outcomes) if (!exists) cache.forget(key);
    for (const call of batch) call.committed(outcomes.get(call.key)!);
    if (events?.listening)
      for (const call of batch) if (outcomes.get(call.key)) events.emit({ kind: 'call', key: call.key, entry: call.entry });
  }

  /** Queues the write that stores the calls of this turn (those added until it runs). */
  function enqueueWrite(): void {
    let batch: PendingCall[] | null = null;
    group.enqueue<Map<MemoryKey, boolean>>({
      work: () => {
        batch = pending;
        pending = [];
        return store(batch);
      },
      // Not run (the transaction never began): the calls are still waiting here.
      settle: (outcome) => settle(batch ?? pending.splice(0), outcome),
    });
  }

  return {
    /**
     * Queues a call for the next batch (committed after this turn of the event loop); resolves true
     * once stored, false when its connection is gone.
     */
    add(key: MemoryKey, entry: CallLogEntry, changes: WorldChanges | undefined, texts?: LoggedTexts): Promise<boolean> {
      const committed = new Promise<boolean>((resolve, reject) =>
        pending.push({ key, entry, changes, texts, committed: resolve, failed: reject }),
      );
      if (pending.length === 1) enqueueWrite();
      return committed;
    },
    /** Commits the turn's writes now, these calls among them. */
    flush: group.flush,
  };
}
