/**
 * The scope verdicts a token's requests reuse (src/api/http/token-verdicts.ts): a remembered
 * verdict never outlives what it judged. A connection that changes is judged anew at once, each
 * operation and namespace has its own verdict, and a token that expires is refused at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionVerdict, gateVerdict } from '../../src/api/http/token-verdicts.js';
import type { Connection } from '../../src/domain/connection.js';
import { accessOperations, toConnectionAccess, type Chain } from '../../src/domain/policy.js';
import { deepFreeze } from '../../src/store/read-cache.js';
import { doors, startHarness, testStart, type Harness } from '../support/harness.js';
import { ids, mint, seedConnections } from '../support/tokens.js';

describe.each(doors)('a token’s remembered connection verdicts (%s)', (door) => {
  let harness: Harness;
  let token: string;
  beforeAll(async () => {
    harness = await startHarness(door);
    await seedConnections(harness, 'ns', { core: { team: 'core' }, other: { team: 'other' } });
    token = await mint(harness, [
      { resources: 'connections', operations: 'read', namespaces: 'ns', metadata: { team: 'core' }, ttl: '1h' },
    ]);
  });
  afterAll(() => harness.close());
  const read = (id: string) => harness.call('GET', `/connect/ns/${id}`, { key: token });
  const setTeam = async (team: string) => {
    const response = await harness.call('PUT', '/connect/ns/core', { body: { mcpUrl: 'https://core.test/mcp', metadata: { team } } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  };

  it('hides a connection the moment its metadata stops matching, and shows it again the moment it matches', async () => {
    try {
      for (let attempt = 0; attempt < 2; attempt++) expect((await read('core')).status).toBe(200);
      expect((await read('other')).status).toBe(404);
      await setTeam('other');
      expect((await read('core')).status).toBe(404);
      expect(ids((await harness.call('GET', '/connect/ns', { key: token })).body)).toEqual([]);
      await setTeam('core');
      expect((await read('core')).status).toBe(200);
      expect(ids((await harness.call('GET', '/connect/ns', { key: token })).body)).toEqual(['core']);
    } finally {
      await setTeam('core');
    }
  });

  it('keeps a verdict per operation: a read allowed, a write refused, on the same connection', async () => {
    for (let attempt = 0; attempt < 2; attempt++) {
      expect((await read('core')).status).toBe(200);
      const write = await harness.call('PUT', '/connect/ns/core', { key: token, body: { mcpUrl: 'https://core.test/mcp' } });
      expect(write.status, JSON.stringify(write.body)).toBe(403);
    }
  });

  it('keeps a gate verdict per namespace: the token reads its namespace and is refused in another, every time', async () => {
    for (let attempt = 0; attempt < 2; attempt++) {
      expect((await harness.call('GET', '/connect/ns', { key: token })).status).toBe(200);
      const elsewhere = await harness.call('GET', '/connect/elsewhere', { key: token });
      expect(elsewhere.status, JSON.stringify(elsewhere.body)).toBe(403);
    }
  });

  it('refuses the token the moment it expires, though its verdict on the connection is remembered', async () => {
    try {
      harness.clock.set(new Date(Date.parse(testStart) + 3600_000 - 1).toISOString());
      for (let attempt = 0; attempt < 2; attempt++) expect((await read('core')).status).toBe(200);
      harness.clock.set(new Date(Date.parse(testStart) + 3600_000).toISOString());
      const response = await read('core');
      expect(response.status).toBe(401);
      expect(response.body.message).toMatch(/^Token expired at /);
    } finally {
      harness.clock.set(testStart);
    }
  });
});

describe('connectionVerdict', () => {
  const chain: Chain = [[{ resources: ['connections'], operations: ['read'], metadata: [{ team: 'core' }] }]];
  const connection = (team: string) => ({ namespace: 'ns', connectionId: 'c', name: 'c', metadata: { team } }) as unknown as Connection;

  it('gives what toConnectionAccess gives, for every operation, frozen or not', () => {
    for (const operation of accessOperations)
      for (const team of ['core', 'other']) {
        const expected = toConnectionAccess(chain, operation, connection(team));
        expect(connectionVerdict(chain, operation, connection(team))).toBe(expected);
        const frozen = deepFreeze(connection(team));
        const frozenChain = deepFreeze(structuredClone(chain));
        for (let attempt = 0; attempt < 2; attempt++) expect(connectionVerdict(frozenChain, operation, frozen)).toBe(expected);
      }
  });

  it('judges a connection that is not frozen afresh each time, so a change in place is seen', () => {
    const frozenChain = deepFreeze(structuredClone(chain));
    const changing = connection('core') as unknown as { metadata: Record<string, string> };
    expect(connectionVerdict(frozenChain, 'read', changing as unknown as Connection)).toBe('allowed');
    changing.metadata.team = 'other';
    expect(connectionVerdict(frozenChain, 'read', changing as unknown as Connection)).toBe('hidden');
  });

  it('remembers a gate verdict per frozen chain, permission and namespace, and forgets past its bound', () => {
    const frozenChain = deepFreeze(structuredClone(chain));
    const permission = Object.freeze({ resource: 'connections', operation: 'read' });
    let decided = 0;
    const decide = () => (decided++, true);
    for (let attempt = 0; attempt < 3; attempt++) gateVerdict(frozenChain, permission, 'ns', decide);
    expect(decided).toBe(1);
    gateVerdict(frozenChain, permission, undefined, decide);
    gateVerdict(frozenChain, Object.freeze({ ...permission }), 'ns', decide);
    expect(decided).toBe(3);
    for (let index = 0; index < 64; index++) gateVerdict(frozenChain, permission, `other-${index}`, decide);
    decided = 0;
    gateVerdict(frozenChain, permission, 'ns', decide);
    expect(decided).toBe(1);
    for (let attempt = 0; attempt < 2; attempt++) gateVerdict(structuredClone(chain), permission, 'ns', decide);
    gateVerdict(frozenChain, { ...permission }, 'ns', decide);
    expect(decided).toBe(4);
  });
});
