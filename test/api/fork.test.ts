/**
 * Forking a mock connection (`POST /__mcpsim/connections/{ns}/{id}/fork`): a new connection like
 * it whose memory starts as a copy, so two futures of one state can be tried side by side; and the
 * memory events the dashboard's live timeline listens to.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallLogEntry, WorldChanges } from '../../src/domain/memory-log.js';
import type { MemoryEvent } from '../../src/store/memory-store.js';
import { doors, startHarness, testStart, type Harness } from '../support/harness.js';
import { mint } from '../support/tokens.js';

const namespace = 'forks';
const server = '@modelcontextprotocol/time';

describe.each(doors)('forking a mock connection (%s)', (door) => {
  let harness: Harness;
  const fork = (id: string, body?: unknown) =>
    harness.call('POST', `/__mcpsim/connections/${namespace}/${id}/fork`, body === undefined ? {} : { body });
  const memoryOf = async (ns: string, id: string) => (await harness.call('GET', `/__mcpsim/connections/${ns}/${id}/memory`)).body;
  const keyOf = (ns: string, id: string) =>
    harness.platform.stores.memory.resolveKey(harness.platform.stores.accounts.findLocal()!.id, ns, id)!;
  const record = async (ns: string, id: string, tool: string, changes?: WorldChanges): Promise<CallLogEntry> => {
    const memory = harness.platform.stores.memory;
    const key = keyOf(ns, id);
    const sequence = memory.load(key).nextSequence;
    const entry: CallLogEntry = {
      sequence,
      tool,
      arguments: {},
      argumentsKey: '{}',
      occurrence: memory.nextOccurrence(key, tool, '{}'),
      result: { content: [{ type: 'text', text: `${tool} #${sequence}` }] },
      source: 'fixture',
      model: null,
      usage: null,
      latencyMs: 1,
      at: testStart,
    };
    expect(await memory.append(key, entry, changes)).toBe(true);
    return entry;
  };

  beforeAll(async () => {
    harness = await startHarness(door);
    await harness.call('PUT', `/namespaces/${namespace}`);
    await harness.call('PUT', '/namespaces/elsewhere');
    const created = await harness.call('PUT', `/connect/${namespace}/clock`, {
      body: { server, name: 'Clock', metadata: { team: 'qa' }, mock: { enabled: true, scenario: 'A quiet office.' } },
    });
    expect(created.status).toBe(201);
    await record(namespace, 'clock', 'get_current_time', { upserts: [{ type: 'zone', id: 'utc', fields: { offset: 0 } }] });
    await record(namespace, 'clock', 'convert_time', { facts: ['the office is in Lisbon'] });
  });
  afterAll(() => harness.close());

  it('creates a connection like the original whose calls and world start as a copy, then go their own way', async () => {
    const response = await fork('clock');
    expect(response).toMatchObject({ status: 201, body: { namespace, connectionId: 'clock-fork', calls: 2 } });
    expect(Object.keys(response.body).sort()).toEqual(['calls', 'connectionId', 'namespace']);
    const copy = (await harness.call('GET', `/connect/${namespace}/clock-fork`)).body;
    expect(copy).toMatchObject({ name: 'Clock (fork)', metadata: { team: 'qa' }, status: { state: 'connected' } });
    const original = await memoryOf(namespace, 'clock');
    const forked = await memoryOf(namespace, 'clock-fork');
    expect(forked.calls).toEqual(original.calls);
    expect(forked.world).toEqual({ entities: { zone: { utc: { offset: 0 } } }, facts: ['the office is in Lisbon'] });
    expect(forked.nextSequence).toBe(3);
    // Two futures: a call on the fork leaves the original as it was.
    await record(namespace, 'clock-fork', 'get_current_time', { deletes: [{ type: 'zone', id: 'utc' }] });
    expect((await memoryOf(namespace, 'clock-fork')).calls.map((call: CallLogEntry) => call.sequence)).toEqual([1, 2, 3]);
    expect(await memoryOf(namespace, 'clock')).toEqual(original);
    expect((await memoryOf(namespace, 'clock-fork')).world.entities).toEqual({ zone: {} });
  });

  it('gives the fork the same simulation settings, so a reset takes both to the same seed world', async () => {
    const world = { entities: { zone: { lisbon: { offset: 0 } } }, facts: ['the seed'] };
    expect((await harness.call('PUT', `/connect/${namespace}/seeded`, { body: { server, mock: { enabled: true } } })).status).toBe(201);
    expect((await harness.call('PUT', `/__mcpsim/connections/${namespace}/seeded/simulation`, { body: { world } })).status).toBe(200);
    await record(namespace, 'seeded', 'get_current_time', { facts: ['a call happened'] });
    const response = await fork('seeded', { connectionId: 'seeded-copy' });
    expect(response.status).toBe(201);
    expect((await harness.call('GET', `/__mcpsim/connections/${namespace}/seeded-copy/simulation`)).body.world).toEqual(world);
    expect((await memoryOf(namespace, 'seeded-copy')).world.facts).toEqual(['the seed', 'a call happened']);
    expect((await harness.call('DELETE', `/__mcpsim/connections/${namespace}/seeded-copy/memory`)).status).toBe(200);
    expect((await memoryOf(namespace, 'seeded-copy')).world).toEqual(world);
  });

  it('picks the next free id, or takes the id, name and namespace given', async () => {
    expect((await fork('clock')).body.connectionId).toBe('clock-fork-2');
    const named = await fork('clock', { namespace: 'elsewhere', connectionId: 'future-b', name: 'Future B' });
    expect(named).toMatchObject({ status: 201, body: { namespace: 'elsewhere', connectionId: 'future-b', calls: 2 } });
    expect((await harness.call('GET', '/connect/elsewhere/future-b')).body.name).toBe('Future B');
  });

  it('refuses a taken id with 409, a real connection and a shared-world namespace with 400, and a bad body with 400', async () => {
    expect(await fork('clock', { connectionId: 'clock' })).toMatchObject({
      status: 409,
      body: { error: 'conflict', message: expect.stringContaining('"clock" already exists') },
    });
    await harness.call('PUT', `/connect/${namespace}/real`, { body: { mcpUrl: 'https://real.test/mcp' } });
    expect(await fork('real')).toMatchObject({
      status: 400,
      body: { error: 'validation_error', message: expect.stringContaining('not a mock connection') },
    });
    harness.platform.stores.memory.setShared(
      harness.platform.stores.namespaces.get(harness.platform.stores.accounts.findLocal()!.id, 'elsewhere')!.id,
      true,
    );
    expect(await fork('clock', { namespace: 'elsewhere' })).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('share one world') },
    });
    expect(await fork('clock', { connectionId: '.hidden' })).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('connectionId') },
    });
    expect(await fork('clock', { color: 'red' })).toMatchObject({ status: 400 });
  });

  it('answers 404 for a missing connection or namespace, and 403 to a service token', async () => {
    expect(await fork('nope')).toMatchObject({ status: 404, body: { message: 'Connection "nope" not found in namespace "forks"' } });
    expect((await fork('clock', { namespace: 'absent' })).status).toBe(404);
    const token = await mint(harness);
    expect((await harness.call('POST', `/__mcpsim/connections/${namespace}/clock/fork`, { key: token })).status).toBe(403);
  });
});

describe('memory events', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness('in-process');
    await harness.call('PUT', '/namespaces/ev');
    await harness.call('PUT', '/connect/ev/t', { body: { server, mock: { enabled: true } } });
  });
  afterAll(() => harness.close());

  it('tells a listener of each call once it is committed, and of a memory replaced by a reset or restore', async () => {
    const events: MemoryEvent[] = [];
    const memory = harness.platform.stores.memory;
    const stop = memory.subscribe((event) => events.push(event));
    const key = memory.resolveKey(harness.platform.stores.accounts.findLocal()!.id, 'ev', 't')!;
    const entry: CallLogEntry = {
      sequence: 1,
      tool: 'x',
      arguments: {},
      argumentsKey: '{}',
      occurrence: 1,
      result: { content: [] },
      source: 'fixture',
      model: null,
      usage: null,
      latencyMs: 0,
      at: testStart,
    };
    const stored = memory.append(key, entry, { facts: ['f'] });
    expect(events).toEqual([]); // not before the commit
    await stored;
    expect(events).toEqual([{ kind: 'call', key, entry: { ...entry, changes: { facts: ['f'] } } }]);
    const snapshot = await harness.call('POST', '/__mcpsim/connections/ev/t/snapshots');
    await harness.call('POST', `/__mcpsim/connections/ev/t/snapshots/${snapshot.body.id}/restore`);
    await harness.call('DELETE', '/__mcpsim/connections/ev/t/memory');
    expect(events.slice(1)).toEqual([
      { kind: 'replaced', key },
      { kind: 'replaced', key },
    ]);
    stop();
    await memory.append(key, { ...entry }, undefined);
    expect(events).toHaveLength(3);
  });
});
