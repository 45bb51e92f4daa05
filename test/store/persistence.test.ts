import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPlatform } from '../../src/platform/platform.js';
import { startHarness, testApiKey } from '../support/harness.js';

const dataDir = mkdtempSync(join(tmpdir(), 'mcpsim-persist-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Every byte the data directory holds (database, WAL, key file). */
function dataDirBytes(): string {
  return readdirSync(dataDir)
    .map((file) => readFileSync(join(dataDir, file)).toString('latin1'))
    .join('\n');
}

describe('data on disk', () => {
  const secret = 'ghp_SuperSecretToken123456789';

  it('keeps namespaces and connections across a restart', async () => {
    const first = await startHarness('socket', { dataDir });
    await first.call('PUT', '/namespaces/keep');
    const created = await first.call('PUT', '/connect/keep/c1', {
      body: { mcpUrl: 'https://keep.test/mcp', metadata: { a: 1 }, headers: { Authorization: secret } },
    });
    expect(created.status).toBe(201);
    // An update that says nothing of headers keeps them.
    expect((await first.call('PUT', '/connect/keep/c1', { body: { metadata: { a: 1 } } })).status).toBe(200);
    await first.close();

    const second = await startHarness('socket', { dataDir });
    const again = await second.call('GET', '/connect/keep/c1');
    expect(again.status).toBe(200);
    expect(again.body).toEqual(created.body);
    expect((await second.call('GET', '/namespaces')).body.namespaces.map((namespace: { name: string }) => namespace.name)).toEqual([
      'demo',
      'keep',
    ]);
    // The headers survived too, and still decrypt with the key file of this data directory.
    const namespaceId = second.platform.stores.namespaces.get(second.platform.stores.accounts.findLocal()!.id, 'keep')!.id;
    expect(second.platform.stores.connections.getHeaders(namespaceId, 'c1')).toEqual({ Authorization: secret });
    await second.close();
  });

  it('stores connection headers only encrypted, and the API key only as a hash', () => {
    const bytes = dataDirBytes();
    expect(bytes).not.toContain(secret);
    expect(bytes).not.toContain(testApiKey);
    expect(bytes).toContain('keep.test'); // the database itself is readable: the check above means something
  });

  it('does not create the demo namespace again once it was deleted', async () => {
    const first = createPlatform({ dataDir, apiKey: testApiKey });
    const headers = { authorization: `Bearer ${testApiKey}` };
    expect((await first.app.request('/namespaces/demo', { method: 'DELETE', headers })).status).toBe(200);
    first.close();
    const second = createPlatform({ dataDir, apiKey: testApiKey });
    const body = (await (await second.app.request('/namespaces', { headers })).json()) as { namespaces: { name: string }[] };
    expect(body.namespaces.map((namespace) => namespace.name)).toEqual(['keep']);
    second.close();
  });

  it('refuses to decrypt headers with the key of another data directory', () => {
    const platform = createPlatform({ dataDir, apiKey: testApiKey });
    const accountId = platform.stores.accounts.findLocal()!.id;
    const namespaceId = platform.stores.namespaces.get(accountId, 'keep')!.id;
    platform.close();
    // Same database file, wrong key: AES-GCM authentication fails instead of returning garbage.
    const keyFile = join(dataDir, 'secret.key');
    const original = readFileSync(keyFile);
    try {
      rmSync(keyFile);
      const reopened = createPlatform({ dataDir, apiKey: testApiKey });
      expect(() => reopened.stores.connections.getHeaders(namespaceId, 'c1')).toThrow(/unable to authenticate|auth/i);
      reopened.close();
    } finally {
      rmSync(keyFile, { force: true });
      writeFileSync(keyFile, original, { mode: 0o600 });
    }
  });
});
