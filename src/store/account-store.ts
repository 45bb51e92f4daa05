import type { Sqlite } from './database.js';

export interface Account {
  id: string;
  name: string;
  isLocal: boolean;
  createdAt: string;
}

interface AccountRow {
  id: string;
  name: string;
  is_local: number;
  created_at: string;
}

const toAccount = (row: AccountRow): Account => ({ id: row.id, name: row.name, isLocal: row.is_local === 1, createdAt: row.created_at });

/** Accounts and their API keys. Keys are stored only as hashes. */
export function createAccountStore(db: Sqlite) {
  const statements = {
    insertAccount: db.prepare('INSERT INTO accounts (id, name, is_local, created_at) VALUES (?, ?, ?, ?)'),
    insertKey: db.prepare<[string, string, string, string, string | null]>(
      'INSERT INTO api_keys (key_hash, account_id, prefix, created_at, label) VALUES (?, ?, ?, ?, ?) ON CONFLICT (key_hash) DO NOTHING',
    ),
    keyLabel: db.prepare<[string], { label: string | null }>('SELECT label FROM api_keys WHERE key_hash = ?'),
    // Keys with a label (handed out by a CLI login) are credentials of their own and survive a new configured key.
    deleteKeys: db.prepare('DELETE FROM api_keys WHERE account_id = ? AND label IS NULL'),
    deleteKey: db.prepare<[string]>('DELETE FROM api_keys WHERE key_hash = ?'),
    byKeyHash: db.prepare<[string], AccountRow & { key_hash: string }>(
      'SELECT a.*, k.key_hash FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE k.key_hash = ?',
    ),
    byId: db.prepare<[string], AccountRow>('SELECT * FROM accounts WHERE id = ?'),
    local: db.prepare<[], AccountRow>('SELECT * FROM accounts WHERE is_local = 1 ORDER BY created_at LIMIT 1'),
    keyCount: db.prepare<[string], { count: number }>('SELECT count(*) AS count FROM api_keys WHERE account_id = ?'),
  };

  const removalListeners = new Set<() => void>();
  const keysRemoved = () => {
    for (const listener of removalListeners) listener();
  };

  return {
    create(account: Account): Account {
      statements.insertAccount.run(account.id, account.name, account.isLocal ? 1 : 0, account.createdAt);
      return account;
    },
    /** Adds a key; `label` says who made it (e.g. a CLI login). */
    addKey(accountId: string, key: { hash: string; prefix: string }, createdAt: string, label: string | null = null): void {
      statements.insertKey.run(key.hash, accountId, key.prefix, createdAt, label);
    },
    /** The label of a stored key (null when it has none), or undefined when no such key exists. */
    keyLabel(hash: string): string | null | undefined {
      return statements.keyLabel.get(hash)?.label;
    },
    removeKey(hash: string): void {
      statements.deleteKey.run(hash);
      keysRemoved();
    },
    /** Makes `key` the account's only unlabelled key (keys handed out by CLI logins stay). */
    replaceKeys(accountId: string, key: { hash: string; prefix: string }, createdAt: string): void {
      db.transaction(() => {
        statements.deleteKeys.run(accountId);
        statements.insertKey.run(key.hash, accountId, key.prefix, createdAt, null);
      }).immediate();
      keysRemoved();
    },
    /**
     * Hears of keys removed in this process (`removeKey`, `replaceKeys`), so what remembers a key
     * (the authenticator, dashboard sessions) forgets it at once; returns the unsubscribe.
     */
    onKeysRemoved(listener: () => void): () => void {
      removalListeners.add(listener);
      return () => void removalListeners.delete(listener);
    },
    findByKeyHash(hash: string): (Account & { keyHash: string }) | null {
      const row = statements.byKeyHash.get(hash);
      return row ? { ...toAccount(row), keyHash: row.key_hash } : null;
    },
    findById(id: string): Account | null {
      const row = statements.byId.get(id);
      return row ? toAccount(row) : null;
    },
    findLocal(): Account | null {
      const row = statements.local.get();
      return row ? toAccount(row) : null;
    },
    countKeys(accountId: string): number {
      return statements.keyCount.get(accountId)?.count ?? 0;
    },
  };
}

export type AccountStore = ReturnType<typeof createAccountStore>;
