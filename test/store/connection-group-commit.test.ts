/**
 * Connection writes commit in groups (src/store/group-commit.ts, used by api/write-connection.ts),
 * in the same per-turn transaction as the calls the memory log stores (call-batch.ts):
 * each is answered only once it is on disk, a refused write takes back only its own changes, and
 * concurrent PUTs over a real socket each get their own answer. Read through a second SQLite
 * connection, as another process would.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { Connection } from '../../src/domain/connection.js';
import { connectionColumns, toConnection, type ConnectionRow } from '../../src/store/connection-row.js';
import { createStores } from '../../src/store/stores.js';
import { useDiskHarness } from '../support/disk-harness.js';
import { callEntry } from '../support/memory-calls.js';

const directories: string[] = [];
afterEach(() => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

function openStores() {
  const directory = mkdtempSync(join(tmpdir(), 'mcpsim-group-'));
  directories.push(directory);
  const file = join(directory, 'mcpsim.db');
  const stores = createStores({ databaseFile: file, encryptionKey: randomBytes(32) });
  const account = stores.accounts.create({ id: 'account-1', name: 'Test', isLocal: false, createdAt: '2026-01-01T00:00:00.000Z' });
  stores.namespaces.ensure(account.id, 'demo', '2026-01-01T00:00:00.000Z');
  const disk = new Database(file, { readonly: true });
  const namesOnDisk = () =>
    disk
      .prepare<[], { name: string }>('SELECT name FROM namespaces ORDER BY name')
      .all()
      .map((row) => row.name);
  return { stores, account, disk, namesOnDisk };
}

/** A mock connection of namespace `demo`, as a PUT makes it. */
function mockConnection(connectionId: string): Connection {
  return {
    connectionId,
    namespace: 'demo',
    name: 'First',
    transport: 'http',
    mcpUrl: 'https://example.com/mcp',
    server: null,
    metadata: { team: 'core' },
    mock: { enabled: true, scenario: 'demo' },
    iconUrl: 'https://example.com/icon.png',
    createdAt: '2026-01-01T00:00:00.000Z',
    status: { state: 'connected' },
    serverInfo: null,
    source: null,
  };
}

/** Stores with a mock connection `c1` and the key of its memory, and what the disk holds of its calls. */
function openStoresWithMemory() {
  const opened = openStores();
  const { stores, account, disk } = opened;
  const namespaceId = stores.namespaces.get(account.id, 'demo')!.id;
  stores.transaction(() => stores.connections.insert(namespaceId, mockConnection('c1'), null, '2026-01-01T00:00:00.000Z'));
  const key = stores.memory.resolveKey(account.id, 'demo', 'c1')!;
  const callsOnDisk = () =>
    disk
      .prepare<[number], { sequence: number }>('SELECT sequence FROM memory_calls WHERE connection_seq = ? ORDER BY sequence')
      .all(key)
      .map((row) => row.sequence);
  return { ...opened, key, callsOnDisk };
}

describe('one commit per turn for connection writes and logged calls', () => {
  it('commits the calls and the connection writes of one turn together, and settles each only once all are on disk', async () => {
    const { stores, account, disk, namesOnDisk, key, callsOnDisk } = openStoresWithMemory();
    const seen: { settled: string; names: string[]; calls: number[] }[] = [];
    const look = (settled: string) => () => seen.push({ settled, names: namesOnDisk(), calls: callsOnDisk() });
    const waiting = [
      stores.memory.append(key, callEntry(1, 'echo', { n: 1 })).then(look('call 1')),
      stores.groupTransaction(() => stores.namespaces.ensure(account.id, 'b', '2026-01-01T00:00:00.000Z')).then(look('namespace b')),
      stores.memory.append(key, callEntry(2, 'echo', { n: 2 })).then(look('call 2')),
    ];
    expect(callsOnDisk()).toEqual([]);
    await Promise.all(waiting);
    expect(seen.map(({ settled }) => settled).sort()).toEqual(['call 1', 'call 2', 'namespace b']);
    for (const { names, calls } of seen) {
      expect(names).toEqual(['b', 'demo']);
      expect(calls).toEqual([1, 2]);
    }
    disk.close();
    stores.close();
  });

  it('rolls back a throwing connection write alone: the calls of its turn are stored and acknowledged', async () => {
    const { stores, account, disk, namesOnDisk, key, callsOnDisk } = openStoresWithMemory();
    const call = stores.memory.append(key, callEntry(1, 'echo', { n: 1 }));
    const refused = stores.groupTransaction(() => {
      stores.namespaces.ensure(account.id, 'refused', '2026-01-01T00:00:00.000Z');
      throw new Error('refused after writing');
    });
    await expect(refused).rejects.toThrow('refused after writing');
    expect(await call).toBe(true);
    expect(callsOnDisk()).toEqual([1]);
    expect(namesOnDisk()).toEqual(['demo']);
    disk.close();
    stores.close();
  });

  it('stores nothing of a connection deleted after its first stored call, and acknowledges its next call as not stored', async () => {
    const { stores, account, disk, key, callsOnDisk } = openStoresWithMemory();
    expect(await stores.memory.append(key, callEntry(1, 'echo', { n: 1 }))).toBe(true);
    const late = stores.memory.append(key, callEntry(2, 'echo', { n: 2 }));
    stores.transaction(() => stores.connections.delete(stores.namespaces.get(account.id, 'demo')!.id, 'c1'));
    expect(await late).toBe(false);
    expect(callsOnDisk()).toEqual([]);
    disk.close();
    stores.close();
  });

  it('stores the calls still waiting when the stores close', async () => {
    const { stores, disk, key, callsOnDisk } = openStoresWithMemory();
    const call = stores.memory.append(key, callEntry(1, 'echo', { n: 1 }));
    stores.close();
    expect(await call).toBe(true);
    expect(callsOnDisk()).toEqual([1]);
    disk.close();
  });
});

