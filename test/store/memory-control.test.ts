import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memorySchema, restoreSchema, snapshotListSchema, snapshotSchema } from '../../src/api/schemas/memory-schemas.js';
import type { CallLogEntry, WorldChanges } from '../../src/domain/memory-log.js';
import { openDatabase } from '../../src/store/database.js';
import { createMemoryStore, type MemoryStore } from '../../src/store/memory-store.js';
import { doors, startHarness, testStart, type Harness } from '../support/harness.js';
import { callEntry as entry, recordCall } from '../support/memory-calls.js';
import { mint } from '../support/tokens.js';

/** Appends a call the way the simulator does, with what it changed in the world. */
const record = (
  memory: MemoryStore,
  key: number,
  tool: string,
  args: Record<string, unknown>,
  changes?: WorldChanges,
): Promise<CallLogEntry> => recordCall(memory, key, tool, args, changes ? { changes } : {});

describe.each(doors)('the memory control API (%s)', (door) => {
  let harness: Harness;
  const namespace = 'mem';
  const path = (id: string, rest = 'memory') => `/__mcpsim/connections/${namespace}/${id}/${rest}`;
  const keyOf = (id: string) => harness.platform.stores.memory.resolveKey(harness.platform.stores.accounts.findLocal()!.id, namespace, id)!;
  const seed = async (id: string) => {
    expect((await harness.call('PUT', `/connect/${namespace}/${id}`, { body: { mcpUrl: `https://${id}.test/mcp` } })).status).toBe(201);
    return keyOf(id);
  };

  beforeAll(async () => {
    harness = await startHarness(door);
    await harness.call('PUT', `/namespaces/${namespace}`);
  });
  afterAll(() => harness.close());

  it('shows an empty memory for a connection that made no calls', async () => {
    await seed('fresh');
    const response = await harness.call('GET', path('fresh'));
    expect(response.status).toBe(200);
    expect(memorySchema.parse(response.body)).toEqual({
      connectionId: 'fresh',
      namespace,
      world: { entities: {}, facts: [] },
      calls: [],
      nextSequence: 1,
    });
  });

  it('shows the logged calls oldest first with what each changed, and the world they built', async () => {
    const key = await seed('log');
    const memory = harness.platform.stores.memory;
    const created = { upserts: [{ type: 'issue', id: '1', fields: { title: 'Bug', state: 'open' } }] };
    const first = await record(memory, key, 'create_issue', { title: 'Bug' }, created);
    const second = await record(memory, key, 'list_issues', { state: 'open' }, { facts: ['the repo has 1 issue'] });
    const third = await record(memory, key, 'list_issues', { state: 'open' });
    expect(third.occurrence).toBe(2);
    const response = await harness.call('GET', path('log'));
    expect(response.status).toBe(200);
    expect(memorySchema.parse(response.body)).toEqual({
      connectionId: 'log',
      namespace,
      world: { entities: { issue: { '1': { title: 'Bug', state: 'open' } } }, facts: ['the repo has 1 issue'] },
      calls: [{ ...first, changes: created }, { ...second, changes: { facts: ['the repo has 1 issue'] } }, third],
      nextSequence: 4,
    });
  });

  it('pages the calls with since and limit', async () => {
    const sequences = async (query: string) =>
      ((await harness.call('GET', `${path('log')}${query}`)).body.calls as CallLogEntry[]).map((call) => call.sequence);
    expect(await sequences('?since=1')).toEqual([2, 3]);
    expect(await sequences('?limit=2')).toEqual([1, 2]);
    expect(await sequences('?since=1&limit=1')).toEqual([2]);
    expect(await sequences('?since=3')).toEqual([]);
  });

  it.each([
    ['?limit=0', 'limit: must be an integer from 1 to 1000'],
    ['?limit=1001', 'limit: must be an integer from 1 to 1000'],
    ['?limit=x', 'limit: must be an integer from 1 to 1000'],
    ['?since=-1', 'since: must be a non-negative integer'],
  ])('rejects the query %s with 400 naming the parameter', async (query, message) => {
    const response = await harness.call('GET', `${path('log')}${query}`);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'validation_error', message: expect.stringContaining(message) });
  });

  it('resets the memory, after which the next call is sequence 1 and occurrences start over', async () => {
    const key = await seed('reset');
    const memory = harness.platform.stores.memory;
    await record(memory, key, 'ping', {}, { facts: ['pinged'] });
    await record(memory, key, 'ping', {});
    const response = await harness.call('DELETE', path('reset'));
    expect(response).toMatchObject({ status: 200, body: { success: true, scope: 'world', calls: 0 } });
    expect((await harness.call('GET', path('reset'))).body).toMatchObject({
      world: { entities: {}, facts: [] },
      calls: [],
      nextSequence: 1,
    });
    expect(memory.nextOccurrence(key, 'ping', '{}')).toBe(1);
    expect(await record(memory, key, 'ping', {})).toMatchObject({ sequence: 1, occurrence: 1 });
  });

  it('snapshots and restores both the calls and the world', async () => {
    const key = await seed('snap');
    const memory = harness.platform.stores.memory;
    await record(memory, key, 'add_contact', { name: 'Ada' }, { upserts: [{ type: 'contact', id: 'c1', fields: { name: 'Ada' } }] });
    const before = (await harness.call('GET', path('snap'))).body;

    const created = await harness.call('POST', path('snap', 'snapshots'), { body: { label: 'one contact' } });
    expect(created.status).toBe(201);
    expect(snapshotSchema.parse(created.body)).toEqual({
      id: expect.stringMatching(/^snap_[0-9a-f]{16}$/),
      label: 'one contact',
      createdAt: testStart,
      calls: 1,
      scope: 'world',
    });
    const unlabelled = await harness.call('POST', path('snap', 'snapshots'));
    expect(unlabelled.status).toBe(201);
    expect(unlabelled.body).toMatchObject({ label: null, calls: 1 });

    await record(memory, key, 'delete_contact', { id: 'c1' }, { deletes: [{ type: 'contact', id: 'c1' }], facts: ['Ada left'] });
    expect((await harness.call('GET', path('snap'))).body.world).toEqual({ entities: { contact: {} }, facts: ['Ada left'] });

    const restored = await harness.call('POST', path('snap', `snapshots/${created.body.id}/restore`));
    expect(restored.status).toBe(200);
    expect(restoreSchema.parse(restored.body)).toEqual({ success: true, scope: 'world', calls: 1 });
    expect((await harness.call('GET', path('snap'))).body).toEqual(before);
    // The simulator continues where the snapshot left off.
    expect(await record(memory, key, 'add_contact', { name: 'Ada' })).toMatchObject({ sequence: 2, occurrence: 2 });

    const listed = await harness.call('GET', path('snap', 'snapshots'));
    expect(listed.status).toBe(200);
    expect(snapshotListSchema.parse(listed.body).snapshots.map((snapshot) => snapshot.id)).toEqual([created.body.id, unlabelled.body.id]);
  });

  it('deletes a snapshot, after which restoring it is 404', async () => {
    const created = await harness.call('POST', path('snap', 'snapshots'), { body: { label: 'doomed' } });
    expect(await harness.call('DELETE', path('snap', `snapshots/${created.body.id}`))).toMatchObject({
      status: 200,
      body: { success: true },
    });
    expect((await harness.call('DELETE', path('snap', `snapshots/${created.body.id}`))).status).toBe(404);
    const restored = await harness.call('POST', path('snap', `snapshots/${created.body.id}/restore`));
    expect(restored.status).toBe(404);
    expect(restored.body).toEqual({
      error: 'not_found',
      message: expect.stringContaining(`Snapshot "${created.body.id}" not found for connection "snap" in namespace "mem"`),
    });
  });

  it('does not restore a snapshot of another connection', async () => {
    await seed('other');
    const created = await harness.call('POST', path('other', 'snapshots'));
    expect((await harness.call('POST', path('snap', `snapshots/${created.body.id}/restore`))).status).toBe(404);
  });

  it('rejects a bad snapshot body with 400', async () => {
    const response = await harness.call('POST', path('snap', 'snapshots'), { body: { label: 'x'.repeat(201) } });
    expect(response.status).toBe(400);
    expect(response.body.message).toContain('label: must be at most 200 characters');
    expect((await harness.call('POST', path('snap', 'snapshots'), { body: { name: 'x' } })).status).toBe(400);
  });

  it.each([
    ['GET', 'memory'],
    ['DELETE', 'memory'],
    ['POST', 'snapshots'],
    ['GET', 'snapshots'],
    ['POST', 'snapshots/snap_0000000000000000/restore'],
  ])('answers %s .../%s with 404 for a missing connection or namespace', async (method, rest) => {
    const missingConnection = await harness.call(method, path('nope', rest));
    expect(missingConnection.status).toBe(404);
    expect(missingConnection.body).toEqual({ error: 'not_found', message: 'Connection "nope" not found in namespace "mem"' });
    const missingNamespace = await harness.call(method, `/__mcpsim/connections/absent/x/${rest}`);
    expect(missingNamespace.status).toBe(404);
    expect(missingNamespace.body.error).toBe('not_found');
    expect(missingNamespace.body.message).toContain('absent');
  });

  it('accepts only the API key: a service token gets 403, no credential 401', async () => {
    const token = await mint(harness);
    for (const [method, rest] of [
      ['GET', 'memory'],
      ['DELETE', 'memory'],
      ['GET', 'snapshots'],
      ['POST', 'snapshots'],
    ] as const) {
      const response = await harness.call(method, path('log', rest), { key: token });
      expect(response.status, `${method} ${rest}`).toBe(403);
      expect(response.body).toEqual({ error: 'forbidden', message: 'This route accepts only the API key, not a service token' });
      expect((await harness.call(method, path('log', rest), { key: null })).status).toBe(401);
    }
    expect((await harness.call('GET', path('log'))).body.calls).toHaveLength(3);
  });

  it('drops the memory with its connection, and a new connection of the same id starts empty', async () => {
    const key = await seed('gone');
    const memory = harness.platform.stores.memory;
    await record(memory, key, 'ping', {}, { facts: ['old'] });
    await harness.call('POST', path('gone', 'snapshots'));
    expect((await harness.call('DELETE', `/connect/${namespace}/gone`)).status).toBe(200);
    expect((await harness.call('GET', path('gone'))).status).toBe(404);
    // A call that was in flight when the connection went is not logged.
    expect(await memory.append(key, entry(2, 'ping', {}))).toBe(false);

    const newKey = await seed('gone');
    expect(newKey).not.toBe(key);
    expect((await harness.call('GET', path('gone'))).body).toMatchObject({
      world: { entities: {}, facts: [] },
      calls: [],
      nextSequence: 1,
    });
    expect((await harness.call('GET', path('gone', 'snapshots'))).body).toEqual({ snapshots: [] });
    expect(memory.load(key)).toEqual({ world: { entities: {}, facts: [] }, history: [], nextSequence: 1 });
  });
});

