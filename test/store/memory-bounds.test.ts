/**
 * The memory log is bounded (issue 16, item 3: 60 tool calls with 4 MiB arguments took the process
 * from 488 to 1,641 MiB and the data files to 819 MiB, after which `GET .../memory` answered 500
 * `RangeError: Invalid string length`): large arguments and results are logged cut and marked,
 * each connection keeps its latest calls within a count and a byte limit (the world state whole,
 * and the occurrence counts fixture replay keys on survive), and `GET .../memory` pages by bytes.
 *
 * The load test makes MCPSIM_MEMORY_CALLS calls (100 here, 1,000 in `npm run fuzz`) with 1 MiB
 * arguments and holds RSS growth under 320 MiB and the data files under 32 MiB (measured at 1,000
 * calls: 203 MiB and 8.3 MiB; before the bounds: 2,233 MiB of RSS growth).
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memorySchema } from '../../src/api/schemas/memory-schemas.js';
import { maxLoggedChars, truncatedMarker } from '../../src/domain/call-log-bounds.js';
import { openDatabase } from '../../src/store/database.js';
import { createMemoryStore, type MemoryEvent } from '../../src/store/memory-store.js';
import { startHarness, testStart, type Harness } from '../support/harness.js';
import { recordCall } from '../support/memory-calls.js';

const namespace = 'bounded';
const limits = { maxCalls: 5, maxBytes: 1024 * 1024 };

const record = recordCall;

describe('the bounded memory log', () => {
  let harness: Harness;
  let seq = 0;
  const keyOf = (id: string) => harness.platform.stores.memory.resolveKey(harness.platform.stores.accounts.findLocal()!.id, namespace, id)!;
  const connection = async (id: string) => {
    expect((await harness.call('PUT', `/connect/${namespace}/${id}`, { body: { mcpUrl: `https://${id}.test/mcp` } })).status).toBe(201);
    return keyOf(id);
  };
  /** The memory as stored, through a second store with an empty cache. */
  function fromDisk(key: number, probe: { tool: string; args: Record<string, unknown> }) {
    const db = openDatabase(join(harness.dataDir, 'mcpsim.db'));
    try {
      const store = createMemoryStore(db, limits);
      const rows = db.prepare<[number], { n: number }>('SELECT COUNT(*) AS n FROM memory_calls WHERE connection_seq = ?').get(key)!.n;
      return { memory: store.load(key), occurrence: store.nextOccurrence(key, probe.tool, JSON.stringify(probe.args)), rows };
    } finally {
      db.close();
    }
  }

  beforeAll(async () => {
    harness = await startHarness('in-process', { memoryLimits: limits });
    await harness.call('PUT', `/namespaces/${namespace}`);
  });
  afterAll(() => harness.close());

  it('keeps the latest calls by count, on disk too, with the world whole and the occurrence counts of dropped calls', async () => {
    const memory = harness.platform.stores.memory;
    const key = await connection(`count${seq++}`);
    for (let index = 0; index < 12; index++) {
      await record(memory, key, 'tool', { a: index % 2 }, { changes: { upserts: [{ type: 'n', id: String(index), fields: { index } }] } });
    }
    const cached = memory.load(key);
    expect(cached.history.map((call) => call.sequence)).toEqual([8, 9, 10, 11, 12]);
    expect(Object.keys(cached.world.entities.n!)).toHaveLength(12);
    // Six calls each with a:0 and a:1 so far: the 7th of each comes next, though only 5 rows remain.
    expect(memory.nextOccurrence(key, 'tool', '{"a":0}')).toBe(7);
    const disk = fromDisk(key, { tool: 'tool', args: { a: 0 } });
    expect(disk.rows).toBe(5);
    expect(disk.occurrence).toBe(7);
    expect(disk.memory.world).toEqual(cached.world);
    expect(disk.memory.history.map((call) => call.sequence)).toEqual([8, 9, 10, 11, 12]);
    expect(disk.memory.nextSequence).toBe(13);
    // And after another call past the checkpoint, from disk again.
    await record(memory, key, 'tool', { a: 0 });
    expect(fromDisk(key, { tool: 'tool', args: { a: 0 } }).occurrence).toBe(8);
  });

  it('keeps the latest calls by bytes (always the latest one)', async () => {
    const memory = harness.platform.stores.memory;
    const key = await connection(`bytes${seq++}`);
    // Each result is cut to a preview, so each call logs about 1.3 KiB... unless it fits: 60 KiB each.
    for (let index = 0; index < 40; index++) await record(memory, key, 'big', { index }, { text: 'x'.repeat(60 * 1024) });
    const kept = memory.load(key).history;
    expect(kept.length).toBeLessThan(20);
    expect(kept.at(-1)!.sequence).toBe(40);
    expect(fromDisk(key, { tool: 'big', args: { index: 0 } })).toMatchObject({ rows: kept.length, occurrence: 2 });
  });

  it('logs arguments and results past 64 KiB cut and marked, and still counts such calls apart', async () => {
    const memory = harness.platform.stores.memory;
    const key = await connection(`cut${seq++}`);
    const huge = { blob: 'a'.repeat(maxLoggedChars + 10) };
    const other = { blob: 'b'.repeat(maxLoggedChars + 10) };
    await record(memory, key, 'put', huge, { text: 'r'.repeat(maxLoggedChars + 10) });
    await record(memory, key, 'put', huge);
    await record(memory, key, 'put', other);
    const [first] = memory.load(key).history;
    expect(first!.arguments).toEqual({
      [truncatedMarker]: {
        chars: JSON.stringify(huge).length,
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
        preview: JSON.stringify(huge).slice(0, 1024),
      },
    });
    expect(first!.argumentsKey).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(first!.result._meta?.[truncatedMarker]).toMatchObject({ chars: expect.any(Number) });
    expect((first!.result.content[0] as { text: string }).text).toHaveLength(1024);
    expect(memory.load(key).history.map((call) => call.occurrence)).toEqual([1, 2, 1]);
    expect(memory.nextOccurrence(key, 'put', JSON.stringify(huge))).toBe(3);
    const stored = fromDisk(key, { tool: 'put', args: huge });
    expect(stored.occurrence).toBe(3);
    // The texts written are those of the entries as logged (cut), made once when each was bounded.
    const db = openDatabase(join(harness.dataDir, 'mcpsim.db'));
    try {
      const rows = db
        .prepare<[number], { arguments: string; result: string }>(
          'SELECT arguments, result FROM memory_calls WHERE connection_seq = ? ORDER BY sequence',
        )
        .all(key);
      expect(rows.map((row) => [JSON.parse(row.arguments), JSON.parse(row.result)])).toEqual(
        memory.load(key).history.map((call) => [call.arguments, call.result]),
      );
    } finally {
      db.close();
    }
  });

  it('tells listeners each committed call as logged (cut, with its changes), and a fork copies the counts of dropped calls', async () => {
    const memory = harness.platform.stores.memory;
    const from = await connection(`fork${seq++}`);
    const to = await connection(`fork${seq++}`);
    const heard: MemoryEvent[] = [];
    const stop = memory.subscribe((event) => heard.push(event));
    try {
      for (let index = 0; index < 8; index++) await record(memory, from, 'tool', { same: true }, { changes: { facts: [`fact ${index}`] } });
      await record(memory, from, 'put', { blob: 'a'.repeat(maxLoggedChars + 10) });
    } finally {
      stop();
    }
    const calls = heard.flatMap((event) => (event.kind === 'call' && event.key === from ? [event.entry] : []));
    expect(calls.map((call) => call.sequence)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(calls[0]!.changes).toEqual({ facts: ['fact 0'] });
    expect(calls.at(-1)!.argumentsKey).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(memory.copy(from, to)).toBe(5);
    expect(memory.load(to)).toEqual(memory.load(from));
    expect(memory.nextOccurrence(to, 'tool', '{"same":true}')).toBe(9);
    expect(fromDisk(to, { tool: 'tool', args: { same: true } })).toMatchObject({ rows: 5, occurrence: 9 });
  });

  it('keeps the occurrence counts of dropped calls when the mock settings change', async () => {
    const memory = harness.platform.stores.memory;
    const id = `settings${seq++}`;
    const key = await connection(id);
    for (let index = 0; index < 8; index++) await record(memory, key, 'tool', { same: true });
    const connectionSeq = harness.platform.stores.connections.get(
      harness.platform.stores.namespaces.get(harness.platform.stores.accounts.findLocal()!.id, namespace)!.id,
      id,
    )!.key!;
    memory.setSettings(key, connectionSeq, { world: { entities: {}, facts: ['a new seed fact'] }, tools: {} });
    expect(memory.nextOccurrence(key, 'tool', '{"same":true}')).toBe(9);
    expect(fromDisk(key, { tool: 'tool', args: { same: true } }).occurrence).toBe(9);
  });

  it('restores the occurrence counts of dropped calls with a snapshot', async () => {
    const memory = harness.platform.stores.memory;
    const key = await connection(`snap${seq++}`);
    for (let index = 0; index < 8; index++) await record(memory, key, 'tool', { same: true });
    memory.snapshot(key, { id: 'snap_bounds', now: testStart });
    memory.reset(key);
    expect(memory.nextOccurrence(key, 'tool', '{"same":true}')).toBe(1);
    expect(memory.restore(key, 'snap_bounds')).toBe(5);
    expect(memory.nextOccurrence(key, 'tool', '{"same":true}')).toBe(9);
    expect(fromDisk(key, { tool: 'tool', args: { same: true } }).occurrence).toBe(9);
  });
});

