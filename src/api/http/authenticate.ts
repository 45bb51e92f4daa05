import { digestsEqual, hashApiKey } from '../../domain/api-key.js';
import type { Clock } from '../../domain/clock.js';
import { readBearer } from '../../domain/credential.js';
import { invalidToken, tokenExpired, type TokenCodec } from '../../domain/service-token.js';
import { apiError } from '../../errors.js';
import type { AccountStore } from '../../store/account-store.js';
import type { Caller } from './access.js';

/** How many verified credentials of each kind are remembered (oldest dropped first). */
const maxRemembered = 10_000;

/**
 * Checks an `Authorization` header and returns the caller, or throws `unauthorized`.
 *
 * - An API key is looked up by its SHA-256 and the digests are compared in constant time.
 * - A service token (`mcps_...`) has its signature and expiry checked by the codec; a verified
 *   token is remembered, so later requests skip the signature check, but its expiry is checked
 *   against the clock on every request. It is remembered by the token text itself, not a digest:
 *   a token is a signed statement, not a secret to compare (only an exact match finds the entry,
 *   anything else is verified from scratch), and hashing a kilobyte of token on every request
 *   cost a sixth of a token GET.
 *
 * Returns a promise only the first time a token is seen; the hot path stays synchronous.
 */
export function createAuthenticator({ accounts, tokens, clock }: { accounts: AccountStore; tokens: TokenCodec; clock: Clock }) {
  // Keys are remembered by their hash (never by the key itself, so a lookup compares digests,
  // not secrets). A key removed from the store (a process's own key at close, the keys a new
  // configured key replaces) empties the memory, so a removed key is refused at once; a miss
  // asks the database, which sees keys that `mcpsim keys create` adds meanwhile.
  const verifiedKeys = new Map<string, Caller>();
  accounts.onKeysRemoved(() => verifiedKeys.clear());
  const verifiedTokens = new Map<string, Caller & { expiresAt: Date }>();

  function fromKey(key: string): Caller {
    const hash = hashApiKey(key);
    const cached = verifiedKeys.get(hash);
    if (cached) return cached;
    const found = accounts.findByKeyHash(hash);
    if (!found || !digestsEqual(found.keyHash, hash)) throw apiError('unauthorized', 'Invalid API key');
    const { keyHash: _keyHash, ...account } = found;
    return remember(verifiedKeys, hash, { account, chain: [], credential: 'api_key', expiresAt: null });
  }

  function fromToken(token: string): Caller | Promise<Caller> {
    const cached = verifiedTokens.get(token);
    if (!cached) return verifyToken(token);
    if (clock.now().getTime() < cached.expiresAt.getTime()) return cached;
    verifiedTokens.delete(token);
    throw tokenExpired(cached.expiresAt);
  }

  async function verifyToken(token: string): Promise<Caller> {
    const claims = await tokens.verify(token);
    const account = accounts.findById(claims.accountId);
    if (!account) throw invalidToken();
    return remember(verifiedTokens, token, { account, chain: claims.chain, credential: 'service_token', expiresAt: claims.expiresAt });
  }

  return function authenticate(header: string | undefined): Caller | Promise<Caller> {
    if (!header) throw apiError('unauthorized', 'Missing Authorization header: send "Authorization: Bearer <API key or service token>"');
    const credential = readBearer(header);
    if (credential === null) throw apiError('unauthorized', 'Malformed Authorization header: expected "Bearer <API key or service token>"');
    return credential.kind === 'service_token' ? fromToken(credential.text) : fromKey(credential.text);
  };
}

function remember<T extends Caller>(map: Map<string, T>, key: string, caller: T): T {
  if (map.size >= maxRemembered) map.delete(map.keys().next().value!);
  map.set(key, caller);
  return caller;
}
