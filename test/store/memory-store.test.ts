/**
 * The memory store over a real SQLite file: the world is checkpointed once the calls' changes add
 * up to its size (every few dozen calls for a small world) and rebuilt from the checkpoint plus
 * the later calls' changes, so a reopened store must see exactly the world the running one had,
 * at any point between checkpoints.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPlatform, type Platform } from '../../src/platform/platform.js';
import type { CallLogEntry } from '../../src/domain/memory-log.js';
import { openDatabase } from '../../src/store/database.js';

const apiKey = 'memory-store-key';
const opened: Platform[] = [];
const open = (dataDir: string) => {
  const platform = createPlatform({ dataDir, apiKey, demo: true, logger: { error: () => {} } });
  opened.push(platform);
  return platform;
};
afterEach(() => {
  for (const platform of opened.splice(0)) platform.close();
});

function entry(sequence: number): CallLogEntry {
  return {
    sequence,
    tool: 'update_issue',
    arguments: { id: String(sequence % 7) },
    argumentsKey: JSON.stringify({ id: String(sequence % 7) }),
    occurrence: 1,
    result: { content: [{ type: 'text', text: `ok ${sequence}` }] },
    source: 'model',
    model: 'fake',
    usage: { inputTokens: 10, outputTokens: 2 },
    latencyMs: 1,
    at: '2026-01-01T00:00:00.000Z',
  };
}

describe('the memory store', () => {
  it.each([1, 63, 64, 65, 130, 200])('rebuilds the same world after reopening at call %i', async (calls) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mcpsim-memory-'));
    const first = open(dataDir);
    const accountId = first.stores.accounts.findLocal()!.id;
    const key = first.stores.memory.resolveKey(accountId, first.demoNamespace, 'time')!;
    for (let sequence = 1; sequence <= calls; sequence++) {
      const changes = {
        upserts: [
          {
            type: 'issue',
            id: String(sequence % 7),
            fields: { touched: sequence, [`f${sequence % 3}`]: sequence % 5 === 0 ? null : sequence },
          },
        ],
        ...(sequence % 11 === 0 ? { deletes: [{ type: 'issue', id: String((sequence + 3) % 7) }] } : {}),
        ...(sequence % 13 === 0 ? { facts: [`fact ${sequence}`] } : {}),
      };
      expect(await first.stores.memory.append(key, entry(sequence), changes)).toBe(true);
    }
    const running = first.stores.memory.load(key);
    const world = JSON.stringify(running.world);
    first.close();
    opened.splice(opened.indexOf(first), 1);
    const reopened = open(dataDir).stores.memory.load(key);
    expect(JSON.stringify(reopened.world)).toBe(world);
    expect(reopened.nextSequence).toBe(calls + 1);
    expect(reopened.history.map((call) => call.sequence)).toEqual(running.history.map((call) => call.sequence));
  });

  it('writes only the call rows between checkpoints, and a reopen still continues after the last call', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mcpsim-memory-'));
    const first = open(dataDir);
    const key = first.stores.memory.resolveKey(first.stores.accounts.findLocal()!.id, first.demoNamespace, 'time')!;
    for (let sequence = 1; sequence <= 5; sequence++) expect(await first.stores.memory.append(key, entry(sequence))).toBe(true);
    const disk = openDatabase(join(dataDir, 'mcpsim.db'));
    try {
      // The first commit checkpoints (call 1); the four after it write their rows alone.
      expect(disk.prepare('SELECT world_sequence, next_sequence FROM memory_worlds WHERE connection_seq = ?').get(key)).toEqual({
        world_sequence: 1,
        next_sequence: 2,
      });
    } finally {
      disk.close();
    }
    first.close();
    opened.splice(opened.indexOf(first), 1);
    const reopened = open(dataDir);
    expect(reopened.stores.memory.load(key).nextSequence).toBe(6);
    reopened.stores.memory.reset(key);
    expect(reopened.stores.memory.load(key).nextSequence).toBe(1);
  });

  it('keeps which connection made each call across a reopen (a shared world logs calls of several)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mcpsim-memory-'));
    const first = open(dataDir);
    const key = first.stores.memory.resolveKey(first.stores.accounts.findLocal()!.id, first.demoNamespace, 'time')!;
    await first.stores.memory.append(key, { ...entry(1), connectionId: 'time' });
    await first.stores.memory.append(key, entry(2));
    first.close();
    opened.splice(opened.indexOf(first), 1);
    const history = open(dataDir).stores.memory.load(key).history;
    expect(history.map((call) => call.connectionId)).toEqual(['time', undefined]);
  });

  it('parses the arguments and results of calls read back only when they are read', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mcpsim-memory-'));
    const first = open(dataDir);
    const key = first.stores.memory.resolveKey(first.stores.accounts.findLocal()!.id, first.demoNamespace, 'time')!;
    for (let sequence = 1; sequence <= 200; sequence++) await first.stores.memory.append(key, entry(sequence));
    const written = first.stores.memory.load(key).history.map((call) => JSON.stringify(call));
    first.close();
    opened.splice(opened.indexOf(first), 1);
    const reopened = open(dataDir);
    const parse = vi.spyOn(JSON, 'parse');
    let history: readonly CallLogEntry[];
    try {
      history = reopened.stores.memory.load(key).history;
      // None of the 200 calls' arguments or results: at most the checkpoint and the settings.
      expect(parse.mock.calls.length).toBeLessThan(10);
    } finally {
      parse.mockRestore();
    }
    expect(history.map((call) => JSON.stringify(call))).toEqual(written);
    expect(history[7]!.result).toBe(history[7]!.result);
    expect(history[7]!.arguments).toEqual({ id: '1' });
  });

  it('writes a large world again only once the changes since its checkpoint add up to its size', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mcpsim-memory-'));
    const first = open(dataDir);
    const key = first.stores.memory.resolveKey(first.stores.accounts.findLocal()!.id, first.demoNamespace, 'time')!;
    const checkpointAt = () => {
      const db = openDatabase(join(dataDir, 'mcpsim.db'));
      try {
        return db.prepare<[number], { at: number }>('SELECT world_sequence AS at FROM memory_worlds WHERE connection_seq = ?').get(key)?.at;
      } finally {
        db.close();
      }
    };
    // 200 entities of 400 chars: an 80 KB world, then 300 calls that each change one small field.
    const big = Array.from({ length: 200 }, (_, index) => ({ type: 'page', id: `p${index}`, fields: { text: 'x'.repeat(400) } }));
    await first.stores.memory.append(key, entry(1), { upserts: big });
    for (let sequence = 2; sequence <= 300; sequence++)
      await first.stores.memory.append(key, entry(sequence), {
        upserts: [{ type: 'page', id: `p${sequence % 200}`, fields: { seen: sequence } }],
      });
    // About 20 KB of changes against 80 KB of world: no checkpoint since the first call's.
    expect(checkpointAt()).toBe(1);
    const world = JSON.stringify(first.stores.memory.load(key).world);
    for (let sequence = 301; sequence <= 1500; sequence++)
      await first.stores.memory.append(key, entry(sequence), {
        upserts: [{ type: 'page', id: `p${sequence % 200}`, fields: { seen: sequence } }],
      });
    // About 85 KB of changes by now: one more checkpoint.
    expect(checkpointAt()).toBeGreaterThan(1);
    expect(checkpointAt()).toBeLessThan(1500);
    const running = JSON.stringify(first.stores.memory.load(key).world);
    expect(running).not.toBe(world);
    first.close();
    opened.splice(opened.indexOf(first), 1);
    expect(JSON.stringify(open(dataDir).stores.memory.load(key).world)).toBe(running);
  });

  it('applies a call to the world types it already holds, in place, instead of copying them', async () => {
    const platform = open(mkdtempSync(join(tmpdir(), 'mcpsim-memory-')));
    const memory = platform.stores.memory;
    const key = memory.resolveKey(platform.stores.accounts.findLocal()!.id, platform.demoNamespace, 'time')!;
    await memory.append(key, entry(1), { upserts: [{ type: 'issue', id: '1', fields: { title: 'A' } }] });
    const issues = memory.load(key).world.entities.issue!;
    await memory.append(key, entry(2), { upserts: [{ type: 'issue', id: '2', fields: { title: 'B' } }] });
    expect(memory.load(key).world.entities.issue).toBe(issues);
    expect(Object.keys(issues)).toEqual(['1', '2']);
  });
});
