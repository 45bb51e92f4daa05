import { digestsEqual, hashApiKey } from '../../domain/api-key.js';
import type { Clock } from '../../domain/clock.js';
import { readBearer } from '../../domain/credential.js';
import { invalidToken, tokenExpired, type TokenCodec } from '../../domain/service-token.js';
import { apiError } from '../../errors.js';
import type { AccountStore } from '../../store/account-store.js';
import { deepFreeze } from '../../store/read-cache.js';
import type { Caller } from './access.js';

/** How many verified credentials of each kind are remembered (oldest dropped first). */
const maxRemembered = 10_000;
/** How many characters at the end of a token find its entry: 192 bits of its HMAC signature. */
const tokenTailLength = 32;

/**
 * Checks an `Authorization` header and returns the caller, or throws `unauthorized`.
 *
 * - An API key is looked up by its SHA-256 and the digests are compared in constant time.
 * - A service token (`mcps_...`) has its signature and expiry checked by the codec; a verified
 *   token is remembered, so later requests skip the signature check, but its expiry is checked
 *   against the clock on every request. It is found by the end of its text (its signature's last
 *   characters) and then compared whole: a token is a signed statement, not a secret to compare
 *   (only an exact match of the whole text uses the entry, anything else is verified from
 *   scratch). Hashing a kilobyte of token on every request cost a sixth of a token GET, and so
 *   did looking the whole text up in a Map, which hashes it again on every request (the text is
 *   a new string each time); a few dozen characters of signature hash in a fraction of that.
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
  // By the token's tail; each entry holds the whole text it was verified for (apart from the caller, which requests pass on).
  const verifiedTokens = new Map<string, { token: string; caller: Caller & { expiresAt: Date } }>();

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
    const tail = token.slice(-tokenTailLength);
    const entry = verifiedTokens.get(tail);
    if (entry === undefined || entry.token !== token) return verifyToken(token, tail);
    const { caller } = entry;
    if (clock.now().getTime() < caller.expiresAt.getTime()) return caller;
    verifiedTokens.delete(tail);
    throw tokenExpired(caller.expiresAt);
  }

  async function verifyToken(token: string, tail: string): Promise<Caller> {
    const claims = await tokens.verify(token);
    const account = accounts.findById(claims.accountId);
    if (!account) throw invalidToken();
    // Frozen, so that the verdicts kept per chain (connection-verdicts.ts) can never go stale.
    const caller = { account, chain: deepFreeze(claims.chain), credential: 'service_token' as const, expiresAt: claims.expiresAt };
    remember(verifiedTokens, tail, { token, caller });
    return caller;
  }

  return function authenticate(header: string | undefined): Caller | Promise<Caller> {
    if (!header) throw apiError('unauthorized', 'Missing Authorization header: send "Authorization: Bearer <API key or service token>"');
    const credential = readBearer(header);
    if (credential === null) throw apiError('unauthorized', 'Malformed Authorization header: expected "Bearer <API key or service token>"');
    return credential.kind === 'service_token' ? fromToken(credential.text) : fromKey(credential.text);
  };
}

function remember<T>(map: Map<string, T>, key: string, value: T): T {
  if (map.size >= maxRemembered) map.delete(map.keys().next().value!);
  map.set(key, value);
  return value;
}
