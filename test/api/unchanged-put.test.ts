/**
 * Re-saving a connection unchanged writes nothing (api/write-connection.ts): read back through a
 * second SQLite connection, its update time stays, and a real change still writes.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../support/harness.js';

describe('PUT of an unchanged connection', () => {
  let harness: Harness;
  let disk: Database.Database;
  const updatedAt = () =>
    disk.prepare<[], { updated_at: string }>("SELECT updated_at FROM connections WHERE connection_id = 'same'").get()!.updated_at;

  beforeAll(async () => {
    harness = await startHarness('in-process');
    disk = new Database(join(harness.dataDir, 'mcpsim.db'), { readonly: true });
  });
  afterAll(async () => {
    disk.close();
    await harness.close();
  });

  it('answers 200 with the connection and stores nothing, until something changes', async () => {
    const body = { server: '@modelcontextprotocol/time', mock: { enabled: true }, name: 'Same', metadata: { team: 'a' } };
    const created = await harness.call('PUT', '/connect/demo/same', { body });
    expect(created.status).toBe(201);
    const first = updatedAt();

    harness.clock.advance(60_000);
    const again = await harness.call('PUT', '/connect/demo/same', { body });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(created.body);
    expect(updatedAt()).toBe(first);

    const renamed = await harness.call('PUT', '/connect/demo/same', { body: { ...body, name: 'Renamed' } });
    expect(renamed.body.name).toBe('Renamed');
    expect(updatedAt()).not.toBe(first);

    harness.clock.advance(60_000);
    const secondRename = updatedAt();
    await harness.call('PUT', '/connect/demo/same', { body: { ...body, name: 'Renamed', headers: { 'x-key': 'v' } } });
    expect(updatedAt()).not.toBe(secondRename);
  });
});
