import { digestsEqual, hashApiKey } from '../domain/api-key.js';
import { apiError } from '../errors.js';
import type { Account, AccountStore } from '../store/account-store.js';

/**
 * Checks an `Authorization` header and returns the caller's account, or throws `unauthorized`.
 * The key is looked up by its SHA-256 and the digests are compared in constant time.
 */
export function createAuthenticator(accounts: AccountStore) {
  // Keys that verified recently, by their hash (never by the key itself, so a lookup compares
  // digests, not secrets). Keys are never revoked while the server runs (a fixed key replaces the
  // others only at start), so a hit stays valid; a miss asks the database, which sees keys that
  // `mcpsim keys create` adds meanwhile.
  const verified = new Map<string, Account>();
  const maxVerified = 1_000;

  return function authenticate(header: string | undefined): Account {
    if (!header) throw apiError('unauthorized', 'Missing Authorization header: send "Authorization: Bearer <api key>"');
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) throw apiError('unauthorized', 'Malformed Authorization header: expected "Bearer <api key>"');
    const hash = hashApiKey(match[1]!);
    const cached = verified.get(hash);
    if (cached) return cached;
    const found = accounts.findByKeyHash(hash);
    if (!found || !digestsEqual(found.keyHash, hash)) throw apiError('unauthorized', 'Invalid API key');
    const { keyHash: _keyHash, ...account } = found;
    if (verified.size >= maxVerified) verified.clear();
    verified.set(hash, account);
    return account;
  };
}
