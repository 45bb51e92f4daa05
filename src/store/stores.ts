import type { MemoryLimits } from '../domain/call-log-bounds.js';
import type { CallTermsOf } from './call-terms.js';
import { createAccountStore } from './account-store.js';
import { createConnectionStore } from './connection-store.js';
import { openDatabase } from './database.js';
import { createEmbeddingStore } from './embedding-store.js';
import { createMemoryStore } from './memory-store.js';
import { createMetaStore } from './meta-store.js';
import { createNamespaceStore } from './namespace-store.js';
import { createRegistryStore } from './registry-store.js';
import { createCacheSet } from './read-cache.js';
import { createGroupCommit } from './group-commit.js';
import { createSecretBox } from './secret-box.js';

/**
 * All stores over one database.
 *
 * @example
 *   const stores = createStores({ databaseFile: ':memory:', encryptionKey: randomBytes(32) });
 */
export function createStores(options: {
  databaseFile: string;
  encryptionKey: Buffer;
  memoryLimits?: MemoryLimits;
  /** With a model: the words stored with each logged call (call-terms.ts). */
  callTermsOf?: CallTermsOf | undefined;
}) {
  const db = openDatabase(options.databaseFile);
  // One transaction wrapper, made once (better-sqlite3's transaction() is costly to create); it keeps the read caches true.
  const caches = createCacheSet(db);
  const group = createGroupCommit(caches);
  const memory = createMemoryStore(db, options.memoryLimits, { termsOf: options.callTermsOf, group });
  const namespaceStore = createNamespaceStore(db, caches);
  const connectionStore = createConnectionStore(db, createSecretBox(options.encryptionKey), {
    caches,
    namespaceIdOf: (accountId, name) => namespaceStore.get(accountId, name)?.id ?? null,
  });
  // Deletes reach past their own store: a namespace takes its connections with it (foreign keys),
  // and a deleted mock connection may hand a shared world to the next oldest one (memory keys).
  const connections: typeof connectionStore = {
    ...connectionStore,
    delete(namespaceId, connectionId) {
      memory.forgetKeys();
      return connectionStore.delete(namespaceId, connectionId);
    },
  };
  const namespaces: typeof namespaceStore = {
    ...namespaceStore,
    delete(accountId, name) {
      connectionStore.forgetAll();
      memory.forgetKeys();
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
    memory,
    /** Runs `work` in one immediate (write-locking) transaction. */
    transaction<T>(work: () => T): T {
      return caches.transaction(work);
    },
    /**
     * Runs `work` in its own savepoint of the one transaction committed after this turn of the
     * event loop (group-commit.ts, which the call log's batch shares), for writes that many requests
     * make at once; resolves once committed.
     */
    groupTransaction<T>(work: () => T): Promise<T> {
      return group.run(work);
    },
    /** Commits the writes still waiting for their turn's commit, checkpoints the WAL and closes the database. */
    close(): void {
      if (!db.open) return;
      group.flush();
      if (db.name !== ':memory:') db.pragma('wal_checkpoint(TRUNCATE)');
      db.close();
    },
  };
}

export type Stores = ReturnType<typeof createStores>;
