import { randomUUID } from 'node:crypto';
import { createApiKey, toStoredKey } from '../domain/api-key.js';
import { resolveConfig, type ConfigFlags } from '../config.js';
import { openDataDir } from '../store/data-dir.js';
import { createStores } from '../store/stores.js';
import { exitCodes, type CliIo } from './io.js';

/**
 * `mcpsim keys create`: adds an account with its own API key to the data directory, so that
 * isolation between accounts can be tested. Works while the server runs (SQLite WAL).
 */
export function keysCreateCommand(flags: ConfigFlags & { name?: string; json?: boolean }, io: CliIo): number {
  const config = resolveConfig(flags, io.env);
  const stores = createStores(openDataDir(config.dataDir));
  try {
    const key = createApiKey();
    const now = new Date().toISOString();
    const account = stores.transaction(() => {
      const created = stores.accounts.create({ id: `acct_${randomUUID().replaceAll('-', '').slice(0, 16)}`, name: flags.name ?? 'extra', isLocal: false, createdAt: now });
      stores.accounts.addKey(created.id, toStoredKey(key), now);
      return created;
    });
    io.stdout(flags.json ? `${JSON.stringify({ accountId: account.id, name: account.name, apiKey: key })}\n` : `${key}\n`);
    if (!flags.json) io.stderr(`Created account "${account.name}" (${account.id}). The key above is shown once and stored only as a hash.\n`);
    return exitCodes.ok;
  } finally {
    stores.close();
  }
}