describe('group commit of connection writes', () => {
  it('commits the writes queued in one turn together, and settles each only once they are on disk', async () => {
    const { stores, account, disk, namesOnDisk } = openStores();
    const settled: string[] = [];
    const writes = ['b', 'c', 'd'].map((name) =>
      stores
        .groupTransaction(() => stores.namespaces.ensure(account.id, name, '2026-01-01T00:00:00.000Z').namespace.name)
        .then((created) => {
          settled.push(created);
          expect(namesOnDisk()).toEqual(['b', 'c', 'd', 'demo']);
          return created;
        }),
    );
    expect(namesOnDisk()).toEqual(['demo']);
    expect(await Promise.all(writes)).toEqual(['b', 'c', 'd']);
    expect(settled).toEqual(['b', 'c', 'd']);
    disk.close();
    stores.close();
  });

  it('rolls back a write that throws and rejects it with its error, while the others of its group commit', async () => {
    const { stores, account, disk, namesOnDisk } = openStores();
    const kept = stores.groupTransaction(() => stores.namespaces.ensure(account.id, 'kept', '2026-01-01T00:00:00.000Z'));
    const refused = stores.groupTransaction(() => {
      stores.namespaces.ensure(account.id, 'refused', '2026-01-01T00:00:00.000Z');
      throw new Error('refused after writing');
    });
    await expect(refused).rejects.toThrow('refused after writing');
    await kept;
    expect(namesOnDisk()).toEqual(['demo', 'kept']);
    expect(stores.namespaces.get(account.id, 'refused')).toBeNull();
    disk.close();
    stores.close();
  });

  it('rolls back a write that throws alone in its turn, and commits the writes of the next turn', async () => {
    const { stores, account, disk, namesOnDisk } = openStores();
    const refused = stores.groupTransaction(() => {
      stores.namespaces.ensure(account.id, 'refused', '2026-01-01T00:00:00.000Z');
      throw new Error('refused after writing');
    });
    await expect(refused).rejects.toThrow('refused after writing');
    expect(stores.namespaces.get(account.id, 'refused')).toBeNull();
    await stores.groupTransaction(() => stores.namespaces.ensure(account.id, 'next', '2026-01-01T00:00:00.000Z'));
    expect(namesOnDisk()).toEqual(['demo', 'next']);
    disk.close();
    stores.close();
  });

  it('runs the writes still waiting when the stores close', async () => {
    const { stores, account, disk, namesOnDisk } = openStores();
    const waiting = stores.groupTransaction(() => stores.namespaces.ensure(account.id, 'late', '2026-01-01T00:00:00.000Z'));
    stores.close();
    await waiting;
    expect(namesOnDisk()).toEqual(['demo', 'late']);
    disk.close();
  });
});

describe('the cached copy of an updated connection', () => {
  it('is what a read from disk gives, for every column the update writes or keeps', async () => {
    const { stores, account, disk } = openStores();
    const namespaceId = stores.namespaces.get(account.id, 'demo')!.id;
    const created = mockConnection('c1');
    stores.transaction(() => stores.connections.insert(namespaceId, created, null, created.createdAt));
    const current = stores.connections.get(namespaceId, 'c1')!;
    await stores.groupTransaction(() =>
      stores.connections.update(
        namespaceId,
        {
          ...current,
          name: 'Second',
          metadata: { team: 'growth', n: 1 },
          serverInfo: { name: 'up', version: '2' },
          status: { state: 'disconnected' },
        },
        undefined,
        '2026-01-02T00:00:00.000Z',
      ),
    );
    const cached = stores.connections.get(namespaceId, 'c1')!;
    const row = disk
      .prepare<[], ConnectionRow>(
        `SELECT ${connectionColumns} FROM connections c JOIN namespaces n ON n.id = c.namespace_id WHERE c.connection_id = 'c1'`,
      )
      .get()!;
    expect(cached).toEqual(toConnection(row));
    expect(cached.name).toBe('Second');
    expect(Object.isFrozen(cached.metadata)).toBe(true);
    disk.close();
    stores.close();
  });
});

describe('concurrent PUTs of connections', () => {
  const opened = useDiskHarness();

  it('answers each of 20 concurrent writes with its own connection, stored before its answer, and refuses a bad one alone', async () => {
    const body = (index: number) => ({ server: '@modelcontextprotocol/time', mock: { enabled: true }, name: `Name ${index}` });
    const storedName = (connectionId: string) =>
      opened.disk.prepare<[string], { name: string }>('SELECT name FROM connections WHERE connection_id = ?').get(connectionId)?.name;
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, (_, index) =>
        opened.harness.call('PUT', `/connect/demo/c${index % 5}`, { body: body(index) }).then((answer) => {
          expect(storedName(`c${index % 5}`)).toBeDefined();
          return answer;
        }),
      ),
      opened.harness.call('PUT', '/connect/demo/bad', { body: { server: 'no/such-server' } }),
    ]);
    const bad = answers.pop()!;
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('validation_error');
    answers.forEach((answer, index) => {
      expect([200, 201]).toContain(answer.status);
      expect(answer.body.connectionId).toBe(`c${index % 5}`);
      expect(answer.body.name).toBe(`Name ${index}`);
    });
    // Over five sockets the order of arrival is the network's: each id holds one of the names sent to it.
    for (let id = 0; id < 5; id++) expect([0, 1, 2, 3].map((round) => `Name ${round * 5 + id}`)).toContain(storedName(`c${id}`));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(5);
    expect(storedName('bad')).toBeUndefined();
  });
});
