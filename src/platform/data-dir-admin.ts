import { randomUUID } from 'node:crypto';
import { mintToken } from '../api/mint-token.js';
import { tokenRequestSchema } from '../api/schemas/token-schemas.js';
import { toValidationMessage } from '../api/http/validation-message.js';
import { createApiKey, hashApiKey, toStoredKey } from '../domain/api-key.js';
import { systemClock, type Clock } from '../domain/clock.js';
import { createTokenCodec } from '../domain/service-token.js';
import { apiError } from '../errors.js';
import type { Account } from '../store/account-store.js';
import { openDataDir } from '../store/data-dir.js';
import { importRegistry, type ImportCounts } from '../store/registry-import.js';
import { createStores } from '../store/stores.js';

export { clearDataDir, DataDirError } from '../store/data-dir.js';
export { assertDataDirFree, DataDirInUseError, lockDataDir, type DataDirLock } from '../store/data-dir-lock.js';

export interface DataDirAdmin {
  /** Adds an account with a new API key; the key is returned once and stored only as a hash. */
  createAccount(name: string): { accountId: string; name: string; apiKey: string };
  /** The account whose key is `apiKey`, or the local account when `apiKey` is undefined; null when there is none. */
  findAccount(apiKey: string | undefined): Account | null;
  /**
   * Mints a service token for `account` from a `POST /tokens` body, validated and limited as the
   * API does it (same schema, same rules, same messages: an `ApiError` `validation_error`).
   */
  mintToken(account: Account, body: unknown): Promise<{ token: string; expiresAt: string }>;
  /** Imports registry servers from a file or a data set directory, all or nothing (`ApiError` on bad input). */
  importRegistry(path: string): ImportCounts;
  close(): void;
}

/**
 * Opens a data directory for work without a server: accounts, tokens, registry imports. It works
 * while a server runs on the same directory (SQLite WAL), which sees the changes at once.
 *
 * @throws DataDirError when the directory cannot be created, read or written
 * @example
 *   const admin = openDataDirAdmin('./.mcpsim');
 *   try {
 *     const { apiKey } = admin.createAccount('ci');
 *   } finally {
 *     admin.close();
 *   }
 */
export function openDataDirAdmin(path: string, { clock = systemClock }: { clock?: Clock } = {}): DataDirAdmin {
  const dataDir = openDataDir(path);
  const stores = createStores(dataDir);
  const tokens = createTokenCodec({ key: dataDir.tokenKey, clock });
  return {
    createAccount(name) {
      const apiKey = createApiKey();
      const now = clock.now().toISOString();
      const account = stores.transaction(() => {
        const created = stores.accounts.create({
          id: `acct_${randomUUID().replaceAll('-', '').slice(0, 16)}`,
          name,
          isLocal: false,
          createdAt: now,
        });
        stores.accounts.addKey(created.id, toStoredKey(apiKey), now);
        return created;
      });
      return { accountId: account.id, name: account.name, apiKey };
    },
    findAccount: (apiKey) => (apiKey === undefined ? stores.accounts.findLocal() : stores.accounts.findByKeyHash(hashApiKey(apiKey))),
    async mintToken(account, body) {
      const request = tokenRequestSchema.safeParse(body);
      if (!request.success) throw apiError('validation_error', toValidationMessage(request.error.issues));
      return mintToken({ tokens, clock, caller: { account, chain: [], expiresAt: null }, request: request.data });
    },
    importRegistry: (file) => importRegistry(stores, file, { clock }),
    close: () => stores.close(),
  };
}
