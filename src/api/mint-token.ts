import type { Clock } from '../domain/clock.js';
import { planTokenGrant, type TokenCodec } from '../domain/service-token.js';
import { apiError } from '../errors.js';
import type { Caller } from './http/access.js';
import { toPolicyRequest, type TokenRequest } from './schemas/token-schemas.js';

/**
 * Longest token handed out. A token travels in an `Authorization` header, and Node refuses
 * request headers over 16 KB in total; a longer token could never be used.
 */
export const maxTokenLength = 8192;

/**
 * Mints a token for `caller`: its own scope narrowed by the request's policy (a token caller's
 * chain gets the policy appended), expiring after the shortest ttl, never after the caller.
 *
 * @example
 *   await mintToken({ tokens, clock, caller, request: { policy: [{ namespaces: 'demo', ttl: '30m' }] } });
 */
export async function mintToken({
  tokens,
  clock,
  caller,
  request,
}: {
  tokens: TokenCodec;
  clock: Clock;
  caller: Pick<Caller, 'account' | 'chain' | 'expiresAt'>;
  request: TokenRequest;
}) {
  const { policy, ttlSeconds } = toPolicyRequest(request);
  const parent = caller.expiresAt === null ? null : { chain: caller.chain, expiresAt: caller.expiresAt };
  const grant = planTokenGrant({
    parent,
    now: clock.now(),
    ...(policy ? { policy } : {}),
    ...(ttlSeconds === undefined ? {} : { ttlSeconds }),
  });
  const token = await tokens.issue({ accountId: caller.account.id, ...grant });
  if (token.length > maxTokenLength) {
    throw apiError(
      'validation_error',
      `policy: too large: the token would be ${token.length} characters, over the ${maxTokenLength} that fit in an Authorization header; use fewer or shorter constraints${parent ? ', or mint from the API key instead of a token' : ''}`,
    );
  }
  return { token, expiresAt: grant.expiresAt.toISOString() };
}