describe('paged reads of GET .../memory', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness('in-process');
    await harness.call('PUT', `/namespaces/${namespace}`);
  });
  afterAll(() => harness.close());

  it('stops a page at 8 MiB of calls (no limit given) and pages on with since', async () => {
    expect((await harness.call('PUT', `/connect/${namespace}/paged`, { body: { mcpUrl: 'https://paged.test/mcp' } })).status).toBe(201);
    const memory = harness.platform.stores.memory;
    const key = memory.resolveKey(harness.platform.stores.accounts.findLocal()!.id, namespace, 'paged')!;
    // 200 calls of about 60 KiB of arguments each, logged twice (arguments and their key): 24 MiB in all.
    for (let index = 0; index < 200; index++) await record(memory, key, 'fill', { index, pad: 'p'.repeat(60 * 1024) });
    const path = `/__mcpsim/connections/${namespace}/paged/memory`;
    const sequences: number[] = [];
    let pages = 0;
    for (let since = 0; sequences.length < 200 && pages < 10; pages++) {
      const response = await harness.call('GET', `${path}${since === 0 ? '' : `?since=${since}`}`);
      expect(response.status).toBe(200);
      const page = memorySchema.parse(response.body);
      expect(page.calls.length).toBeGreaterThan(50);
      expect(JSON.stringify(page.calls).length).toBeLessThanOrEqual(8 * 1024 * 1024 + 128 * 1024);
      expect(page.nextSequence).toBe(201);
      sequences.push(...page.calls.map((call) => call.sequence));
      since = page.calls.at(-1)!.sequence;
    }
    expect(pages).toBe(3);
    expect(sequences).toEqual(Array.from({ length: 200 }, (_, index) => index + 1));
    // An explicit limit still applies below the byte bound.
    expect(memorySchema.parse((await harness.call('GET', `${path}?limit=3`)).body).calls).toHaveLength(3);
  });
});