describe('memory on disk', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'mcpsim-memory-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps calls, world and snapshots across a restart', async () => {
    const first = await startHarness('in-process', { dataDir });
    await first.call('PUT', '/namespaces/keep');
    await first.call('PUT', '/connect/keep/c1', { body: { mcpUrl: 'https://keep.test/mcp' } });
    const key = first.platform.stores.memory.resolveKey(first.platform.stores.accounts.findLocal()!.id, 'keep', 'c1')!;
    await record(first.platform.stores.memory, key, 'create', { n: 1 }, { upserts: [{ type: 'thing', id: '1', fields: { n: 1 } }] });
    await record(first.platform.stores.memory, key, 'create', { n: 1 }, { facts: ['twice'] });
    const snapshot = (await first.call('POST', '/__mcpsim/connections/keep/c1/snapshots', { body: { label: 'two' } })).body;
    const before = (await first.call('GET', '/__mcpsim/connections/keep/c1/memory')).body;
    await first.close();

    const second = await startHarness('socket', { dataDir });
    expect((await second.call('GET', '/__mcpsim/connections/keep/c1/memory')).body).toEqual(before);
    expect((await second.call('GET', '/__mcpsim/connections/keep/c1/snapshots')).body).toEqual({ snapshots: [snapshot] });
    expect(second.platform.stores.memory.nextOccurrence(key, 'create', '{"n":1}')).toBe(3);
    await second.close();
  });
});

