import type { CallLogEntry } from '../domain/memory-log.js';
import type { Sqlite } from './database.js';
import { toStoredOccurrences } from './call-batch.js';
import type { MemoryCache } from './memory-cache.js';
import type { MemoryKey } from './memory-keys.js';
import type { MemoryWrites } from './memory-writes.js';

export interface SnapshotSummary {
  id: string;
  label: string | null;
  createdAt: string;
  /** How many calls the snapshot holds. */
  calls: number;
}

/**
 * Frozen copies of a memory (calls, world, next sequence), to put back later, e.g. to rerun a test
 * from a known world. Taking or restoring one commits the calls still waiting (`flush`) first, like
 * every write of the memory store, so a snapshot holds every call appended before it.
 *
 * @example
 *   const snapshots = createMemorySnapshots(db, { cache, writes, flush: batch.flush });
 *   snapshots.snapshot(key, { id: 'snap_1', now: clock.now().toISOString() });
 *   snapshots.restore(key, 'snap_1'); // how many calls the memory holds again
 */
export function createMemorySnapshots(db: Sqlite, { cache, writes, flush }: { cache: MemoryCache; writes: MemoryWrites; flush(): void }) {
  const statements = {
    insertSnapshot: db.prepare<[string, number, string | null, string, string, string, number, string | null]>(
      'INSERT INTO memory_snapshots (id, connection_seq, label, created_at, world, calls, next_sequence, occurrences) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    ),
    listSnapshots: db.prepare<[number], { id: string; label: string | null; created_at: string; calls: number }>(
      'SELECT id, label, created_at, json_array_length(calls) AS calls FROM memory_snapshots WHERE connection_seq = ? ORDER BY rowid',
    ),
    getSnapshot: db.prepare<[number, string], { world: string; calls: string; next_sequence: number; occurrences: string | null }>(
      'SELECT world, calls, next_sequence, occurrences FROM memory_snapshots WHERE connection_seq = ? AND id = ?',
    ),
    deleteSnapshot: db.prepare<[number, string]>('DELETE FROM memory_snapshots WHERE connection_seq = ? AND id = ?'),
  };

  return {
    /** Freezes the current memory under `id` (the caller draws it from the injected randomness). */
    snapshot(key: MemoryKey, options: { id: string; label?: string | null; now: string }): SnapshotSummary {
      flush();
      const memory = cache.get(key);
      const { world, history, nextSequence } = memory;
      const label = options.label ?? null;
      statements.insertSnapshot.run(options.id, key, label, options.now, JSON.stringify(world), JSON.stringify(history), nextSequence, toStoredOccurrences(memory));
      return { id: options.id, label, createdAt: options.now, calls: history.length };
    },

    /** The connection's snapshots, oldest first. */
    listSnapshots(key: MemoryKey): SnapshotSummary[] {
      return statements.listSnapshots.all(key).map((row) => ({ id: row.id, label: row.label, createdAt: row.created_at, calls: row.calls }));
    },

    /**
     * Replaces the memory with the snapshot's calls, world and next sequence; returns how many
     * calls it restored, or null when the connection has no such snapshot. The snapshot stays.
     */
    restore(key: MemoryKey, snapshotId: string): number | null {
      flush();
      const restored = writes.transaction(() => {
        const snapshot = statements.getSnapshot.get(key, snapshotId);
        if (!snapshot) return null;
        const calls = JSON.parse(snapshot.calls) as CallLogEntry[];
        writes.deleteCalls(key);
        for (const entry of calls) writes.insertCall(key, entry);
        // The snapshot's world is the world after its last call; its calls carry no changes.
        // With the counts of calls retention had dropped before the snapshot, if any.
        writes.saveWorld(key, snapshot.world, calls.at(-1)?.sequence ?? 0, snapshot.next_sequence, snapshot.occurrences);
        return calls.length;
      });
      cache.forget(key);
      return restored;
    },

    deleteSnapshot(key: MemoryKey, snapshotId: string): boolean {
      return statements.deleteSnapshot.run(key, snapshotId).changes > 0;
    },
  };
}
