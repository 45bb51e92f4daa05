import { emptyWorld, type CallLogEntry, type LoggedResult, type ResultOrigin, type WorldChanges, type WorldState } from '../domain/memory-log.js';
import { applyWorldChanges } from '../domain/world-state.js';
import type { Sqlite } from './database.js';

/** A connection's memory is keyed by its `connections.seq`; get it with `resolveKey`. */
export type MemoryKey = number;

/** A connection's memory as the simulator reads it. Treat as read-only: it is the store's cache. */
export interface Memory {
  world: WorldState;
  /** Every call since the last reset (or the restored snapshot's calls), oldest first. */
  history: readonly CallLogEntry[];
  /** The sequence number the next call gets. */
  nextSequence: number;
}

export interface SnapshotSummary {
  id: string;
  label: string | null;
  createdAt: string;
  /** How many calls the snapshot holds. */
  calls: number;
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

interface CachedMemory extends Memory {
  history: CallLogEntry[];
  /** The call the stored world checkpoint reflects (0: none yet). */
  checkpointSequence: number;
  /** Calls so far per `tool \n argumentsKey`, for `nextOccurrence` in O(1). */
  occurrences: Map<string, number>;
}

/**
 * How many connections' memories stay cached. Keys are never reused (AUTOINCREMENT), so a deleted
 * connection's entry can never be served to another one; this bound only stops them piling up.
 */
const maxCachedConnections = 256;
/** How many calls may pass between two world checkpoints (their changes are replayed on load). */
const checkpointEvery = 64;

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
  };
}

function toCallParameters(key: MemoryKey, entry: CallLogEntry, changes: WorldChanges | undefined = undefined) {
  return {
    changes: changes ? JSON.stringify(changes) : null,
    key,
    sequence: entry.sequence,
    tool: entry.tool,
    argumentsKey: entry.argumentsKey,
    arguments: JSON.stringify(entry.arguments),
    occurrence: entry.occurrence,
    result: JSON.stringify(entry.result),
    source: entry.source,
    model: entry.model,
    inputTokens: entry.usage?.inputTokens ?? null,
    outputTokens: entry.usage?.outputTokens ?? null,
    latencyMs: entry.latencyMs,
    at: entry.at,
  };
}

const occurrenceKey = (tool: string, argumentsKey: string) => `${tool}\n${argumentsKey}`;

/** A call appended to the cache and waiting for its batch to commit. */
interface PendingCall {
  key: MemoryKey;
  entry: CallLogEntry;
  changes: WorldChanges | undefined;
  committed: (stored: boolean) => void;
  failed: (error: unknown) => void;
}

/**
 * The memory log of mock connections: calls, world state and snapshots, persisted and cached.
 * Each connection's memory is read from SQLite once and then kept in step by `append`, so a call
 * never re-reads the calls before it. Only this store may write the memory tables while it runs
 * (the cache trusts that); a reset, restore or `forget` drops the cached entry.
 *
 * Appends are committed in groups: `append` updates the cache at once (the next call sees what
 * this one changed) and returns a promise that settles when the call's row is committed, together
 * with every other call appended in the same turn of the event loop, in one transaction. Answer a
 * call only after that promise, so nothing a client saw can be lost; a connection's next call
 * need not wait for it. Every other write (reset, snapshot, restore, sharing) commits the waiting
 * calls first.
 *
 * @example
 *   const key = stores.memory.resolveKey(account.id, 'demo', 'my-connection')!;
 *   const { world, history, nextSequence } = stores.memory.load(key);
 *   stores.memory.append(key, { ...entry, sequence: nextSequence, occurrence: stores.memory.nextOccurrence(key, tool, argumentsKey) }, changes);
 */
