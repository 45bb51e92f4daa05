/**
 * Reset, snapshot and restore of a memory shared by the mock connections of a namespace, with
 * `scope=world` (the whole shared memory) or `scope=connection` (one connection's calls and what
 * they changed). Two @acme/notes connections share a world; calls go through the real MCP
 * endpoint, answered from fixture files (list_notes, by occurrence) or the synthesizing simulator
 * with a world change per create_note / delete_note (support/notes-source.ts), on a real SQLite file.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memorySchema, resetSchema, restoreSchema, snapshotListSchema, snapshotSchema } from '../../src/api/schemas/memory-schemas.js';
import type { CallLogEntry } from '../../src/domain/memory-log.js';
import { doors, startHarness, type Harness } from '../support/harness.js';
import { createNotesSource } from '../support/notes-source.js';

const notes = {
  displayName: 'Acme Notes',
  tools: [
    {
      name: 'create_note',
      description: 'Create or update a note.',
      inputSchema: { type: 'object', properties: { id: { type: 'string' }, text: { type: 'string' } }, required: ['id'] },
    },
    {
      name: 'delete_note',
      description: 'Delete a note.',
      inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
    },
    { name: 'list_notes', description: 'List notes.', inputSchema: { type: 'object', properties: {} } },
  ],
};

function writeListFixtures(fixturesDir: string): void {
  const calls = ['first', 'second', 'third', 'fourth'].map((text, index) => ({
    arguments: {},
    model: null,
    occurrence: index + 1,
    recordedAt: '2026-01-01T00:00:00.000Z',
    result: { content: [{ text, type: 'text' }], isError: false },
  }));
  mkdirSync(join(fixturesDir, 'acme__notes'), { recursive: true });
  writeFileSync(
    join(fixturesDir, 'acme__notes', 'list_notes.json'),
    `${JSON.stringify({ calls, server: '@acme/notes', tool: 'list_notes' }, null, 2)}\n`,
  );
}

const seedWorld = { entities: { note: { s1: { text: 'seeded' } } }, facts: ['The notebook opened in 2026.'] };

describe.each(doors)('memory scopes in a shared world (%s)', (door) => {
  let harness: Harness;
  let fixturesDir: string;
  let serial = 0;

  beforeAll(async () => {
    fixturesDir = mkdtempSync(join(tmpdir(), 'mcpsim-scope-'));
    writeListFixtures(fixturesDir);
    harness = await startHarness(door, { toolResults: createNotesSource(fixturesDir) });
    expect((await harness.call('PUT', '/servers/@acme/notes', { body: notes })).status).toBe(201);
  });
  afterAll(async () => {
    await harness.close();
    rmSync(harness.dataDir, { recursive: true, force: true });
    rmSync(fixturesDir, { recursive: true, force: true });
  });

  const control = (ns: string, id: string, rest: string) => `/__mcpsim/connections/${ns}/${id}/${rest}`;

  /** A namespace with mock connections a and b (a seeded with `seedWorld`, b with an empty world), shared unless told otherwise. */
  async function namespaceOfTwo(shared = true): Promise<string> {
    const ns = `scope-${++serial}`;
    expect((await harness.call('PUT', `/namespaces/${ns}`)).status).toBe(201);
    for (const id of ['a', 'b'])
      expect((await harness.call('PUT', `/connect/${ns}/${id}`, { body: { server: '@acme/notes', mock: { enabled: true } } })).status).toBe(
        201,
      );
    expect((await harness.call('PUT', control(ns, 'a', 'simulation'), { body: { world: seedWorld } })).status).toBe(200);
    // Not the small world a new mock starts from: what b adds to the shared world is only what its calls make.
    expect((await harness.call('PUT', control(ns, 'b', 'simulation'), { body: { world: { entities: {}, facts: [] } } })).status).toBe(200);
    if (shared)
      expect((await harness.call('PUT', `/__mcpsim/namespaces/${ns}/shared-world`, { body: { enabled: true } })).status).toBe(200);
    return ns;
  }

  /** One tools/call through the MCP endpoint; returns the result (with its `_meta`). */
  async function callTool(ns: string, id: string, name: string, args: Record<string, unknown> = {}) {
    const response = await harness.call('POST', `/connect/${ns}/${id}/mcp`, {
      body: { jsonrpc: '2.0', id: ++serial, method: 'tools/call', params: { name, arguments: args } },
      headers: { accept: 'application/json, text/event-stream' },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.result as { content: { text: string }[]; _meta: Record<string, unknown> };
  }

  async function memoryOf(ns: string, id: string) {
    const response = await harness.call('GET', control(ns, id, 'memory'));
    expect(response.status).toBe(200);
    return memorySchema.parse(response.body);
  }

  const madeBy = (calls: readonly Pick<CallLogEntry, 'sequence' | 'connectionId' | 'tool'>[]) =>
    calls.map((entry) => [entry.sequence, entry.connectionId, entry.tool]);

  it("resets one connection's calls and what they changed, keeping the other's calls, their changes and the sequence", async () => {
    const ns = await namespaceOfTwo();
    await callTool(ns, 'a', 'create_note', { id: 'n1', text: 'by a' });
    await callTool(ns, 'b', 'create_note', { id: 'n2', text: 'by b' });
    await callTool(ns, 'a', 'create_note', { id: 'n3', text: 'by a' });
    await callTool(ns, 'b', 'create_note', { id: 's1', text: 'edited by b' });
    await callTool(ns, 'a', 'delete_note', { id: 'n2' });
    expect(Object.keys((await memoryOf(ns, 'b')).world.entities.note!).sort()).toEqual(['n1', 'n3', 's1']);

    const reset = await harness.call('DELETE', `${control(ns, 'a', 'memory')}?scope=connection`);
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(resetSchema.parse(reset.body)).toEqual({ success: true, scope: 'connection', calls: 2 });

    const after = await memoryOf(ns, 'b');
    expect(madeBy(after.calls)).toEqual([
      [2, 'b', 'create_note'],
      [4, 'b', 'create_note'],
    ]);
    // The seed, b's note, and b's edit of the seeded note; a's notes are gone and a's delete undone.
    expect(after.world).toEqual({ entities: { note: { s1: { text: 'edited by b' }, n2: { text: 'by b' } } }, facts: seedWorld.facts });
    expect(after.nextSequence).toBe(6);
    expect(await memoryOf(ns, 'a')).toEqual({ ...after, connectionId: 'a' });
    // Numbers are never reused: a's next call goes on after the last one handed out.
    expect((await callTool(ns, 'a', 'create_note', { id: 'n4' }))._meta['mcpsim/sequence']).toBe(6);
  });

  it('resets the whole shared world with scope=world, as without a scope', async () => {
    const ns = await namespaceOfTwo();
    await callTool(ns, 'a', 'create_note', { id: 'n1' });
    await callTool(ns, 'b', 'create_note', { id: 'n2' });
    const reset = await harness.call('DELETE', `${control(ns, 'a', 'memory')}?scope=world`);
    expect(reset.body).toEqual({ success: true, scope: 'world', calls: 0 });
    expect(await memoryOf(ns, 'b')).toMatchObject({ calls: [], world: seedWorld, nextSequence: 1 });

    await callTool(ns, 'b', 'create_note', { id: 'n3' });
    expect((await harness.call('DELETE', control(ns, 'b', 'memory'))).body).toEqual({ success: true, scope: 'world', calls: 0 });
    expect(await memoryOf(ns, 'a')).toMatchObject({ calls: [], world: seedWorld, nextSequence: 1 });
  });

  it("restores a connection snapshot after more calls by both: its calls come back in place, the other's later calls stay", async () => {
    const ns = await namespaceOfTwo();
    await callTool(ns, 'a', 'create_note', { id: 'a1' });
    await callTool(ns, 'b', 'create_note', { id: 'b1' });
    const taken = await harness.call('POST', `${control(ns, 'a', 'snapshots')}?scope=connection`, { body: { label: 'a before' } });
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);
    expect(snapshotSchema.parse(taken.body)).toMatchObject({ label: 'a before', calls: 1, scope: 'connection', connectionId: 'a' });
    const world = await harness.call('POST', control(ns, 'b', 'snapshots'));
    expect(world.body).toMatchObject({ calls: 2, scope: 'world' });
    expect(world.body).not.toHaveProperty('connectionId');

    await callTool(ns, 'a', 'create_note', { id: 'a2' });
    await callTool(ns, 'b', 'create_note', { id: 'b2' });
    await callTool(ns, 'a', 'delete_note', { id: 'b1' });

    // Only through a, and not as the whole world.
    const throughB = await harness.call('POST', control(ns, 'b', `snapshots/${taken.body.id}/restore`));
    expect(throughB.status).toBe(409);
    expect(throughB.body.message).toContain('holds the calls of connection "a", not of "b"');
    const asWorld = await harness.call('POST', `${control(ns, 'a', `snapshots/${taken.body.id}/restore`)}?scope=world`);
    expect(asWorld.status).toBe(409);
    expect(asWorld.body.message).toContain('restore it with scope=connection');

    const restored = await harness.call('POST', control(ns, 'a', `snapshots/${taken.body.id}/restore`));
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restoreSchema.parse(restored.body)).toEqual({ success: true, scope: 'connection', calls: 3 });
    const after = await memoryOf(ns, 'b');
    expect(madeBy(after.calls)).toEqual([
      [1, 'a', 'create_note'],
      [2, 'b', 'create_note'],
      [4, 'b', 'create_note'],
    ]);
    expect(Object.keys(after.world.entities.note!).sort()).toEqual(['a1', 'b1', 'b2', 's1']);
    expect(after.nextSequence).toBe(6);

    // a's part of the world snapshot: the same calls, put back with scope=connection.
    await callTool(ns, 'a', 'create_note', { id: 'a3' });
    const fromWorld = await harness.call('POST', `${control(ns, 'a', `snapshots/${world.body.id}/restore`)}?scope=connection`);
    expect(fromWorld.body).toEqual({ success: true, scope: 'connection', calls: 3 });
    expect(Object.keys((await memoryOf(ns, 'a')).world.entities.note!).sort()).toEqual(['a1', 'b1', 'b2', 's1']);

    const listed = snapshotListSchema.parse((await harness.call('GET', control(ns, 'b', 'snapshots'))).body);
    expect(listed.snapshots.map((snapshot) => [snapshot.scope, snapshot.connectionId])).toEqual([
      ['connection', 'a'],
      ['world', undefined],
    ]);
  });

  it('refuses to restore a connection snapshot whose places in the log were reused after a world reset', async () => {
    const ns = await namespaceOfTwo();
    await callTool(ns, 'a', 'create_note', { id: 'a1' });
    const taken = await harness.call('POST', `${control(ns, 'a', 'snapshots')}?scope=connection`);
    await harness.call('DELETE', control(ns, 'a', 'memory'));
    await callTool(ns, 'b', 'create_note', { id: 'b1' });
    const refused = await harness.call('POST', control(ns, 'a', `snapshots/${taken.body.id}/restore`));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('call 1 (create_note) is no longer a free place');
    expect(madeBy((await memoryOf(ns, 'a')).calls)).toEqual([[1, 'b', 'create_note']]);
  });

  it('restores a connection snapshot taken in a shared world after the namespace stopped sharing', async () => {
    const ns = await namespaceOfTwo();
    await callTool(ns, 'a', 'create_note', { id: 'a1' });
    await callTool(ns, 'b', 'create_note', { id: 'b1' });
    const taken = await harness.call('POST', `${control(ns, 'a', 'snapshots')}?scope=connection`);
    await callTool(ns, 'a', 'create_note', { id: 'a2' });
    await harness.call('PUT', `/__mcpsim/namespaces/${ns}/shared-world`, { body: { enabled: false } });
    // a owned the shared memory, so it keeps it, b's call included.
    for (const scope of ['', '?scope=connection']) {
      const restored = await harness.call('POST', `${control(ns, 'a', `snapshots/${taken.body.id}/restore`)}${scope}`);
      expect(restored.body, scope).toEqual({ success: true, scope: 'connection', calls: 2 });
    }
    expect(Object.keys((await memoryOf(ns, 'a')).world.entities.note!).sort()).toEqual(['a1', 'b1', 's1']);
  });

  it('replays fixtures by the occurrences left after a connection reset, also after a restart', async () => {
    const ns = await namespaceOfTwo();
    const listed = async (id: string) => (await callTool(ns, id, 'list_notes')).content[0]!.text;
    expect([await listed('a'), await listed('b'), await listed('a')]).toEqual(['first', 'second', 'third']);
    await harness.call('DELETE', `${control(ns, 'a', 'memory')}?scope=connection`);
    // b's call is the only one left: a's next identical call is the second.
    expect(await listed('a')).toBe('second');
    expect((await memoryOf(ns, 'b')).calls.map((entry) => [entry.connectionId, entry.occurrence])).toEqual([
      ['b', 2],
      ['a', 2],
    ]);

    await harness.call('DELETE', `${control(ns, 'b', 'memory')}?scope=connection`);
    const reopened = await startHarness(door, { dataDir: harness.dataDir, toolResults: createNotesSource(fixturesDir) });
    try {
      const call = await reopened.call('POST', `/connect/${ns}/b/mcp`, {
        body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_notes', arguments: {} } },
        headers: { accept: 'application/json, text/event-stream' },
      });
      // Counted from the stored rows: a's one call is left.
      expect(call.body.result.content[0].text).toBe('second');
    } finally {
      await reopened.close();
    }
  });

  it('means the whole memory by either scope for a connection whose world is its own, and says world', async () => {
    const ns = await namespaceOfTwo(false);
    await callTool(ns, 'a', 'create_note', { id: 'a1' });
    await callTool(ns, 'a', 'create_note', { id: 'a2' });
    const snapshot = await harness.call('POST', `${control(ns, 'a', 'snapshots')}?scope=connection`);
    expect(snapshot.body).toMatchObject({ scope: 'world', calls: 2 });
    const reset = await harness.call('DELETE', `${control(ns, 'a', 'memory')}?scope=connection`);
    expect(reset.body).toEqual({ success: true, scope: 'world', calls: 0 });
    expect(await memoryOf(ns, 'a')).toMatchObject({ calls: [], world: seedWorld, nextSequence: 1 });
    const restored = await harness.call('POST', `${control(ns, 'a', `snapshots/${snapshot.body.id}/restore`)}?scope=connection`);
    expect(restored.body).toEqual({ success: true, scope: 'world', calls: 2 });
  });

  it('keeps the batch, the cache and the file in step when connection resets race calls through both', async () => {
    const ns = await namespaceOfTwo();
    const call = (index: number) => callTool(ns, index % 2 ? 'b' : 'a', 'create_note', { id: `n${index}` });
    const reset = () => harness.call('DELETE', `${control(ns, 'a', 'memory')}?scope=connection`);
    // Each reset lands after some calls of both are answered, while others wait in the queue or for their batch to commit.
    const first = Array.from({ length: 12 }, (_, index) => call(index));
    await Promise.all(first.slice(0, 6));
    const resets = [reset()];
    const second = Array.from({ length: 6 }, (_, index) => call(12 + index));
    await Promise.all(first.slice(6, 9));
    resets.push(reset());
    const third = Array.from({ length: 6 }, (_, index) => call(18 + index));
    await Promise.all([...first, ...second, ...third]);
    expect((await Promise.all(resets)).map((answer) => answer.status)).toEqual([200, 200]);

    const memory = await memoryOf(ns, 'b');
    const sequences = memory.calls.map((entry) => entry.sequence);
    expect(sequences).toEqual([...sequences].sort((x, y) => x - y));
    expect(new Set(sequences).size).toBe(sequences.length);
    expect(memory.calls.filter((entry) => entry.connectionId === 'b')).toHaveLength(12);
    expect(memory.nextSequence).toBe(25);
    // The world holds exactly the notes of the calls the log kept, on top of the seed.
    const created = memory.calls.map((entry) => String(entry.arguments.id));
    expect(Object.keys(memory.world.entities.note!).sort()).toEqual(['s1', ...created].sort());

    // What the cache answers is what the file holds.
    const reopened = await startHarness(door, { dataDir: harness.dataDir, toolResults: createNotesSource(fixturesDir) });
    try {
      expect((await reopened.call('GET', control(ns, 'b', 'memory'))).body).toEqual(memory);
    } finally {
      await reopened.close();
    }
  });

  it('answers 400 naming scope and its values for an unknown scope, changing nothing', async () => {
    const ns = await namespaceOfTwo();
    await callTool(ns, 'a', 'create_note', { id: 'a1' });
    const taken = await harness.call('POST', control(ns, 'a', 'snapshots'));
    for (const [method, rest] of [
      ['DELETE', 'memory'],
      ['POST', 'snapshots'],
      ['POST', `snapshots/${taken.body.id}/restore`],
    ] as const) {
      const response = await harness.call(method, `${control(ns, 'a', rest)}?scope=everything`);
      expect(response.status, `${method} ${rest}`).toBe(400);
      expect(response.body.error).toBe('validation_error');
      expect(response.body.message).toMatch(/scope/);
      expect(response.body.message).toContain('"world"');
      expect(response.body.message).toContain('"connection"');
    }
    expect((await memoryOf(ns, 'a')).calls).toHaveLength(1);
  });
});

