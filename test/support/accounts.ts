import type { Platform } from '../../src/platform/platform.js';
import { toStoredKey } from '../../src/domain/api-key.js';

/** Adds a second account with its own key, the way `mcpsim keys create` does. */
export function addAccount(platform: Platform, name: string, key: string): string {
  const id = `acct_${name}`;
  platform.stores.accounts.create({ id, name, isLocal: false, createdAt: '2026-01-01T00:00:00.000Z' });
  platform.stores.accounts.addKey(id, toStoredKey(key), '2026-01-01T00:00:00.000Z');
  return id;
}
