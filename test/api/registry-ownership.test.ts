/**
 * Registry ownership (issue 16, item 2; docs/decisions.md, "Registry ownership"): an entry created through the API
 * belongs to its account; another account reads it but gets 403 on PUT and DELETE; the demo
 * catalog, imports and scenario servers belong to the first (local) account. Before, account B's
 * PUT of account A's entry answered 200 and A's mock connection listed B's tool.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../src/domain/clock.js';
import { importRegistry } from '../../src/store/registry-import.js';
import { addAccount } from '../support/accounts.js';
import { doors, startHarness, testApiKey, type Harness } from '../support/harness.js';
import { mint } from '../support/tokens.js';

const keyA = 'account-a-key-0123456789';
const keyB = 'account-b-key-0123456789';
const aOnly = { tools: [{ name: 'a_tool', inputSchema: { type: 'object' } }] };

describe.each(doors)('registry ownership (%s)', (door) => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness(door);
    addAccount(harness.platform, 'a', keyA);
    addAccount(harness.platform, 'b', keyB);
    expect((await harness.call('PUT', '/servers/@acme/a-only', { key: keyA, body: aOnly })).status).toBe(201);
    await harness.call('PUT', '/namespaces/work', { key: keyA });
    await harness.call('PUT', '/connect/work/mock', { key: keyA, body: { server: '@acme/a-only', mock: { enabled: true } } });
  });
  afterAll(() => harness.close());

  const toolsOfA = async () =>
    (await harness.call('GET', '/connect/work/mock/.tools', { key: keyA })).body.tools.map((tool: { name: string }) => tool.name);

  it("refuses account B's PUT of account A's entry with 403, and A's connection keeps A's tools (the original request)", async () => {
    const response = await harness.call('PUT', '/servers/@acme/a-only', {
      key: keyB,
      body: { tools: [{ name: 'b_tool', inputSchema: { type: 'object' } }] },
    });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({
      error: 'forbidden',
      message: 'Server "@acme/a-only" belongs to another account: only its owner may change it; author your own under another name',
    });
    expect(await toolsOfA()).toEqual(['a_tool']);
  });

  it("refuses account B's DELETE of account A's entry with 403, whatever the spelling of the name", async () => {
    for (const path of ['/servers/@acme/a-only', '/servers/acme/a-only', '/servers/%40acme%2Fa-only']) {
      const response = await harness.call('DELETE', path, { key: keyB });
      expect(response.status).toBe(403);
      expect(response.body.error).toBe('forbidden');
    }
    expect((await harness.call('GET', '/servers/@acme/a-only', { key: keyB })).status).toBe(200);
  });

  it("refuses B's service token with servers:write too: the token acts for its account", async () => {
    const token = await mint(harness, [{ resources: 'servers' }], keyB);
    expect((await harness.call('PUT', '/servers/@acme/a-only', { key: token, body: {} })).status).toBe(403);
  });

  it('lets the owner change and delete its entry', async () => {
    expect((await harness.call('PUT', '/servers/@acme/a-only', { key: keyA, body: { description: 'mine' } })).status).toBe(200);
    expect((await harness.call('PUT', '/servers/@acme/a-later', { key: keyA, body: {} })).status).toBe(201);
    expect((await harness.call('DELETE', '/servers/@acme/a-later', { key: keyA })).status).toBe(200);
  });

  it('gives demo-catalog entries to the local account: others get 403, the local key may change them', async () => {
    expect((await harness.call('PUT', '/servers/@modelcontextprotocol/time', { key: keyB, body: { description: 'x' } })).status).toBe(403);
    expect((await harness.call('DELETE', '/servers/@modelcontextprotocol/time', { key: keyA })).status).toBe(403);
    expect((await harness.call('PUT', '/servers/@modelcontextprotocol/time', { key: testApiKey, body: { useCount: 7 } })).status).toBe(200);
  });

  it('still answers 404 for an entry that does not exist', async () => {
    expect((await harness.call('DELETE', '/servers/@nobody/nothing', { key: keyB })).status).toBe(404);
  });
});

describe('registry ownership of imports and old data', () => {
  it('gives imported entries to the local account, also over an entry another account created', async () => {
    const harness = await startHarness('in-process');
    try {
      addAccount(harness.platform, 'b', keyB);
      expect((await harness.call('PUT', '/servers/@acme/shared', { key: keyB, body: {} })).status).toBe(201);
      const file = join(harness.dataDir, 'import.json');
      writeFileSync(file, JSON.stringify([{ qualifiedName: '@acme/shared', displayName: 'Imported' }, { qualifiedName: '@acme/fresh' }]));
      importRegistry(harness.platform.stores, file, { clock: createManualClock('2026-01-01T00:00:00Z') });
      for (const name of ['@acme/shared', '@acme/fresh']) {
        expect((await harness.call('PUT', `/servers/${name}`, { key: keyB, body: {} })).status).toBe(403);
        expect((await harness.call('PUT', `/servers/${name}`, { key: testApiKey, body: {} })).status).toBe(200);
      }
    } finally {
      await harness.close();
    }
  });

  it('migrates entries written before owners were kept: the authoring account keeps its entries, the rest go to the local account', async () => {
    const first = await startHarness('in-process');
    addAccount(first.platform, 'b', keyB);
    await first.call('PUT', '/servers/@acme/by-b', { key: keyB, body: {} });
    const { dataDir } = first;
    first.platform.close();
    // Back to the schema before migration 8 (owners) and the ones after it, as an older mcpsim left it.
    const db = new Database(join(dataDir, 'mcpsim.db'));
    db.exec('ALTER TABLE registry_servers DROP COLUMN owner_account');
    db.exec(
      'ALTER TABLE connections DROP COLUMN query_ciphertext; ALTER TABLE memory_worlds DROP COLUMN occurrences; ALTER TABLE memory_snapshots DROP COLUMN occurrences',
    );
    db.exec('ALTER TABLE memory_calls DROP COLUMN connection_id');
    db.exec('ALTER TABLE api_keys DROP COLUMN label');
    db.exec('ALTER TABLE memory_snapshots DROP COLUMN scope; ALTER TABLE memory_snapshots DROP COLUMN connection_id');
    db.exec('ALTER TABLE memory_calls DROP COLUMN cached_input_tokens');
    db.exec('ALTER TABLE mock_settings DROP COLUMN surface; ALTER TABLE mock_settings DROP COLUMN entities');
    db.exec('ALTER TABLE memory_calls DROP COLUMN logged_chars');
    db.exec('DROP TRIGGER memory_calls_drop_terms; DROP TABLE memory_call_terms; ALTER TABLE memory_calls DROP COLUMN terms_indexed');
    db.pragma('user_version = 7');
    db.close();
    const second = await startHarness('in-process', { dataDir });
    try {
      expect((await second.call('PUT', '/servers/@acme/by-b', { key: keyB, body: {} })).status).toBe(200);
      expect((await second.call('PUT', '/servers/@modelcontextprotocol/time', { key: keyB, body: {} })).status).toBe(403);
      expect((await second.call('PUT', '/servers/@acme/by-b', { key: testApiKey, body: {} })).status).toBe(403);
    } finally {
      await second.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
