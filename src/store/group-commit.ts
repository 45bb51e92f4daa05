import type { CacheSet } from './read-cache.js';

/** How a queued write ended: its value, or what it threw (or what the commit threw). */
export type WriteOutcome<T = unknown> = { value: T } | { error: unknown };

/** A write waiting for the next group commit: `settle` hears of it only once its transaction has committed (or failed). */
export interface GroupWrite<T = unknown> {
  work: () => T;
  settle: (outcome: WriteOutcome<T>) => void;
}

/**
 * The one per-turn commit of the stores: every write queued in one turn of the event loop (a
 * connection's PUT, the call log's batch of this turn, see call-batch.ts) runs, in order, in its
 * own savepoint of one immediate transaction, and each settles once that transaction has
 * committed. A write that throws rolls back its savepoint alone (and settles with its error); the
 * others still commit. Nothing is answered before it is stored, so an acknowledged write is as
 * durable as with a transaction of its own, while a burst of writes pays for one BEGIN, one
 * COMMIT and one WAL append of each page they touched instead of one each (on a busy server the
 * commit was half of a changing PUT's time). If the commit itself fails, every write of the batch
 * settles with its error.
 *
 * `flush()` commits what is waiting now (before a write that must see it, and on close). Called
 * from inside a write of the flush under way (a PUT that seeds a mock's world commits the waiting
 * calls first), it runs the waiting writes in the same transaction, and they settle with it.
 *
 * @example
 *   const group = createGroupCommit(caches);
 *   const stored = await group.run(() => connections.update(namespaceId, connection, undefined, now));
 */
export function createGroupCommit(caches: CacheSet) {
  let pending: GroupWrite[] = [];
  let flushScheduled = false;
  /** What the flush under way has run, settled once its transaction commits; null outside a flush. */
  let running: { write: GroupWrite; outcome: WriteOutcome }[] | null = null;

  /** Runs `batch` and whatever is queued while it runs, each in its own savepoint, into `done`. */
  function runAll(batch: GroupWrite[], done: { write: GroupWrite; outcome: WriteOutcome }[]): void {
    for (let next: GroupWrite[] = batch; next.length > 0; next = pending.splice(0)) {
      for (const write of next) {
        try {
          // A nested transaction is a savepoint: a write that throws takes back only its own changes.
          done.push({ write, outcome: { value: caches.transaction(write.work) } });
        } catch (error) {
          done.push({ write, outcome: { error } });
        }
      }
    }
  }

  /** Runs and commits every waiting write now. */
  function flush(): void {
    if (running !== null) return runAll(pending.splice(0), running);
    flushScheduled = false;
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    const done: { write: GroupWrite; outcome: WriteOutcome }[] = (running = []);
    // A lone write (a quiet server's turn, or one holding only the call log's write) needs no savepoint: if it throws, the
    // transaction rolls back, holding nothing else (a write it flushed from inside goes with it). Two statements fewer a turn.
    const lone = batch.length === 1 ? batch[0]! : null;
    let loneThrew = false;
    try {
      caches.transaction(() => {
        if (lone === null) return runAll(batch, done);
        try {
          done.push({ write: lone, outcome: { value: lone.work() } });
        } catch (error) {
          loneThrew = true;
          throw error;
        }
        runAll(pending.splice(0), done);
      });
    } catch (error) {
      // The lone write threw, the transaction never began (nothing ran), or its commit failed (everything ran): nothing is stored.
      for (const write of loneThrew ? [lone!, ...done.map((ran) => ran.write)] : done.length > 0 ? done.map((ran) => ran.write) : batch)
        write.settle({ error });
      return;
    } finally {
      running = null;
    }
    for (const { write, outcome } of done) write.settle(outcome);
  }

  /** Queues `write` for the transaction committed after this turn of the event loop. */
  function enqueue<T>(write: GroupWrite<T>): void {
    pending.push(write as GroupWrite);
    if (!flushScheduled) {
      flushScheduled = true;
      setImmediate(flush);
    }
  }

  return {
    enqueue,
    /** Queues `work` for the transaction committed after this turn of the event loop; resolves to its value once committed. */
    run<T>(work: () => T): Promise<T> {
      return new Promise<T>((resolve, reject) =>
        enqueue({ work, settle: (outcome) => ('error' in outcome ? reject(outcome.error) : resolve(outcome.value)) }),
      );
    },
    flush,
  };
}

export type GroupCommit = ReturnType<typeof createGroupCommit>;
