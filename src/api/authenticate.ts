import { digestsEqual, hashApiKey } from '../domain/api-key.js';
import { apiError } from '../errors.js';
import type { Account, AccountStore } from '../store/account-store.js';

/**
 * Checks an `Authorization` header and returns the caller's account, or throws `unauthorized`.
 * The key is looked up by its SHA-256 and the digests are compared in constant time.
 */
export function createAuthenticator(accounts: AccountStore) {
  return function authenticate(header: string | undefined): Account {
    if (!header) throw apiError('unauthorized', 'Missing Authorization header: send "Authorization: Bearer <api key>"');
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) throw apiError('unauthorized', 'Malformed Authorization header: expected "Bearer <api key>"');
    const hash = hashApiKey(match[1]!);
    const account = accounts.findByKeyHash(hash);
    if (!account || !digestsEqual(account.keyHash, hash)) throw apiError('unauthorized', 'Invalid API key');
    return account;
  };
}