describe('memory scopes once retention dropped calls', () => {
  it('refuses a connection reset or snapshot with 409 and a way out, and allows them again after a world reset', async () => {
    const harness = await startHarness('in-process', { memoryLimits: { maxCalls: 3, maxBytes: 1024 * 1024 } });
    try {
      const memory = harness.platform.stores.memory;
      expect((await harness.call('PUT', '/servers/@acme/notes', { body: notes })).status).toBe(201);
      await harness.call('PUT', '/namespaces/kept');
      for (const id of ['a', 'b'])
        await harness.call('PUT', `/connect/kept/${id}`, { body: { server: '@acme/notes', mock: { enabled: true } } });
      await harness.call('PUT', '/__mcpsim/namespaces/kept/shared-world', { body: { enabled: true } });
      const key = memory.resolveKey(harness.platform.stores.accounts.findLocal()!.id, 'kept', 'a')!;
      const log = async (connectionId: string, sequence: number) => {
        const entry = {
          sequence,
          tool: 'create_note',
          arguments: { id: `n${sequence}` },
          argumentsKey: `{"id":"n${sequence}"}`,
          occurrence: 1,
          result: { content: [] },
          source: 'synthetic' as const,
          model: null,
          usage: null,
          latencyMs: 0,
          at: '2026-01-01T00:00:00.000Z',
          connectionId,
        };
        expect(await memory.append(key, entry, { upserts: [{ type: 'note', id: `n${sequence}`, fields: {} }] })).toBe(true);
      };
      for (let sequence = 1; sequence <= 5; sequence += 1) await log(sequence % 2 ? 'a' : 'b', sequence);

      for (const [method, rest] of [
        ['DELETE', 'memory'],
        ['POST', 'snapshots'],
      ] as const) {
        const refused = await harness.call(method, `/__mcpsim/connections/kept/a/${rest}?scope=connection`);
        expect(refused.status).toBe(409);
        expect(refused.body).toEqual({ error: 'conflict', message: expect.stringContaining('retention dropped the oldest') });
        expect(refused.body.message).toContain('use scope=world');
      }
      expect((await harness.call('GET', '/__mcpsim/connections/kept/a/memory')).body.calls).toHaveLength(3);

      expect((await harness.call('DELETE', '/__mcpsim/connections/kept/a/memory')).status).toBe(200);
      await log('a', 1);
      await log('b', 2);
      expect((await harness.call('DELETE', '/__mcpsim/connections/kept/a/memory?scope=connection')).body).toEqual({
        success: true,
        scope: 'connection',
        calls: 1,
      });
    } finally {
      await harness.close();
      rmSync(harness.dataDir, { recursive: true, force: true });
    }
  });
});

describe('memory scopes in the OpenAPI document', () => {
  it('lists the scope parameter on reset, snapshot and restore, and scope in their answers', async () => {
    const harness = await startHarness('in-process');
    try {
      const document = (await harness.call('GET', '/openapi.json')).body;
      const base = '/__mcpsim/connections/{namespace}/{connectionId}';
      const operations = [
        document.paths[`${base}/memory`].delete,
        document.paths[`${base}/snapshots`].post,
        document.paths[`${base}/snapshots/{snapshotId}/restore`].post,
      ];
      for (const operation of operations) {
        expect(operation.parameters.filter((parameter: { name: string }) => parameter.name === 'scope')).toEqual([
          { name: 'scope', in: 'query', required: false, schema: expect.any(Object) },
        ]);
        expect(Object.keys(operation.responses)).toContain('409');
      }
      for (const name of ['MemoryReset', 'Snapshot', 'SnapshotRestored'])
        expect(document.components.schemas[name].properties.scope).toEqual({ $ref: '#/components/schemas/MemoryScope' });
      expect(document.components.schemas.MemoryScope.enum).toEqual(['world', 'connection']);
    } finally {
      await harness.close();
      rmSync(harness.dataDir, { recursive: true, force: true });
    }
  });
});
