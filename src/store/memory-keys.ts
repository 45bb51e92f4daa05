import type { Sqlite } from './database.js';

/** A connection's memory is keyed by its `connections.seq`; get it with `resolveKey`. */
export type MemoryKey = number;

/**
 * Which memory each connection uses, and the shared worlds of namespaces that decide it. Keys are
 * looked up on every call, so they are kept in a map until sharing or the mock connections change.
 *
 * @example
 *   const keys = createMemoryKeys(db, { flush: batch.flush });
 *   keys.setShared(namespace.id, true);
 *   keys.resolveKey(account.id, 'demo', 'my-connection'); // the oldest mock connection's seq
 */
export function createMemoryKeys(db: Sqlite, { flush }: { flush(): void }) {
  const statements = {
    resolveKey: db.prepare<[string, string, string], { seq: number }>(
      'SELECT c.seq FROM namespaces n JOIN connections c ON c.namespace_id = n.id WHERE n.account_id = ? AND n.name = ? AND c.connection_id = ?',
    ),
    resolveMember: db.prepare<[string, string, string], { seq: number; shared: number }>(
      `SELECT c.seq, c.mock_enabled = 1 AND EXISTS (SELECT 1 FROM memory_shared_namespaces s WHERE s.namespace_id = c.namespace_id) AS shared
        FROM namespaces n JOIN connections c ON c.namespace_id = n.id WHERE n.account_id = ? AND n.name = ? AND c.connection_id = ?`,
    ),
    // A mock connection in a shared namespace uses the memory of the namespace's oldest mock connection.
    keyFor: db.prepare<[number], { key: number }>(
      `SELECT COALESCE((SELECT MIN(o.seq) FROM memory_shared_namespaces s JOIN connections o ON o.namespace_id = s.namespace_id AND o.mock_enabled = 1
        WHERE s.namespace_id = c.namespace_id AND c.mock_enabled = 1), c.seq) AS key FROM connections c WHERE c.seq = ?`,
    ),
    shareNamespace: db.prepare<[number]>(
      'INSERT INTO memory_shared_namespaces (namespace_id) VALUES (?) ON CONFLICT (namespace_id) DO NOTHING',
    ),
    unshareNamespace: db.prepare<[number]>('DELETE FROM memory_shared_namespaces WHERE namespace_id = ?'),
    isShared: db.prepare<[number], { found: number }>('SELECT 1 AS found FROM memory_shared_namespaces WHERE namespace_id = ?'),
    sharers: db.prepare<[number], { connection_id: string; scenario: string | null }>(
      `SELECT c.connection_id, c.mock_scenario AS scenario FROM connections o JOIN memory_shared_namespaces s ON s.namespace_id = o.namespace_id
        JOIN connections c ON c.namespace_id = o.namespace_id AND c.mock_enabled = 1 WHERE o.seq = ? AND o.mock_enabled = 1 ORDER BY c.seq`,
    ),
    mockConnections: db.prepare<[number], { connection_id: string }>(
      'SELECT connection_id FROM connections WHERE namespace_id = ? AND mock_enabled = 1 ORDER BY seq',
    ),
  };
  /** The memory key of each connection seq, while no sharing or mock connection changes (see `keyFor`). */
  const keys = new Map<number, MemoryKey>();

  function keyFor(seq: number): MemoryKey {
    let key = keys.get(seq);
    if (key === undefined) {
      key = statements.keyFor.get(seq)?.key ?? seq;
      if (keys.size >= 10_000) keys.clear();
      keys.set(seq, key);
    }
    return key;
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
     * Like `resolveKey`, and whether the memory is a shared world (the connection is a mock in a
     * namespace with `sharedWorld`), which decides what a connection-scope reset acts on.
     */
    resolveMember(accountId: string, namespace: string, connectionId: string): { key: MemoryKey; shared: boolean } | null {
      const row = statements.resolveMember.get(accountId, namespace, connectionId);
      return row === undefined ? null : { key: keyFor(row.seq), shared: row.shared === 1 };
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

    /**
     * The mock connections sharing a connection's world (by its seq), with their scenario text, the
     * connection itself included; empty when its world is its own. A query per use: only the model's
     * prompt asks, once per call.
     */
    sharersOf(seq: number): { connectionId: string; scenario: string | null }[] {
      return statements.sharers.all(seq).map((row) => ({ connectionId: row.connection_id, scenario: row.scenario }));
    },

    /** Forgets which memory each connection uses (a mock connection was created or deleted, which can move a shared world's owner). */
    forgetKeys(): void {
      keys.clear();
    },
  };
}
