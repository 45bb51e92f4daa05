import type { Sqlite } from './database.js';

/**
 * In-memory copies of the rows that hot paths read on every request (a connection, a namespace,
 * the registry revision), so that a cached request makes no SQL statement at all: on a busy server
 * one read statement outside a transaction costs about as much as the whole rest of a GET, because
 * SQLite takes and drops its WAL read lock around it.
 *
 * The rules that keep the copies true:
 * - the store that owns a row forgets its copy whenever it writes the row;
 * - everything is forgotten when another SQLite connection (another `mcpsim` process:
 *   `registry import`, `keys create`) has committed, which `PRAGMA data_version` tells: asked at
 *   most every `intervalMs` on reads outside a transaction, and at the start of every write
 *   transaction (where it is nearly free), so writes always decide on current rows;
 * - copies made inside a write transaction are forgotten if it rolls back;
 * - copies are frozen, so a caller that changed one would throw instead of changing what the next
 *   request reads.
 */
export interface CacheSet {
  /** A cache of at most `maxEntries` copies (oldest dropped first). */
  create<K, V>(maxEntries: number): ReadCache<K, V>;
  /** Runs `work` in an immediate write transaction, with the rules above. */
  transaction<T>(work: () => T): T;
}

export interface ReadCache<K, V> {
  /** The copy of `key`, else `load()`'s value (kept when not null). */
  read(key: K, load: () => V | null): V | null;
  forget(key: K): void;
  clear(): void;
}

/**
 * @example
 *   const caches = createCacheSet(db);
 *   const namespaces = caches.create<string, Namespace>(10_000);
 *   const namespace = namespaces.read(`${accountId}\n${name}`, () => loadNamespace(accountId, name));
 */
export function createCacheSet(db: Sqlite, { intervalMs = 250, now = () => performance.now() } = {}): CacheSet {
  const dataVersion = db.prepare('PRAGMA data_version').pluck();
  let version = dataVersion.get() as number;
  let checkedAt = now();
  const caches: Map<unknown, unknown>[] = [];
  /** Copies made during the open write transaction: forgotten on rollback. */
  let journal: { entries: Map<unknown, unknown>; key: unknown }[] | null = null;
  const inTransaction = db.transaction((work: () => unknown) => {
    checkExternalChanges();
    return work();
  });
  // A savepoint inside our own transaction needs no check: no other connection commits while we hold the write lock.
  const inSavepoint = db.transaction((work: () => unknown) => work());

  function checkExternalChanges(): void {
    checkedAt = now();
    const current = dataVersion.get() as number;
    if (current === version) return;
    version = current;
    for (const entries of caches) entries.clear();
  }

  return {
    create<K, V>(maxEntries: number): ReadCache<K, V> {
      const entries = new Map<K, V>();
      caches.push(entries);
      return {
        read(key, load) {
          if (!db.inTransaction && now() - checkedAt >= intervalMs) checkExternalChanges();
          const cached = entries.get(key);
          if (cached !== undefined) return cached;
          const value = load();
          // Inside a transaction someone else opened (better-sqlite3's own), a rollback would go unseen: keep nothing.
          if (value === null || (db.inTransaction && journal === null)) return value;
          if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
          entries.set(key, deepFreeze(value));
          journal?.push({ entries, key });
          return value;
        },
        forget: (key) => void entries.delete(key),
        clear: () => entries.clear(),
      };
    },
    transaction<T>(work: () => T): T {
      const outermost = journal === null;
      journal ??= [];
      // A nested call is a savepoint: what it copied is forgotten if it rolls back.
      const mark = journal.length;
      try {
        return (outermost ? inTransaction : inSavepoint).immediate(work) as T;
      } catch (error) {
        for (const { entries, key } of journal.splice(mark)) entries.delete(key);
        throw error;
      } finally {
        if (outermost) journal = null;
      }
    },
  };
}

/**
 * Freezes a value and everything inside it, iteratively (so no depth can overflow the stack).
 */
export function deepFreeze<T>(value: T): T {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (next === null || typeof next !== 'object' || Object.isFrozen(next)) continue;
    Object.freeze(next);
    for (const inner of Object.values(next)) pending.push(inner);
  }
  return value;
}
