import type { Sqlite } from './database.js';
import type { CacheSet } from './read-cache.js';

export interface Namespace {
  id: number;
  accountId: string;
  name: string;
  createdAt: string;
}

interface NamespaceRow {
  id: number;
  account_id: string;
  name: string;
  created_at: string;
}

const toNamespace = (row: NamespaceRow): Namespace => ({
  id: row.id,
  accountId: row.account_id,
  name: row.name,
  createdAt: row.created_at,
});

/**
 * Namespaces; each belongs to one account, and names are unique within an account. `get` reads
 * through a cache (see read-cache.ts) and returns frozen, shared objects.
 */
export function createNamespaceStore(db: Sqlite, caches: CacheSet) {
  const statements = {
    get: db.prepare<[string, string], NamespaceRow>('SELECT * FROM namespaces WHERE account_id = ? AND name = ?'),
    list: db.prepare<[string], NamespaceRow>('SELECT * FROM namespaces WHERE account_id = ? ORDER BY name'),
    insert: db.prepare<[string, string, string], NamespaceRow>(
      'INSERT INTO namespaces (account_id, name, created_at) VALUES (?, ?, ?) ON CONFLICT (account_id, name) DO NOTHING RETURNING *',
    ),
    delete: db.prepare('DELETE FROM namespaces WHERE account_id = ? AND name = ?'),
  };
  const cache = caches.create<string, Namespace>(10_000);
  const cacheKey = (accountId: string, name: string) => `${accountId}\n${name}`;

  return {
    get(accountId: string, name: string): Namespace | null {
      return cache.read(cacheKey(accountId, name), () => {
        const row = statements.get.get(accountId, name);
        return row ? toNamespace(row) : null;
      });
    },
    list(accountId: string): Namespace[] {
      return statements.list.all(accountId).map(toNamespace);
    },
    /** Creates the namespace unless it exists; says which happened. */
    ensure(accountId: string, name: string, createdAt: string): { namespace: Namespace; created: boolean } {
      const inserted = statements.insert.get(accountId, name, createdAt);
      if (inserted) return { namespace: toNamespace(inserted), created: true };
      return { namespace: toNamespace(statements.get.get(accountId, name)!), created: false };
    },
    /** Deletes the namespace and, through the foreign keys, its connections. */
    delete(accountId: string, name: string): boolean {
      cache.forget(cacheKey(accountId, name));
      return statements.delete.run(accountId, name).changes > 0;
    },
  };
}

export type NamespaceStore = ReturnType<typeof createNamespaceStore>;
