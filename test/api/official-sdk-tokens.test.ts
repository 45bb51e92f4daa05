/**
 * Service tokens through the official client `@smithery/api`, over a real socket, configured by
 * SMITHERY_BASE_URL, SMITHERY_CONNECT_BASE_URL and SMITHERY_API_KEY: `client.tokens.create()`
 * mints, and a client built with the token as its `apiKey` uses it.
 */
import Smithery, { AuthenticationError, BadRequestError, NotFoundError, PermissionDeniedError } from '@smithery/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, testStart, type Harness } from '../support/harness.js';
import { useSmitheryEnvironment } from '../support/sdk-environment.js';
import { seedConnections } from '../support/tokens.js';

let harness: Harness;
let restoreEnvironment: () => void = () => {};

beforeAll(async () => {
  harness = await startHarness('socket');
  await seedConnections(harness, 'sdk', { alpha: { team: 'a' }, bravo: { team: 'b' } });
  restoreEnvironment = useSmitheryEnvironment(harness);
});

afterAll(async () => {
  restoreEnvironment();
  await harness?.close();
});

/** No retries: a 4xx is the answer, and the clock must not move between attempts. */
const withKey = (apiKey?: string) => new Smithery({ maxRetries: 0, ...(apiKey === undefined ? {} : { apiKey }) });

describe('service tokens through the official SDK', () => {
  it('mints with client.tokens.create() from the API key: full scope, 1 h', async () => {
    const minted = await withKey().tokens.create();
    expect(minted).toEqual({ token: expect.stringMatching(/^mcps_/), expiresAt: '2026-01-01T01:00:00.000Z' });
    const asToken = withKey(minted.token);
    expect((await asToken.connections.list('sdk')).connections.map((connection) => connection.connectionId)).toEqual(['alpha', 'bravo']);
  });

  it('uses a metadata-scoped token: filtered lists, hidden connections as NotFoundError, mismatching writes as PermissionDeniedError', async () => {
    const { token } = await withKey().tokens.create({
      policy: [{ namespaces: 'sdk', resources: 'connections', operations: ['read', 'write'], metadata: { team: 'a' }, ttl: '30m' }],
    });
    const client = withKey(token);
    expect((await client.connections.list('sdk')).connections.map((connection) => connection.connectionId)).toEqual(['alpha']);
    expect((await client.connections.get('alpha', { namespace: 'sdk' })).metadata).toEqual({ team: 'a' });
    await expect(client.connections.get('bravo', { namespace: 'sdk' })).rejects.toBeInstanceOf(NotFoundError);
    await expect(
      client.connections.set('charlie', { namespace: 'sdk', mcpUrl: 'https://c.test/mcp', metadata: { team: 'b' } }),
    ).rejects.toBeInstanceOf(PermissionDeniedError);
    const created = await client.connections.set('charlie', { namespace: 'sdk', mcpUrl: 'https://c.test/mcp', metadata: { team: 'a' } });
    expect(created.connectionId).toBe('charlie');
    await expect(client.connections.delete('bravo', { namespace: 'sdk' })).rejects.toBeInstanceOf(NotFoundError);
    expect(await client.connections.delete('charlie', { namespace: 'sdk' })).toEqual({ success: true });
    await expect(client.namespaces.list()).rejects.toBeInstanceOf(PermissionDeniedError);
  });

  it('mints a narrower token from a token, and refuses a policy the contract does not know', async () => {
    const parent = (await withKey().tokens.create({ policy: [{ namespaces: 'sdk', ttl: '10m' }] })).token;
    const child = await withKey(parent).tokens.create({ policy: [{ operations: 'read', ttl: '1h' }] });
    expect(child.expiresAt).toBe('2026-01-01T00:10:00.000Z');
    const client = withKey(child.token);
    expect((await client.connections.list('sdk')).connections).toHaveLength(2);
    await expect(client.connections.set('delta', { namespace: 'sdk', mcpUrl: 'https://d.test/mcp' })).rejects.toBeInstanceOf(
      PermissionDeniedError,
    );
    const refused = withKey().tokens.create({ policy: [{ rpcReqMatch: { method: 'tools/call' } }] });
    await expect(refused).rejects.toBeInstanceOf(BadRequestError);
    await expect(refused).rejects.toThrow(/policy\.0\.rpcReqMatch: unknown property/);
  });

  it('sees AuthenticationError once the token has expired', async () => {
    const { token } = await withKey().tokens.create({ policy: [{ ttl: 60 }] });
    try {
      harness.clock.advance(60_000);
      await expect(withKey(token).connections.list('sdk')).rejects.toBeInstanceOf(AuthenticationError);
      await expect(withKey(token).connections.list('sdk')).rejects.toThrow(/Token expired at 2026-01-01T00:01:00.000Z/);
    } finally {
      harness.clock.set(testStart);
    }
  });
});
