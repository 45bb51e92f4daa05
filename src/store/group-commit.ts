import type { CacheSet } from './read-cache.js';

/** A write waiting for the next group commit. */
interface PendingWrite {
  work: () => unknown;
  settle: (outcome: { value: unknown } | { error: unknown }) => void;
}

/**
 * Group commit of writes that each need their own transaction (a connection's PUT): every write
 * queued in one turn of the event loop runs, in order, in its own savepoint of one immediate
 * transaction, and each promise settles once that transaction has committed. A write that throws
 * rolls back its savepoint alone (and rejects with its error); the others still commit. Nothing is
 * answered before it is stored, so an acknowledged write is as durable as with a transaction of
 * its own, while a burst of writes pays for one BEGIN, one COMMIT and one WAL append of each page
 * they touched instead of one each (on a busy server the commit was half of a changing PUT's time).
 * If the commit itself fails, every write of the batch rejects with its error.
 *
 * @example
 *   const group = createGroupCommit(caches);
 *   const stored = await group.run(() => connections.update(namespaceId, connection, undefined, now));
 */
export function createGroupCommit(caches: CacheSet) {
  let pending: PendingWrite[] = [];
  let flushScheduled = false;

  /** Runs and commits every waiting write now. */
  function flush(): void {
    flushScheduled = false;
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    const outcomes: ({ value: unknown } | { error: unknown })[] = [];
    try {
      caches.transaction(() => {
        for (const { work } of batch) {
          try {
            // A nested transaction is a savepoint: a write that throws takes back only its own changes.
            outcomes.push({ value: caches.transaction(work) });
          } catch (error) {
            outcomes.push({ error });
          }
        }
      });
    } catch (error) {
      for (const { settle } of batch) settle({ error });
      return;
    }
    batch.forEach(({ settle }, index) => settle(outcomes[index]!));
  }

  return {
    /** Queues `work` for the transaction committed after this turn of the event loop; resolves to its value once committed. */
    run<T>(work: () => T): Promise<T> {
      const stored = new Promise<T>((resolve, reject) =>
        pending.push({ work, settle: (outcome) => ('error' in outcome ? reject(outcome.error) : resolve(outcome.value as T)) }),
      );
      if (!flushScheduled) {
        flushScheduled = true;
        setImmediate(flush);
      }
      return stored;
    },
    flush,
  };
}

export type GroupCommit = ReturnType<typeof createGroupCommit>;