describe('a full log drops its oldest 1% at once', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness('in-process', { memoryLimits: { maxCalls: 200, maxBytes: 1024 * 1024 } });
    await harness.call('PUT', `/namespaces/${namespace}`);
  });
  afterAll(() => harness.close());

  it('drops down to 198 of 200 calls when the 201st comes, then keeps two more without a drop (so a checkpoint is written once per two calls here, once per hundred at the default)', async () => {
    expect((await harness.call('PUT', `/connect/${namespace}/full`, { body: { mcpUrl: 'https://full.test/mcp' } })).status).toBe(201);
    const memory = harness.platform.stores.memory;
    const key = memory.resolveKey(harness.platform.stores.accounts.findLocal()!.id, namespace, 'full')!;
    for (let index = 0; index < 201; index++) await record(memory, key, 'tool', { index });
    expect(memory.load(key).history.map((call) => call.sequence)).toEqual(Array.from({ length: 198 }, (_, index) => index + 4));
    await record(memory, key, 'tool', { index: 201 });
    await record(memory, key, 'tool', { index: 202 });
    expect(memory.load(key).history).toHaveLength(200);
    expect(memory.load(key).history[0]!.sequence).toBe(4);
    await record(memory, key, 'tool', { index: 203 });
    expect(memory.load(key).history.map((call) => call.sequence)).toEqual(Array.from({ length: 198 }, (_, index) => index + 7));
  });
});

describe('1 MiB arguments, many calls: RSS and data files stay bounded', () => {
  const calls = Number(process.env.MCPSIM_MEMORY_CALLS ?? 100);
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness('socket');
    const server = {
      displayName: 'Sink',
      description: 'Takes anything.',
      tools: [
        {
          name: 'put',
          description: 'Store a blob.',
          inputSchema: { type: 'object', properties: { blob: { type: 'string' }, index: { type: 'integer' } } },
        },
      ],
    };
    expect((await harness.call('PUT', '/servers/@qa/sink', { body: server })).status).toBe(201);
    await harness.call('PUT', `/namespaces/${namespace}`);
    expect(
      (await harness.call('PUT', `/connect/${namespace}/sink`, { body: { server: '@qa/sink', mock: { enabled: true } } })).status,
    ).toBe(201);
  });
  afterAll(() => harness.close());

  it(`makes ${calls} calls with 1 MiB arguments within 320 MiB of RSS growth and 32 MiB of data files`, async () => {
    const blob = 'z'.repeat(1024 * 1024);
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    for (let index = 0; index < calls; index++) {
      const response = await harness.call('POST', `/connect/${namespace}/sink/.tools/put`, { body: { blob, index } });
      expect(response.status).toBe(200);
      if (index % 10 === 0) rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    harness.platform.stores.memory.flush();
    const dataBytes = readdirSync(harness.dataDir).reduce((sum, file) => sum + statSync(join(harness.dataDir, file)).size, 0);
    const growthMiB = (rssPeak - rssBefore) / 1024 / 1024;
    console.log(`${calls} calls x 1 MiB: RSS growth ${growthMiB.toFixed(0)} MiB, data files ${(dataBytes / 1024 / 1024).toFixed(1)} MiB`);
    expect(growthMiB).toBeLessThan(320);
    expect(dataBytes).toBeLessThan(32 * 1024 * 1024);
    const read = await harness.call('GET', `/__mcpsim/connections/${namespace}/sink/memory?limit=1`);
    expect(read.status).toBe(200);
    expect(read.body.nextSequence).toBe(calls + 1);
  }, 240_000);
});