describe('the memory store cache', () => {
  let harness: Harness;
  let key: number;
  beforeAll(async () => {
    harness = await startHarness('in-process');
    await harness.call('PUT', '/namespaces/cache');
    await harness.call('PUT', '/connect/cache/c', { body: { mcpUrl: 'https://c.test/mcp' } });
    key = harness.platform.stores.memory.resolveKey(harness.platform.stores.accounts.findLocal()!.id, 'cache', 'c')!;
  });
  afterAll(() => harness.close());

  /** The memory as stored, read by a second store over the same file with an empty cache. */
  function fromDisk() {
    const db = openDatabase(join(harness.dataDir, 'mcpsim.db'));
    try {
      const store = createMemoryStore(db);
      // Read whole before the database closes: a loaded call reads its text from its row when first read.
      return { memory: structuredClone(store.load(key)), occurrence: store.nextOccurrence(key, 'tool', '{"a":1}') };
    } finally {
      db.close();
    }
  }
  const cached = () => ({
    memory: harness.platform.stores.memory.load(key),
    occurrence: harness.platform.stores.memory.nextOccurrence(key, 'tool', '{"a":1}'),
  });

  it('matches what is stored after every append, reset and restore', async () => {
    const memory = harness.platform.stores.memory;
    expect(memory.resolveKey('nobody', 'cache', 'c')).toBeNull();
    for (let index = 0; index < 5; index++) {
      await record(
        memory,
        key,
        'tool',
        { a: index % 2 },
        { upserts: [{ type: 'n', id: String(index), fields: { index } }], facts: [`f${index % 3}`] },
      );
      expect(cached()).toEqual(fromDisk());
    }
    expect(cached().occurrence).toBe(3);
    const snapshot = memory.snapshot(key, { id: 'snap_a', label: 'five', now: testStart });
    expect(snapshot).toEqual({ id: 'snap_a', label: 'five', createdAt: testStart, calls: 5, scope: 'world' });

    memory.reset(key);
    expect(cached()).toEqual(fromDisk());
    expect(cached()).toEqual({ memory: { world: { entities: {}, facts: [] }, history: [], nextSequence: 1 }, occurrence: 1 });
    await record(memory, key, 'tool', { a: 1 });
    expect(cached()).toEqual(fromDisk());

    expect(memory.restore(key, 'snap_a')).toBe(5);
    expect(cached()).toEqual(fromDisk());
    expect(cached().memory.nextSequence).toBe(6);
    expect(cached().occurrence).toBe(3);
    expect(memory.restore(key, 'snap_missing')).toBeNull();
    expect(memory.listSnapshots(key)).toEqual([snapshot]);
  });

  it('refuses a sequence already in the log and leaves the cache as it was', () => {
    const memory = harness.platform.stores.memory;
    const before = structuredClone(memory.load(key));
    expect(() => memory.append(key, entry(1, 'tool', { a: 1 }))).toThrow(/UNIQUE|PRIMARY KEY/);
    expect(memory.load(key)).toEqual(before);
    expect(cached()).toEqual(fromDisk());
  });
});

