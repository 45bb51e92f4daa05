/**
 * Service tokens: what a token grants, and its signed, opaque form.
 *
 * A token is `mcps_` followed by a compact JWS (HS256, made and checked by `jose`) whose payload
 * is `{ sub: accountId, chain, exp, iat, jti }`, the chain written with one-letter field names
 * (a token travels in every request's headers, so its length costs on every request). The key is
 * 32 random bytes kept in the data directory. Verification uses the injected clock, so expiry
 * follows a virtual clock too.
 */
import { randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { apiError } from '../errors.js';
import type { Clock } from './clock.js';
import { defaultTtlSeconds, type Chain, type Constraint, type Policy } from './policy.js';

export const tokenPrefix = 'mcps_';

/** What a verified token says. */
export interface TokenClaims {
  accountId: string;
  chain: Chain;
  /** Whole seconds (a JWT's `exp`), so `toISOString()` ends in `.000Z`. */
  expiresAt: Date;
}

export interface TokenCodec {
  /** Signs the claims into a token string. */
  issue(claims: TokenClaims): Promise<string>;
  /** Checks signature and expiry against the clock; throws 401 `unauthorized` saying expired or invalid. */
  verify(token: string): Promise<TokenClaims>;
}

const algorithm = 'HS256';

/**
 * @example
 *   const codec = createTokenCodec({ key: randomBytes(32), clock: systemClock });
 *   const token = await codec.issue({ accountId: 'acct_1', chain: [], expiresAt: new Date(Date.now() + 3600_000) });
 *   (await codec.verify(token)).accountId; // 'acct_1'
 */
export function createTokenCodec({ key, clock }: { key: Uint8Array; clock: Clock }): TokenCodec {
  return {
    async issue({ accountId, chain, expiresAt }) {
      const jws = await new SignJWT({ chain: chain.map((policy) => policy.map(toWireConstraint)) })
        .setProtectedHeader({ alg: algorithm })
        .setSubject(accountId)
        .setIssuedAt(Math.floor(clock.now().getTime() / 1000))
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .setJti(randomBytes(12).toString('base64url'))
        .sign(key);
      return tokenPrefix + jws;
    },
    async verify(token) {
      if (!token.startsWith(tokenPrefix) || !isCanonicalJws(token.slice(tokenPrefix.length))) throw invalidToken();
      let payload;
      try {
        ({ payload } = await jwtVerify(token.slice(tokenPrefix.length), key, {
          algorithms: [algorithm],
          currentDate: clock.now(),
          requiredClaims: ['sub', 'exp', 'iat', 'jti'],
        }));
      } catch (error) {
        // jose checks the signature before the claims, so only a genuine token can be "expired".
        if (error instanceof errors.JWTExpired && typeof error.payload.exp === 'number')
          throw tokenExpired(new Date(error.payload.exp * 1000));
        throw invalidToken();
      }
      const chain = fromWireChain(payload.chain);
      if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number' || chain === null) throw invalidToken();
      return { accountId: payload.sub, chain, expiresAt: new Date(payload.exp * 1000) };
    },
  };
}

/**
 * Whether a compact JWS is written the one way its bytes encode: three base64url parts with no
 * padding and no stray bits in the last character. jose decodes leniently (a trailing `=` or
 * other low bits give the same bytes), which made one token verify under many spellings.
 */
function isCanonicalJws(jws: string): boolean {
  const parts = jws.split('.');
  return (
    parts.length === 3 &&
    parts.every((part) => /^[A-Za-z0-9_-]*$/.test(part) && Buffer.from(part, 'base64url').toString('base64url') === part)
  );
}

export function invalidToken() {
  return apiError('unauthorized', 'Invalid token');
}

export function tokenExpired(at: Date) {
  return apiError('unauthorized', `Token expired at ${at.toISOString()}; mint a new one with POST /tokens`);
}

/**
 * What a new token grants: its parent's chain (none for the API key) plus the new policy when one
 * is given, expiring after `ttlSeconds` (default 1 h) but never after the parent. Expiry is cut to
 * whole seconds, down, as a JWT carries it.
 *
 * @example
 *   planTokenGrant({ parent: null, policy: [{ resources: ['connections'] }], now }); // { chain: [[...]], expiresAt: now + 1 h }
 */
export function planTokenGrant(args: {
  parent: { chain: Chain; expiresAt: Date } | null;
  policy?: Policy;
  ttlSeconds?: number;
  now: Date;
}): { chain: Chain; expiresAt: Date } {
  const { parent, policy, now } = args;
  const requested = now.getTime() + (args.ttlSeconds ?? defaultTtlSeconds) * 1000;
  const limit = parent ? Math.min(requested, parent.expiresAt.getTime()) : requested;
  const parentChain = parent?.chain ?? [];
  return { chain: policy ? [...parentChain, policy] : parentChain, expiresAt: new Date(Math.floor(limit / 1000) * 1000) };
}

/** A constraint as the token carries it: `n` namespaces, `r` resources, `o` operations, `m` metadata. */
interface WireConstraint {
  n?: string[];
  r?: Constraint['resources'];
  o?: Constraint['operations'];
  m?: Record<string, string>[];
}

function toWireConstraint(constraint: Constraint): WireConstraint {
  const wire: WireConstraint = {};
  if (constraint.namespaces) wire.n = constraint.namespaces;
  if (constraint.resources) wire.r = constraint.resources;
  if (constraint.operations) wire.o = constraint.operations;
  if (constraint.metadata) wire.m = constraint.metadata;
  return wire;
}

/** The chain of a signed payload, or null when it is not one (only our key could have signed it, but check the shape anyway). */
function fromWireChain(value: unknown): Chain | null {
  if (!Array.isArray(value)) return null;
  const chain: Chain = [];
  for (const policy of value) {
    if (!Array.isArray(policy)) return null;
    const constraints: Constraint[] = [];
    for (const wire of policy as unknown[]) {
      if (typeof wire !== 'object' || wire === null || Array.isArray(wire)) return null;
      const { n, r, o, m } = wire as Record<string, unknown>;
      if (![n, r, o, m].every((field) => field === undefined || Array.isArray(field))) return null;
      const constraint: Constraint = {};
      if (n) constraint.namespaces = n as string[];
      if (r) constraint.resources = r as NonNullable<Constraint['resources']>;
      if (o) constraint.operations = o as NonNullable<Constraint['operations']>;
      if (m) constraint.metadata = m as Record<string, string>[];
      constraints.push(constraint);
    }
    chain.push(constraints);
  }
  return chain;
}
