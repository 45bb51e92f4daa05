import { createAccountStore } from './account-store.js';
import { createConnectionStore } from './connection-store.js';
import { openDatabase } from './database.js';
import { createEmbeddingStore } from './embedding-store.js';
import { createMemoryStore } from './memory-store.js';
import { createMetaStore } from './meta-store.js';
import { createNamespaceStore } from './namespace-store.js';
import { createRegistryStore } from './registry-store.js';
import { createCacheSet } from './read-cache.js';
import { createSecretBox } from './secret-box.js';

/**
 * All stores over one database.
 *
 * @example
 *   const stores = createStores({ databaseFile: ':memory:', encryptionKey: randomBytes(32) });
 */
export function createStores(options: { databaseFile: string; encryptionKey: Buffer }) {
  const db = openDatabase(options.databaseFile);
  // One transaction wrapper, made once (better-sqlite3's transaction() is costly to create); it keeps the read caches true.
  const caches = createCacheSet(db);
  const namespaceStore = createNamespaceStore(db, caches);
  const connections = createConnectionStore(db, createSecretBox(options.encryptionKey), {
    caches,
    namespaceIdOf: (accountId, name) => namespaceStore.get(accountId, name)?.id ?? null,
  });
  const namespaces = {
    ...namespaceStore,
    /** Deletes the namespace and, through the foreign keys, its connections (and forgets them). */
    delete(accountId: string, name: string): boolean {
      connections.forgetAll();
      return namespaceStore.delete(accountId, name);
    },
  };
  return {
    accounts: createAccountStore(db),
    namespaces,
    connections,
    registry: createRegistryStore(db, caches),
    embeddings: createEmbeddingStore(db),
    meta: createMetaStore(db),
    memory: createMemoryStore(db),
    /** Runs `work` in one immediate (write-locking) transaction. */
    transaction<T>(work: () => T): T {
      return caches.transaction(work);
    },
    /** Checkpoints the WAL and closes the database. */
    close(): void {
      if (!db.open) return;
      if (db.name !== ':memory:') db.pragma('wal_checkpoint(TRUNCATE)');
      db.close();
    },
  };
}

export type Stores = ReturnType<typeof createStores>;
