/**
 * The read caches of the stores (src/store/read-cache.ts), on a real SQLite file with two
 * connections, as two mcpsim processes would have.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createCacheSet } from '../../src/store/read-cache.js';
import { createStores } from '../../src/store/stores.js';

const directories: string[] = [];
afterEach(() => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

function openPair() {
  const directory = mkdtempSync(join(tmpdir(), 'mcpsim-cache-'));
  directories.push(directory);
  const file = join(directory, 'cache.db');
  const writer = new Database(file);
  writer.pragma('journal_mode = WAL');
  writer.exec("CREATE TABLE rows (id TEXT PRIMARY KEY, value TEXT NOT NULL); INSERT INTO rows VALUES ('a', 'one');");
  const reader = new Database(file);
  let time = 0;
  const caches = createCacheSet(reader, { intervalMs: 250, now: () => time });
  const cache = caches.create<string, { value: string }>(10);
  const select = reader.prepare<[string], { value: string }>('SELECT value FROM rows WHERE id = ?');
  const read = (id: string) => cache.read(id, () => select.get(id) ?? null);
  return { writer, reader, caches, cache, read, advance: (ms: number) => (time += ms) };
}

describe('the read cache', () => {
  it('serves a copy without asking SQLite again, frozen so nobody can change it', () => {
    const { read, writer } = openPair();
    const first = read('a');
    expect(first).toEqual({ value: 'one' });
    expect(read('a')).toBe(first);
    expect(() => ((first as { value: string }).value = 'changed')).toThrow(TypeError);
    writer.close();
  });

  it('sees another process’s commit within the check interval, and at once inside a write transaction', () => {
    const { read, writer, caches, advance } = openPair();
    expect(read('a')).toEqual({ value: 'one' });
    writer.prepare("UPDATE rows SET value = 'two' WHERE id = 'a'").run();
    advance(100);
    expect(read('a')).toEqual({ value: 'one' });
    expect(caches.transaction(() => read('a'))).toEqual({ value: 'two' });
    writer.prepare("UPDATE rows SET value = 'three' WHERE id = 'a'").run();
    advance(300);
    expect(read('a')).toEqual({ value: 'three' });
    writer.close();
  });

  it('forgets what it copied inside a transaction that rolls back', () => {
    const { reader, read, caches, cache } = openPair();
    expect(() =>
      caches.transaction(() => {
        reader.prepare("UPDATE rows SET value = 'uncommitted' WHERE id = 'a'").run();
        cache.forget('a');
        expect(read('a')).toEqual({ value: 'uncommitted' });
        throw new Error('roll back');
      }),
    ).toThrow('roll back');
    expect(read('a')).toEqual({ value: 'one' });
  });
});

describe('the stores’ caches', () => {
  it('return a connection changed by this process at once, and forget a deleted namespace’s connections', () => {
    const stores = createStores({ databaseFile: ':memory:', encryptionKey: randomBytes(32) });
    const account = stores.accounts.create({ id: 'acct_1', name: 'local', isLocal: true, createdAt: '2026-01-01T00:00:00.000Z' });
    const { namespace } = stores.namespaces.ensure(account.id, 'team', '2026-01-01T00:00:00.000Z');
    const connection = {
      namespace: 'team',
      connectionId: 'c1',
      name: 'First',
      transport: 'http' as const,
      mcpUrl: 'https://example.com/mcp',
      server: null,
      metadata: { team: 'a' },
      mock: null,
      iconUrl: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      status: { state: 'connected' as const },
      serverInfo: null,
      source: null,
    };
    stores.connections.insert(namespace.id, connection, null, connection.createdAt);
    expect(stores.connections.getInNamespace(account.id, 'team', 'c1')?.name).toBe('First');
    stores.connections.update(namespace.id, { ...connection, name: 'Renamed' }, undefined, connection.createdAt);
    expect(stores.connections.getInNamespace(account.id, 'team', 'c1')?.name).toBe('Renamed');
    stores.connections.setStatus(namespace.id, { ...connection, status: { state: 'error', message: 'down' } });
    expect(stores.connections.get(namespace.id, 'c1')?.status).toEqual({ state: 'error', message: 'down' });
    expect(stores.namespaces.delete(account.id, 'team')).toBe(true);
    expect(stores.namespaces.get(account.id, 'team')).toBeNull();
    expect(stores.connections.get(namespace.id, 'c1')).toBeNull();
    stores.close();
  });

  it('keep a connection updated inside a write transaction as stored, and forget that copy when the transaction rolls back', () => {
    const stores = createStores({ databaseFile: ':memory:', encryptionKey: randomBytes(32) });
    const account = stores.accounts.create({ id: 'acct_1', name: 'local', isLocal: true, createdAt: '2026-01-01T00:00:00.000Z' });
    const { namespace } = stores.namespaces.ensure(account.id, 'team', '2026-01-01T00:00:00.000Z');
    const connection = {
      namespace: 'team',
      connectionId: 'c1',
      name: 'First',
      transport: 'http' as const,
      mcpUrl: 'https://example.com/mcp',
      server: null,
      metadata: { team: 'a' },
      mock: null,
      iconUrl: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      status: { state: 'connected' as const },
      serverInfo: null,
      source: null,
    };
    stores.connections.insert(namespace.id, connection, null, connection.createdAt);
    stores.transaction(() =>
      stores.connections.update(namespace.id, { ...connection, name: 'Renamed' }, undefined, '2026-01-02T00:00:00.000Z'),
    );
    const kept = stores.connections.get(namespace.id, 'c1');
    expect(kept?.name).toBe('Renamed');
    stores.connections.forgetAll();
    expect(stores.connections.get(namespace.id, 'c1')).toEqual(kept);
    expect(() =>
      stores.transaction(() => {
        stores.connections.update(namespace.id, { ...connection, name: 'Rolled back' }, undefined, '2026-01-03T00:00:00.000Z');
        throw new Error('abort');
      }),
    ).toThrow('abort');
    expect(stores.connections.get(namespace.id, 'c1')?.name).toBe('Renamed');
    stores.close();
  });

  it('keep an updated connection as its row holds it, with the columns an update leaves alone, as a fresh read gives it', () => {
    const stores = createStores({ databaseFile: ':memory:', encryptionKey: randomBytes(32) });
    const account = stores.accounts.create({ id: 'acct_1', name: 'local', isLocal: true, createdAt: '2026-01-01T00:00:00.000Z' });
    const { namespace } = stores.namespaces.ensure(account.id, 'team', '2026-01-01T00:00:00.000Z');
    const connection = {
      namespace: 'team',
      connectionId: 'c1',
      name: 'First',
      transport: 'http' as const,
      mcpUrl: 'https://example.com/mcp',
      server: null,
      metadata: { team: 'a', nested: { list: [1, 'two'] } },
      mock: null,
      iconUrl: 'https://example.com/icon.png',
      createdAt: '2026-01-01T00:00:00.000Z',
      status: { state: 'connected' as const },
      serverInfo: { name: 'example', version: '1.0.0' },
      source: null,
    };
    const seq = stores.connections.insert(namespace.id, connection, { authorization: 'Bearer x' }, connection.createdAt);
    // An update writes neither the icon, the mock nor the creation time: the copy kept must show the stored ones.
    const changed = { ...connection, name: 'Renamed', iconUrl: null, mock: { enabled: true }, createdAt: '2030-01-01T00:00:00.000Z' };
    stores.transaction(() => stores.connections.update(namespace.id, changed, undefined, '2026-01-02T00:00:00.000Z'));
    const kept = stores.connections.get(namespace.id, 'c1');
    expect(kept).toMatchObject({
      key: seq,
      name: 'Renamed',
      iconUrl: 'https://example.com/icon.png',
      mock: null,
      createdAt: connection.createdAt,
    });
    expect(Object.isFrozen(kept?.metadata)).toBe(true);
    stores.connections.forgetAll();
    expect(stores.connections.get(namespace.id, 'c1')).toEqual(kept);
    expect(stores.connections.getHeaders(namespace.id, 'c1')).toEqual({ authorization: 'Bearer x' });
    stores.close();
  });
});
