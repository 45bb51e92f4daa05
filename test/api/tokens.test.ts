/**
 * `POST /tokens` (docs/decisions.md, "Service tokens"): the request schema, the
 * response, ttl and expiry, minting from a token, and the 401s of a bad or expired token.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenResponseSchema } from '../../src/api/schemas/token-schemas.js';
import { addAccount } from '../support/accounts.js';
import { doors, startHarness, testStart, type Harness } from '../support/harness.js';
import { ids, mint, seedConnections } from '../support/tokens.js';

const isoWithMilliseconds = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const at = (offsetMs: number) => new Date(Date.parse(testStart) + offsetMs).toISOString();

describe.each(doors)('POST /tokens (%s)', (door) => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness(door);
    await seedConnections(harness, 'ns-a', { a1: { team: 'a' }, b1: { team: 'b' } });
    await seedConnections(harness, 'ns-b', { c1: { team: 'a' } });
  });
  afterAll(() => harness.close());

  it('answers 200 {token, expiresAt}: an opaque mcps_ token and an ISO 8601 UTC time with milliseconds, 1 h ahead by default', async () => {
    for (const options of [{}, { body: {} }, { rawBody: '' }]) {
      const response = await harness.call('POST', '/tokens', options);
      expect(response.status).toBe(200);
      expect(tokenResponseSchema.parse(response.body)).toEqual({
        token: expect.stringMatching(/^mcps_[\w-]+\.[\w-]+\.[\w-]+$/),
        expiresAt: at(3600_000),
      });
      expect(response.body.expiresAt).toMatch(isoWithMilliseconds);
    }
  });

  it('gives a token without a policy the full scope of the API key', async () => {
    const token = await mint(harness);
    expect((await harness.call('GET', '/connect/ns-a/b1', { key: token })).status).toBe(200);
    expect((await harness.call('PUT', '/namespaces/made-by-token', { key: token })).status).toBe(201);
  });

  it.each([
    [{ policy: [] }, 'policy: must have at least 1 item'],
    [{ policy: {} }, 'policy: must be an array'],
    [{ policy: [{ resources: [] }] }, 'policy.0.resources: must have at least 1 item'],
    [{ policy: [{}, { operations: [] }] }, 'policy.1.operations: must have at least 1 item'],
    [{ policy: [{ namespaces: [] }] }, 'policy.0.namespaces: must have at least 1 item'],
    [{ policy: [{ metadata: [] }] }, 'policy.0.metadata: must have at least 1 item'],
    [{ policy: [{ metadata: {} }] }, 'policy.0.metadata: must have at least one key'],
    [
      { policy: [{ resources: 'tools' }] },
      'policy.0.resources: must be one of "connections", "servers", "namespaces", "skills", or a non-empty list of them',
    ],
    [{ policy: [{ resources: ['connections', 'Servers'] }] }, 'policy.0.resources: must be one of'],
    [
      { policy: [{}, {}, { operations: 'delete' }] },
      'policy.2.operations: must be one of "read", "write", "execute", or a non-empty list of them',
    ],
    [{ policy: [{ namespaces: 'not/a/namespace' }] }, 'policy.0.namespaces: must match'],
    [{ policy: [{ metadata: { team: 1 } }] }, 'policy.0.metadata: must be an object of string values'],
    [{ policy: [{ ttl: '25h' }] }, 'policy.0.ttl: must be at most 86400 seconds (24h)'],
    [{ policy: [{ ttl: 86401 }] }, 'policy.0.ttl: must be at most 86400 seconds (24h)'],
    [{ policy: [{ ttl: '1441m' }] }, 'policy.0.ttl: must be at most 86400 seconds (24h)'],
    [
      { policy: [{}, { ttl: '1.5h' }] },
      'policy.1.ttl: must be a positive whole number of seconds, or a duration such as "1h", "30m", "20s" (got "1.5h")',
    ],
    [{ policy: [{ ttl: 0 }] }, 'policy.0.ttl: must be a positive whole number of seconds'],
    [{ policy: [{ ttl: -60 }] }, 'policy.0.ttl: must be a positive whole number of seconds'],
    [{ policy: [{ ttl: '1d' }] }, 'policy.0.ttl: must be a positive whole number of seconds'],
    [{ policy: [{ ttl: true }] }, 'policy.0.ttl:'],
    [{ policy: [{ rpcReqMatch: { method: 'tools/call' } }] }, 'policy.0.rpcReqMatch: unknown property, not allowed here'],
    [{ policy: [{ namespace: 'ns-a' }] }, 'policy.0.namespace: unknown property, not allowed here'],
    [{ organizationId: 'org_1' }, 'organizationId: unknown property, not allowed here'],
    [[{ resources: 'connections' }], 'body: must be an object'],
  ])('refuses %j with 400 validation_error naming the constraint index and field', async (body, message) => {
    const response = await harness.call('POST', '/tokens', { body });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'validation_error', message: expect.stringContaining(message) });
  });

  it('refuses a body that is not JSON with 400', async () => {
    const response = await harness.call('POST', '/tokens', { rawBody: '{"policy": [' });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/^body: must be valid JSON/);
  });

  it('refuses a policy whose token would not fit in an Authorization header, with 400', async () => {
    const namespaces = Array.from({ length: 400 }, (_, index) => `namespace-number-${index}`);
    const response = await harness.call('POST', '/tokens', { body: { policy: [{ namespaces }] } });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: 'validation_error',
      message: expect.stringMatching(/^policy: too large: the token would be \d+ characters, over the 8192/),
    });
  });

  it.each([
    [[{ ttl: '30m' }], 1800],
    [[{ ttl: 90 }], 90],
    [[{ ttl: '24h' }], 86400],
    [[{ ttl: '2h' }, { ttl: '20s' }, {}], 20],
    [[{ resources: 'connections' }], 3600],
  ])('expires a token with policy %j after the shortest ttl (%i s)', async (policy, seconds) => {
    const response = await harness.call('POST', '/tokens', { body: { policy } });
    expect(response.body.expiresAt).toBe(at(seconds * 1000));
  });

  it('gives a child the intersection of its policy and its parent, and never a later expiry', async () => {
    const parent = await mint(harness, [{ namespaces: 'ns-a', ttl: '30m' }]);
    const childResponse = await harness.call('POST', '/tokens', {
      key: parent,
      body: { policy: [{ metadata: { team: 'a' }, ttl: '2h' }, { namespaces: 'ns-b' }] },
    });
    expect(childResponse.status).toBe(200);
    expect(childResponse.body.expiresAt).toBe(at(1800_000));
    const child = childResponse.body.token as string;
    // Parent: all of ns-a. Child: team a anywhere, or all of ns-b. Intersection: team a in ns-a.
    expect(ids((await harness.call('GET', '/connect/ns-a', { key: child })).body)).toEqual(['a1']);
    expect((await harness.call('GET', '/connect/ns-a/b1', { key: child })).status).toBe(404);
    expect((await harness.call('GET', '/connect/ns-b', { key: child })).status).toBe(403);
    expect((await harness.call('GET', '/connect/ns-b/c1', { key: child })).status).toBe(403);
    // Without a policy, a token mints a copy of itself with the default ttl, capped at its own expiry.
    const copy = await harness.call('POST', '/tokens', { key: child });
    expect(copy.body.expiresAt).toBe(at(1800_000));
    expect(ids((await harness.call('GET', '/connect/ns-a', { key: copy.body.token })).body)).toEqual(['a1']);
    const shorter = await harness.call('POST', '/tokens', { key: child, body: { policy: [{ ttl: 60 }] } });
    expect(shorter.body.expiresAt).toBe(at(60_000));
  });

  it('caps the expiry of a child at the parent even after time has passed', async () => {
    const parent = await mint(harness, [{ ttl: '10m' }]);
    harness.clock.advance(9 * 60_000 + 59_500);
    try {
      const child = await harness.call('POST', '/tokens', { key: parent, body: { policy: [{ ttl: '1h' }] } });
      expect(child.body.expiresAt).toBe(at(600_000));
      harness.clock.advance(499);
      expect((await harness.call('GET', '/namespaces', { key: child.body.token })).status).toBe(200);
      harness.clock.advance(1);
      expect((await harness.call('GET', '/namespaces', { key: child.body.token })).body.message).toBe(
        `Token expired at ${at(600_000)}; mint a new one with POST /tokens`,
      );
    } finally {
      harness.clock.set(testStart);
    }
  });

  it('refuses a token whose signature has a trailing "=" or a changed last character, as the original request sent it (issue 16, item 8)', async () => {
    const token = await mint(harness);
    expect((await harness.call('GET', '/namespaces', { key: token })).status).toBe(200);
    const last = token.at(-1)!;
    // Base64url's last character of a 32-byte signature carries 2 stray bits: a neighbour decoded to the same bytes.
    const neighbour = token.slice(0, -1) + String.fromCharCode(last.charCodeAt(0) ^ 1);
    for (const variant of [`${token}=`, `${token}==`, neighbour]) {
      const response = await harness.call('GET', '/namespaces', { key: variant });
      expect(response.status, variant.slice(-4)).toBe(401);
      expect(Object.keys(response.body).sort()).toEqual(['error', 'message']);
    }
  });

  it('needs a valid credential to mint', async () => {
    const response = await harness.call('POST', '/tokens', { key: null });
    expect(response.status).toBe(401);
    expect((await harness.call('POST', '/tokens', { key: 'mcps_nonsense' })).body).toEqual({
      error: 'unauthorized',
      message: 'Invalid token',
    });
  });

  it("mints for the caller's account only: another account's token never reaches this account's namespaces", async () => {
    const otherKey = `other-key-${door}`;
    addAccount(harness.platform, `other-${door}`, otherKey);
    const foreign = await mint(harness, [{ namespaces: 'ns-a' }], otherKey);
    const response = await harness.call('GET', '/connect/ns-a/a1', { key: foreign });
    expect(response.status).toBe(404);
    expect(response.body.message).toBe('Namespace "ns-a" not found or access denied');
    expect((await harness.call('GET', '/namespaces', { key: foreign })).body.namespaces).toEqual([]);
  });
});

describe.each(doors)('401 for a bad or expired token (%s)', (door) => {
  let harness: Harness;
  let token: string;
  beforeAll(async () => {
    harness = await startHarness(door);
    token = await mint(harness, [{ resources: 'namespaces', ttl: '1h' }]);
  });
  afterAll(() => harness.close());

  const expectInvalid = async (candidate: string) => {
    const response = await harness.call('GET', '/namespaces', { key: candidate });
    expect(response.status, candidate).toBe(401);
    expect(response.body).toEqual({ error: 'unauthorized', message: 'Invalid token' });
  };

  it('accepts the genuine token', async () => {
    expect((await harness.call('GET', '/namespaces', { key: token })).status).toBe(200);
  });

  it('refuses a forged payload (widened scope, other account, later expiry) with "Invalid token"', async () => {
    // The genuine token is remembered first: a forgery ends as it does (the same signature) and must still be verified.
    expect((await harness.call('GET', '/namespaces', { key: token })).status).toBe(200);
    const [header, payload, signature] = token.slice('mcps_'.length).split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    for (const forged of [
      { ...claims, chain: [] },
      { ...claims, sub: 'acct_other' },
      { ...claims, exp: claims.exp + 86400 },
    ]) {
      await expectInvalid(`mcps_${header}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${signature}`);
    }
    await expectInvalid(`mcps_${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`);
  });

  it('refuses a truncated or altered token with "Invalid token"', async () => {
    for (const candidate of [
      token.slice(0, -1),
      token.slice(0, 30),
      `${token.slice(0, -3)}AAA`,
      'mcps_',
      'mcps_a.b.c',
      token.replace('mcps_', 'mcps_x'),
    ]) {
      await expectInvalid(candidate);
    }
  });

  it('refuses a token signed with another key with "Invalid token"', async () => {
    const now = Math.floor(Date.parse(testStart) / 1000);
    const account = harness.platform.stores.accounts.findLocal()!.id;
    const jws = await new SignJWT({ chain: [] })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(account)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .setJti('x')
      .sign(randomBytes(32));
    await expectInvalid(`mcps_${jws}`);
  });

  it('refuses a token from another data directory with "Invalid token"', async () => {
    const other = await startHarness('in-process');
    try {
      await expectInvalid(await mint(other, [{ resources: 'namespaces' }]));
    } finally {
      await other.close();
    }
  });

  it('says "Token expired at <time>" from the moment the clock reaches the expiry, and still once the token is remembered', async () => {
    try {
      harness.clock.set(at(3600_000 - 1));
      expect((await harness.call('GET', '/namespaces', { key: token })).status).toBe(200);
      harness.clock.set(at(3600_000));
      for (let attempt = 0; attempt < 2; attempt++) {
        const response = await harness.call('GET', '/namespaces', { key: token });
        expect(response.status).toBe(401);
        expect(response.body).toEqual({
          error: 'unauthorized',
          message: `Token expired at ${at(3600_000)}; mint a new one with POST /tokens`,
        });
      }
      expect((await harness.call('POST', '/tokens', { key: token })).status).toBe(401);
    } finally {
      harness.clock.set(testStart);
    }
  });
});

describe('tokens and the data directory', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'mcpsim-tokens-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps the signing key in token.key (mode 0600), so tokens survive a restart', async () => {
    const first = await startHarness('in-process', { dataDir });
    const token = await mint(first, [{ resources: 'namespaces' }]);
    await first.close();
    expect(statSync(join(dataDir, 'token.key')).mode & 0o777).toBe(0o600);
    expect(statSync(join(dataDir, 'token.key')).size).toBe(32);
    const second = await startHarness('in-process', { dataDir });
    try {
      expect((await second.call('GET', '/namespaces', { key: token })).status).toBe(200);
    } finally {
      await second.close();
    }
  });
});
