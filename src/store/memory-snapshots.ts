import type { CallLogEntry } from '../domain/memory-log.js';
import { apiError } from '../errors.js';
import type { Sqlite } from './database.js';
import { toStoredOccurrences } from './call-batch.js';
import type { ConnectionPart } from './connection-part.js';
import type { MemoryCache } from './memory-cache.js';
import type { MemoryKey } from './memory-keys.js';
import type { MemoryWrites } from './memory-writes.js';

/** What a reset, snapshot or restore acts on: the whole (shared) memory, or one connection's calls in it. */
export type MemoryScope = 'world' | 'connection';

export interface SnapshotSummary {
  id: string;
  label: string | null;
  createdAt: string;
  /** How many calls the snapshot holds. */
  calls: number;
  /** `world`: the whole memory; `connection`: only the calls of `connectionId`. */
  scope: MemoryScope;
  connectionId?: string;
}

interface SnapshotRow {
  world: string;
  calls: string;
  next_sequence: number;
  occurrences: string | null;
  scope: MemoryScope;
  connection_id: string | null;
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
export function createMemorySnapshots(
  db: Sqlite,
  { cache, writes, flush, part }: { cache: MemoryCache; writes: MemoryWrites; flush(): void; part: ConnectionPart },
) {
  const statements = {
    insertSnapshot: db.prepare<[string, number, string | null, string, string, string, number, string | null, MemoryScope, string | null]>(
      `INSERT INTO memory_snapshots (id, connection_seq, label, created_at, world, calls, next_sequence, occurrences, scope, connection_id)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    listSnapshots: db.prepare<
      [number],
      { id: string; label: string | null; created_at: string; calls: number; scope: MemoryScope; connection_id: string | null }
    >(
      'SELECT id, label, created_at, json_array_length(calls) AS calls, scope, connection_id FROM memory_snapshots WHERE connection_seq = ? ORDER BY rowid',
    ),
    getSnapshot: db.prepare<[number, string], SnapshotRow>(
      'SELECT world, calls, next_sequence, occurrences, scope, connection_id FROM memory_snapshots WHERE connection_seq = ? AND id = ?',
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
      statements.insertSnapshot.run(
        options.id,
        key,
        label,
        options.now,
        JSON.stringify(world),
        JSON.stringify(history),
        nextSequence,
        toStoredOccurrences(memory),
        'world',
        null,
      );
      return { id: options.id, label, createdAt: options.now, calls: history.length, scope: 'world' };
    },

    /**
     * Freezes the calls `connectionId` made in the shared memory `key` (with what they changed);
     * the world column keeps the whole world of the moment, for reference only: a restore rebuilds it.
     */
    snapshotConnection(key: MemoryKey, connectionId: string, options: { id: string; label?: string | null; now: string }): SnapshotSummary {
      const calls = part.callsOf(key, connectionId);
      const { world, nextSequence } = cache.get(key);
      const label = options.label ?? null;
      statements.insertSnapshot.run(
        options.id,
        key,
        label,
        options.now,
        JSON.stringify(world),
        JSON.stringify(calls),
        nextSequence,
        null,
        'connection',
        connectionId,
      );
      return { id: options.id, label, createdAt: options.now, calls: calls.length, scope: 'connection', connectionId };
    },

    /** The connection's snapshots, oldest first. */
    listSnapshots(key: MemoryKey): SnapshotSummary[] {
      return statements.listSnapshots.all(key).map((row) => ({
        id: row.id,
        label: row.label,
        createdAt: row.created_at,
        calls: row.calls,
        scope: row.scope,
        ...(row.connection_id === null ? {} : { connectionId: row.connection_id }),
      }));
    },

    /** The scope a snapshot was taken with, or null when the memory has no such snapshot. */
    scopeOf(key: MemoryKey, snapshotId: string): MemoryScope | null {
      return statements.getSnapshot.get(key, snapshotId)?.scope ?? null;
    },

    /**
     * Puts back the calls `connectionId` made as the snapshot holds them (a connection snapshot
     * of it, or its calls in a world snapshot), keeping every other call (see connection-part.ts);
     * returns how many calls the memory then holds, or null when there is no such snapshot.
     * A connection snapshot of another connection is a 409.
     */
    restoreConnection(key: MemoryKey, connectionId: string, snapshotId: string): number | null {
      const snapshot = statements.getSnapshot.get(key, snapshotId);
      if (!snapshot) return null;
      if (snapshot.scope === 'connection' && snapshot.connection_id !== connectionId) {
        throw apiError(
          'conflict',
          `Snapshot "${snapshotId}" holds the calls of connection "${snapshot.connection_id}", not of "${connectionId}"; restore it through /__mcpsim/connections/{namespace}/${snapshot.connection_id}`,
        );
      }
      const calls = (JSON.parse(snapshot.calls) as CallLogEntry[]).filter((entry) => entry.connectionId === connectionId);
      return part.replace(key, connectionId, calls);
    },

    /**
     * Replaces the memory with the snapshot's calls, world and next sequence; returns how many
     * calls it restored, or null when the connection has no such snapshot. The snapshot stays.
     * A connection snapshot is a 409 here (it is restored with `restoreConnection`).
     */
    restore(key: MemoryKey, snapshotId: string): number | null {
      flush();
      const restored = writes.transaction(() => {
        const snapshot = statements.getSnapshot.get(key, snapshotId);
        if (!snapshot) return null;
        if (snapshot.scope === 'connection') {
          throw apiError(
            'conflict',
            `Snapshot "${snapshotId}" holds only the calls of connection "${snapshot.connection_id}"; restore it with scope=connection (the default for it)`,
          );
        }
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
