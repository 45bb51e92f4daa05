import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namespaceListSchema, namespaceSchema } from '../../src/api/schemas/connection-schemas.js';
import { addAccount } from '../support/accounts.js';
import { doors, startHarness, type Harness } from '../support/harness.js';

describe.each(doors)('namespaces (%s)', (door) => {
  let harness: Harness;
  const otherKey = 'other-account-key-42';

  beforeAll(async () => {
    harness = await startHarness(door);
    addAccount(harness.platform, 'other', otherKey);
  });
  afterAll(() => harness.close());

  it('has the demo namespace after first start', async () => {
    const response = await harness.call('GET', '/namespaces');
    expect(response.status).toBe(200);
    expect(namespaceListSchema.parse(response.body).namespaces).toEqual([{ name: 'demo', createdAt: '2026-01-01T00:00:00.000Z' }]);
  });

  it('creates a named namespace with 201, then answers 200 for the same name (idempotent)', async () => {
    const created = await harness.call('PUT', '/namespaces/team-a');
    expect(created.status).toBe(201);
    expect(namespaceSchema.parse(created.body)).toEqual({ name: 'team-a', createdAt: '2026-01-01T00:00:00.000Z' });
    harness.clock.advance(5000);
    const again = await harness.call('PUT', '/namespaces/team-a');
    expect(again.status).toBe(200);
    expect(again.body).toEqual(created.body);
  });

  it('creates a namespace with a generated readable name through POST', async () => {
    const response = await harness.call('POST', '/namespaces');
    expect(response.status).toBe(201);
    expect(response.body.name).toMatch(/^[a-z]+-[a-z]+-[A-Za-z0-9]{4}$/);
    expect((await harness.call('GET', '/namespaces')).body.namespaces.map((namespace: { name: string }) => namespace.name)).toContain(
      response.body.name,
    );
  });

  it('rejects a name that breaks the pattern with 400', async () => {
    const response = await harness.call('PUT', `/namespaces/${encodeURIComponent('has space')}`);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'validation_error', message: expect.stringContaining('name: must match') });
  });

  it('deletes a namespace together with its connections', async () => {
    await harness.call('PUT', '/namespaces/short-lived');
    await harness.call('PUT', '/connect/short-lived/c1', { body: { mcpUrl: 'https://x.test/mcp' } });
    const deleted = await harness.call('DELETE', '/namespaces/short-lived');
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ name: 'short-lived', success: true });
    expect((await harness.call('GET', '/connect/short-lived/c1')).status).toBe(404);
    await harness.call('PUT', '/namespaces/short-lived');
    expect((await harness.call('GET', '/connect/short-lived')).body.connections).toEqual([]);
    expect((await harness.call('DELETE', '/namespaces/never-was')).status).toBe(404);
  });

  it('pages the list with page and pageSize, ending with an empty page', async () => {
    const all = (await harness.call('GET', '/namespaces')).body.namespaces;
    const first = await harness.call('GET', '/namespaces?page=1&pageSize=1');
    expect(first.body.namespaces).toEqual(all.slice(0, 1));
    const beyond = await harness.call('GET', `/namespaces?page=${all.length + 1}&pageSize=1`);
    expect(beyond.body.namespaces).toEqual([]);
    expect((await harness.call('GET', '/namespaces?page=0')).status).toBe(400);
  });

  it("reports another account's namespace exactly like a missing one", async () => {
    const asOther = { key: otherKey };
    expect((await harness.call('GET', '/namespaces', asOther)).body.namespaces).toEqual([]);
    const foreign = await harness.call('GET', '/connect/demo', asOther);
    const missing = await harness.call('GET', '/connect/absent', asOther);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ error: 'not_found', message: 'Namespace "demo" not found or access denied' });
    expect(missing.body.message).toBe('Namespace "absent" not found or access denied');
    expect((await harness.call('PUT', '/connect/demo/x', { ...asOther, body: { mcpUrl: 'https://x.test/mcp' } })).status).toBe(404);
    expect((await harness.call('DELETE', '/namespaces/demo', asOther)).status).toBe(404);
  });

  it('lets two accounts own namespaces of the same name without seeing each other', async () => {
    const mine = await harness.call('PUT', '/connect/demo/mine', { body: { mcpUrl: 'https://mine.test/mcp' } });
    expect(mine.status).toBe(201);
    expect((await harness.call('PUT', '/namespaces/demo', { key: otherKey })).status).toBe(201);
    expect((await harness.call('GET', '/connect/demo/mine', { key: otherKey })).status).toBe(404);
    expect((await harness.call('GET', '/connect/demo/mine')).status).toBe(200);
  });
});
