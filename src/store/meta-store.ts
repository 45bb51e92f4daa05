import type { Sqlite } from './database.js';

/** Small facts about the database itself, such as which demo catalog version was loaded. */
export function createMetaStore(db: Sqlite) {
  const get = db.prepare<[string], { value: string }>('SELECT value FROM meta WHERE key = ?');
  const set = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value');
  return {
    get: (key: string): string | null => get.get(key)?.value ?? null,
    set: (key: string, value: string): void => void set.run(key, value),
  };
}

export type MetaStore = ReturnType<typeof createMetaStore>;