export function createMemoryStore(db: Sqlite) {
  const statements = {
    resolveKey: db.prepare<[string, string, string], { seq: number }>(
      'SELECT c.seq FROM namespaces n JOIN connections c ON c.namespace_id = n.id WHERE n.account_id = ? AND n.name = ? AND c.connection_id = ?',
    ),
    // A mock connection in a shared namespace uses the memory of the namespace's oldest mock connection.
    keyFor: db.prepare<[number], { key: number }>(
      `SELECT COALESCE((SELECT MIN(o.seq) FROM memory_shared_namespaces s JOIN connections o ON o.namespace_id = s.namespace_id AND o.mock_enabled = 1
        WHERE s.namespace_id = c.namespace_id AND c.mock_enabled = 1), c.seq) AS key FROM connections c WHERE c.seq = ?`,
    ),
    shareNamespace: db.prepare<[number]>('INSERT INTO memory_shared_namespaces (namespace_id) VALUES (?) ON CONFLICT (namespace_id) DO NOTHING'),
    unshareNamespace: db.prepare<[number]>('DELETE FROM memory_shared_namespaces WHERE namespace_id = ?'),
    isShared: db.prepare<[number], { found: number }>('SELECT 1 AS found FROM memory_shared_namespaces WHERE namespace_id = ?'),
    mockConnections: db.prepare<[number], { connection_id: string }>('SELECT connection_id FROM connections WHERE namespace_id = ? AND mock_enabled = 1 ORDER BY seq'),
    connectionExists: db.prepare<[number], { found: number }>('SELECT 1 AS found FROM connections WHERE seq = ?'),
    world: db.prepare<[number], { world: string; world_sequence: number; next_sequence: number }>(
      'SELECT world, world_sequence, next_sequence FROM memory_worlds WHERE connection_seq = ?',
    ),
    calls: db.prepare<[number], CallRow>('SELECT * FROM memory_calls WHERE connection_seq = ? ORDER BY sequence'),
    insertCall: db.prepare(`INSERT INTO memory_calls (connection_seq, sequence, tool, arguments_key, arguments, occurrence, result, source, model,
        input_tokens, output_tokens, latency_ms, at, changes)
      VALUES (@key, @sequence, @tool, @argumentsKey, @arguments, @occurrence, @result, @source, @model, @inputTokens, @outputTokens, @latencyMs, @at, @changes)`),
    saveWorld: db.prepare<[number, string, number, number]>(`INSERT INTO memory_worlds (connection_seq, world, world_sequence, next_sequence) VALUES (?, ?, ?, ?)
      ON CONFLICT (connection_seq) DO UPDATE SET world = excluded.world, world_sequence = excluded.world_sequence, next_sequence = excluded.next_sequence`),
    saveNextSequence: db.prepare<[number, number]>('UPDATE memory_worlds SET next_sequence = ? WHERE connection_seq = ?'),
    deleteCalls: db.prepare<[number]>('DELETE FROM memory_calls WHERE connection_seq = ?'),
    deleteWorld: db.prepare<[number]>('DELETE FROM memory_worlds WHERE connection_seq = ?'),
    insertSnapshot: db.prepare<[string, number, string | null, string, string, string, number]>(
      'INSERT INTO memory_snapshots (id, connection_seq, label, created_at, world, calls, next_sequence) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ),
    listSnapshots: db.prepare<[number], { id: string; label: string | null; created_at: string; calls: number }>(
      'SELECT id, label, created_at, json_array_length(calls) AS calls FROM memory_snapshots WHERE connection_seq = ? ORDER BY rowid',
    ),
    getSnapshot: db.prepare<[number, string], { world: string; calls: string; next_sequence: number }>(
      'SELECT world, calls, next_sequence FROM memory_snapshots WHERE connection_seq = ? AND id = ?',
    ),
    deleteSnapshot: db.prepare<[number, string]>('DELETE FROM memory_snapshots WHERE connection_seq = ? AND id = ?'),
  };
  // Made once: better-sqlite3's transaction() is costly to create.
  const inTransaction = db.transaction((work: () => unknown) => work());
  const transaction = <T>(work: () => T): T => inTransaction.immediate(work) as T;
  const cache = new Map<MemoryKey, CachedMemory>();
  /** The memory key of each connection seq, while no sharing or mock connection changes (see `keyFor`). */
  const keys = new Map<number, MemoryKey>();
  let pending: PendingCall[] = [];
  let flushScheduled = false;

  /** Reads a memory: the world checkpoint with the changes of the calls after it applied. */
  function read(key: MemoryKey): CachedMemory {
    const stored = statements.world.get(key);
    const rows = statements.calls.all(key);
    const occurrences = new Map<string, number>();
    let world = stored ? (JSON.parse(stored.world) as WorldState) : emptyWorld();
    const checkpointSequence = stored?.world_sequence ?? 0;
    for (const row of rows) {
      const name = occurrenceKey(row.tool, row.arguments_key);
      occurrences.set(name, (occurrences.get(name) ?? 0) + 1);
      if (row.sequence > checkpointSequence && row.changes !== null) world = applyWorldChanges(world, JSON.parse(row.changes) as WorldChanges);
    }
    return { world, checkpointSequence, history: rows.map(toEntry), nextSequence: stored?.next_sequence ?? 1, occurrences };
  }

  function keyFor(seq: number): MemoryKey {
    let key = keys.get(seq);
    if (key === undefined) {
      key = statements.keyFor.get(seq)?.key ?? seq;
      if (keys.size >= 10_000) keys.clear();
      keys.set(seq, key);
    }
    return key;
  }

  /** Commits every waiting call in one transaction; a connection deleted meanwhile gets none of its calls stored. */
  function flush(): void {
    flushScheduled = false;
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    const outcomes = new Map<MemoryKey, boolean>();
    try {
      transaction(() => {
        for (const { key, entry, changes } of batch) {
          let exists = outcomes.get(key);
          if (exists === undefined) outcomes.set(key, (exists = statements.connectionExists.get(key) !== undefined));
          if (exists) statements.insertCall.run(toCallParameters(key, entry, changes));
        }
        for (const [key, exists] of outcomes) {
          const memory = cache.get(key);
          if (!exists || !memory) continue;
          // The call rows carry their changes; the whole world is written only every few dozen calls.
          const last = batch.findLast((call) => call.key === key)!.entry.sequence;
          if (memory.checkpointSequence === 0 || last - memory.checkpointSequence >= checkpointEvery || last < memory.checkpointSequence) {
            statements.saveWorld.run(key, JSON.stringify(memory.world), last, memory.nextSequence);
            memory.checkpointSequence = last;
          } else {
            statements.saveNextSequence.run(memory.nextSequence, key);
          }
        }
      });
    } catch (error) {
      // The cache holds calls that are not stored: read those memories again from disk.
      for (const call of batch) cache.delete(call.key);
      for (const call of batch) call.failed(error);
      return;
    }
    for (const [key, exists] of outcomes) if (!exists) cache.delete(key);
    for (const call of batch) call.committed(outcomes.get(call.key)!);
  }

  function cached(key: MemoryKey): CachedMemory {
    let memory = cache.get(key);
    if (memory) {
      // Most recently used last, so the eviction below drops the least recently used.
      cache.delete(key);
    } else {
      memory = read(key);
      if (cache.size >= maxCachedConnections) {
        // A memory with calls waiting to commit must stay cached until they are: commit them first.
        flush();
        cache.delete(cache.keys().next().value!);
      }
    }
    cache.set(key, memory);
    return memory;
  }

  return {
    /**
     * The memory key of a connection of the account (the shared one in a shared namespace, see
     * `keyFor`), or null when there is no such connection.
     */
    resolveKey(accountId: string, namespace: string, connectionId: string): MemoryKey | null {
      const seq = statements.resolveKey.get(accountId, namespace, connectionId)?.seq;
      return seq === undefined ? null : keyFor(seq);
    },

    /**
     * The memory a connection (by its `connections.seq`) uses now: its own, or, for a mock
     * connection in a namespace with a shared world, the memory of the namespace's oldest mock
     * connection (the owner). Resolved on every call, so mock connections created later join the
     * shared memory, and when the owner is deleted (its memory with it) the next oldest becomes
     * the owner and its own memory is the shared one from then on.
     */
    keyFor,

    /** Turns the shared world of a namespace on or off (off: each connection is back to its own memory). */
    setShared(namespaceId: number, enabled: boolean): void {
      flush();
      keys.clear();
      if (enabled) statements.shareNamespace.run(namespaceId);
      else statements.unshareNamespace.run(namespaceId);
    },

    isShared(namespaceId: number): boolean {
      return statements.isShared.get(namespaceId) !== undefined;
    },

    /** The ids of the namespace's mock connections, oldest (the shared memory's owner) first. */
    mockConnectionIds(namespaceId: number): string[] {
      return statements.mockConnections.all(namespaceId).map((row) => row.connection_id);
    },

    /** The connection's memory; empty (world, no calls, next sequence 1) when it has none yet. */
    load(key: MemoryKey): Memory {
      const { world, history, nextSequence } = cached(key);
      return { world, history, nextSequence };
    },

    /** The occurrence the call `tool` + `argumentsKey` gets if made now: earlier identical calls + 1. */
    nextOccurrence(key: MemoryKey, tool: string, argumentsKey: string): number {
      return (cached(key).occurrences.get(occurrenceKey(tool, argumentsKey)) ?? 0) + 1;
    },

    /**
     * Logs one call and applies what it changed to the world: at once in the cache, and on disk
     * with the other calls of this turn of the event loop (see above). The next sequence becomes
     * `entry.sequence + 1`. Resolves true once stored, false (storing nothing) when the connection
     * was deleted meanwhile; throws at once when `entry.sequence` is already in the log.
     */
    append(key: MemoryKey, entry: CallLogEntry, changes?: WorldChanges): Promise<boolean> {
      const memory = cached(key);
      if (hasSequence(memory.history, entry.sequence)) throw new Error(`memory ${key} already holds call ${entry.sequence} (UNIQUE sequence)`);
      const committed = new Promise<boolean>((resolve, reject) => pending.push({ key, entry, changes, committed: resolve, failed: reject }));
      if (!flushScheduled) {
        flushScheduled = true;
        setImmediate(flush);
      }
      memory.history.push(entry);
      const name = occurrenceKey(entry.tool, entry.argumentsKey);
      memory.occurrences.set(name, (memory.occurrences.get(name) ?? 0) + 1);
      memory.world = changes ? applyWorldChanges(memory.world, changes) : memory.world;
      memory.nextSequence = Math.max(memory.nextSequence, entry.sequence + 1);
      return committed;
    },

    /** Commits the calls still waiting for their batch now (before closing, or reading the tables directly). */
    flush,

    /** Forgets every call and the world; the next call is sequence 1 again (snapshots stay). */
    reset(key: MemoryKey): void {
      flush();
      transaction(() => {
        statements.deleteCalls.run(key);
        statements.deleteWorld.run(key);
      });
      cache.delete(key);
    },

    /** Freezes the current memory under `id` (the caller draws it from the injected randomness). */
    snapshot(key: MemoryKey, options: { id: string; label?: string | null; now: string }): SnapshotSummary {
      flush();
      const { world, history, nextSequence } = cached(key);
      const label = options.label ?? null;
      statements.insertSnapshot.run(options.id, key, label, options.now, JSON.stringify(world), JSON.stringify(history), nextSequence);
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
      const restored = transaction(() => {
        const snapshot = statements.getSnapshot.get(key, snapshotId);
        if (!snapshot) return null;
        const calls = JSON.parse(snapshot.calls) as CallLogEntry[];
        statements.deleteCalls.run(key);
        for (const entry of calls) statements.insertCall.run(toCallParameters(key, entry));
        // The snapshot's world is the world after its last call; its calls carry no changes.
        statements.saveWorld.run(key, snapshot.world, calls.at(-1)?.sequence ?? 0, snapshot.next_sequence);
        return calls.length;
      });
      cache.delete(key);
      return restored;
    },

    deleteSnapshot(key: MemoryKey, snapshotId: string): boolean {
      return statements.deleteSnapshot.run(key, snapshotId).changes > 0;
    },

    /**
     * Drops the cached memory of a key (the stored one stays). Optional after deleting a
     * connection, since keys are never reused; needed if something else wrote the memory tables.
     */
    forget(key: MemoryKey): void {
      flush();
      cache.delete(key);
    },

    /** Forgets which memory each connection uses (a mock connection was created or deleted, which can move a shared world's owner). */
    forgetKeys(): void {
      keys.clear();
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
