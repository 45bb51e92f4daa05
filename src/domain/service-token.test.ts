import { randomBytes } from 'node:crypto';
import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { isApiError } from '../errors.js';
import { createManualClock } from './clock.js';
import type { Chain } from './policy.js';
import { createTokenCodec, planTokenGrant, tokenPrefix } from './service-token.js';

const start = '2026-01-01T00:00:00.000Z';
const chain: Chain = [[{ namespaces: ['demo'], operations: ['read'] }]];

function setUp() {
  const clock = createManualClock(start);
  const key = randomBytes(32);
  return { clock, key, codec: createTokenCodec({ key, clock }) };
}

async function rejection(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (isApiError(error)) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error('expected a rejection');
}

describe('the token codec', () => {
  it('issues an opaque mcps_ token that verifies back to its claims', async () => {
    const { codec } = setUp();
    const expiresAt = new Date('2026-01-01T01:00:00.000Z');
    const token = await codec.issue({ accountId: 'acct_1', chain, expiresAt });
    expect(token.startsWith(tokenPrefix)).toBe(true);
    expect(token.slice(tokenPrefix.length).split('.')).toHaveLength(3);
    expect(await codec.verify(token)).toEqual({ accountId: 'acct_1', chain, expiresAt });
  });

  it('says "expired" with the time once the clock reaches the expiry, and not a millisecond before', async () => {
    const { codec, clock } = setUp();
    const token = await codec.issue({ accountId: 'acct_1', chain, expiresAt: new Date('2026-01-01T01:00:00.000Z') });
    clock.set('2026-01-01T00:59:59.999Z');
    await expect(codec.verify(token)).resolves.toBeDefined();
    clock.set('2026-01-01T01:00:00.000Z');
    expect(await rejection(codec.verify(token))).toEqual({
      status: 401,
      message: 'Token expired at 2026-01-01T01:00:00.000Z; mint a new one with POST /tokens',
    });
  });

  it('says only "Invalid token" for a forged, truncated, re-signed, unsigned or foreign token', async () => {
    const { codec, clock, key } = setUp();
    const token = await codec.issue({ accountId: 'acct_1', chain, expiresAt: new Date('2026-01-01T01:00:00.000Z') });
    const [header, payload, signature] = token.slice(tokenPrefix.length).split('.') as [string, string, string];
    const widened = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), chain: [] })).toString(
      'base64url',
    );
    const now = Math.floor(clock.now().getTime() / 1000);
    const otherKey = await new SignJWT({ chain: [] })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('acct_1')
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .setJti('j')
      .sign(randomBytes(32));
    const unsigned = new UnsecuredJWT({ chain: [] })
      .setSubject('acct_1')
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .setJti('j')
      .encode();
    const otherCodec = createTokenCodec({ key: randomBytes(32), clock });
    const cases = [
      `${tokenPrefix}${header}.${widened}.${signature}`,
      token.slice(0, -5),
      token.slice(0, 40),
      `${tokenPrefix}${otherKey}`,
      `${tokenPrefix}${unsigned}`,
      token.slice(tokenPrefix.length),
      `${tokenPrefix}not-a-jws`,
      await otherCodec.issue({ accountId: 'acct_1', chain, expiresAt: new Date('2026-01-01T01:00:00.000Z') }),
      `${token}x`,
    ];
    for (const candidate of cases)
      expect(await rejection(codec.verify(candidate)), candidate).toEqual({ status: 401, message: 'Invalid token' });
    // A forged token stays "invalid" after its claimed expiry: expiry is read only from genuine tokens.
    clock.advance(2 * 3600_000);
    expect((await rejection(codec.verify(`${tokenPrefix}${header}.${widened}.${signature}`))).message).toBe('Invalid token');
    expect(key).toHaveLength(32);
  });

  it('accepts only the canonical spelling of a token: no padding, no stray bits, nothing appended (issue 16, item 8)', async () => {
    const { codec } = setUp();
    const token = await codec.issue({ accountId: 'acct_1', chain, expiresAt: new Date('2026-01-01T01:00:00.000Z') });
    await expect(codec.verify(token)).resolves.toBeDefined();
    const [header, payload, signature] = token.slice(tokenPrefix.length).split('.') as [string, string, string];
    // An HS256 signature is 32 bytes: 43 base64url characters whose last one carries 2 unused bits.
    const last = signature.at(-1)!;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const strayBits = alphabet[alphabet.indexOf(last) ^ 1]!;
    const spellings = [
      `${token}=`,
      `${token}==`,
      `${tokenPrefix}${header}.${payload}.${signature.slice(0, -1)}${strayBits}`,
      `${tokenPrefix}${header}=.${payload}.${signature}`,
    ];
    for (const spelling of spellings) {
      expect(Buffer.from(spelling.split('.')[2]!, 'base64url')).toEqual(Buffer.from(signature, 'base64url'));
      expect(await rejection(codec.verify(spelling)), spelling).toEqual({ status: 401, message: 'Invalid token' });
    }
  });
});

describe('planTokenGrant', () => {
  const now = new Date('2026-01-01T00:00:00.250Z');

  it('gives the API key a one-link chain, or the empty chain without a policy, expiring after 1 h by default', () => {
    expect(planTokenGrant({ parent: null, policy: chain[0]!, now })).toEqual({ chain, expiresAt: new Date('2026-01-01T01:00:00.000Z') });
    expect(planTokenGrant({ parent: null, now })).toEqual({ chain: [], expiresAt: new Date('2026-01-01T01:00:00.000Z') });
  });

  it("appends the policy to a token's chain and never expires after the parent", () => {
    const parent = { chain, expiresAt: new Date('2026-01-01T00:30:00.000Z') };
    const child = planTokenGrant({ parent, policy: [{ operations: ['read'] }], ttlSeconds: 7200, now });
    expect(child).toEqual({ chain: [...chain, [{ operations: ['read'] }]], expiresAt: parent.expiresAt });
    expect(planTokenGrant({ parent, now })).toEqual({ chain, expiresAt: parent.expiresAt });
    expect(planTokenGrant({ parent, ttlSeconds: 60, now }).expiresAt).toEqual(new Date('2026-01-01T00:01:00.000Z'));
  });

  it('cuts the expiry down to whole seconds, as a JWT carries it', () => {
    expect(planTokenGrant({ parent: null, ttlSeconds: 20, now }).expiresAt.toISOString()).toBe('2026-01-01T00:00:20.000Z');
  });
});