describe('random bad input to the memory routes', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness('in-process');
    await harness.call('PUT', '/connect/demo/c1', { body: { mcpUrl: 'https://c1.test/mcp' } });
  });
  afterAll(() => harness.close());

  const segment = fc.oneof(fc.constantFrom('demo', 'c1', '.tools', '%2F', '..', 'a b', '%00', ''), fc.string({ maxLength: 12 }));
  const routes: [method: string, path: (a: string, b: string, c: string) => string][] = [
    ['GET', (a, b, c) => `/__mcpsim/connections/${a}/${b}/memory?since=${c}&limit=${c}`],
    ['DELETE', (a, b) => `/__mcpsim/connections/${a}/${b}/memory`],
    ['POST', (a, b) => `/__mcpsim/connections/${a}/${b}/snapshots`],
    ['GET', (a, b) => `/__mcpsim/connections/${a}/${b}/snapshots`],
    ['POST', (a, b, c) => `/__mcpsim/connections/${a}/${b}/snapshots/${c}/restore`],
    ['DELETE', (a, b, c) => `/__mcpsim/connections/${a}/${b}/snapshots/${c}`],
  ];

  it('answers with a status below 500 and an {error, message} body on failure', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        segment,
        segment,
        segment,
        fc.oneof(fc.json(), fc.string({ maxLength: 40 })),
        async ([method, path], a, b, c, body) => {
          let url: string;
          try {
            url = path(encodeURIComponent(a), encodeURIComponent(b), encodeURIComponent(c)).replace(/%25(2F|00)/g, '%$1');
            new URL(url, 'http://x');
          } catch {
            return; // not a request a client could send
          }
          const response = await harness.call(method, url, method === 'POST' ? { rawBody: body } : {});
          expect(response.status, `${method} ${url} ${body}`).toBeLessThan(500);
          if (response.status >= 400) expect(Object.keys(response.body).sort()).toEqual(['error', 'message']);
        },
      ),
      { numRuns: 300, seed: 20261123 },
    );
    expect(harness.logged).toEqual([]);
  });
});
