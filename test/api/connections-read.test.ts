import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionListSchema, connectionSchema } from '../../src/api/schemas/connection-schemas.js';
import { doors, startHarness, type Harness } from '../support/harness.js';

describe.each(doors)('reading and deleting connections (%s)', (door) => {
  let harness: Harness;
  const namespace = 'reads';

  beforeAll(async () => {
    harness = await startHarness(door);
    await harness.call('PUT', `/namespaces/${namespace}`);
    const seeds = [
      { id: 'alpha', body: { mcpUrl: 'https://a.test/mcp', name: 'Alpha', metadata: { team: 'core', tier: 1, beta: true } } },
      { id: 'bravo', body: { mcpUrl: 'https://b.test/mcp', name: 'Bravo', metadata: { team: 'core', tier: '2' } } },
      { id: 'charlie', body: { mcpUrl: 'https://a.test/mcp', name: 'Charlie', metadata: { team: 'growth', 'user.id': 'u-1' } } },
      { id: 'delta', body: { mcpUrl: 'https://d.test/mcp', name: 'Alpha' } },
      { id: 'echo', body: { transport: 'uplink', name: 'Echo', metadata: { team: 'core', nested: { a: 1 } } } },
    ];
    for (const { id, body } of seeds) {
      harness.clock.advance(1000);
      expect((await harness.call('PUT', `/connect/${namespace}/${id}`, { body })).status).toBe(201);
    }
  });
  afterAll(() => harness.close());

  const list = async (query = '') => {
    const response = await harness.call('GET', `/connect/${namespace}${query}`);
    expect(response.status).toBe(200);
    connectionListSchema.parse(response.body);
    return response.body as { connections: { connectionId: string }[]; nextCursor: string | null };
  };
  const ids = (page: { connections: { connectionId: string }[] }) => page.connections.map((connection) => connection.connectionId);

  it('gets one connection by id', async () => {
    const response = await harness.call('GET', `/connect/${namespace}/alpha`);
    expect(response.status).toBe(200);
    expect(connectionSchema.parse(response.body)).toMatchObject({
      connectionId: 'alpha',
      name: 'Alpha',
      createdAt: '2026-01-01T00:00:01.000Z',
    });
  });

  it('returns 404 not_found for a connection that does not exist', async () => {
    const response = await harness.call('GET', `/connect/${namespace}/nope`);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'not_found', message: 'Connection "nope" not found in namespace "reads"' });
  });

  it('lists every connection oldest first, with nextCursor null at the end', async () => {
    const page = await list();
    expect(ids(page)).toEqual(['alpha', 'bravo', 'charlie', 'delta', 'echo']);
    expect(page.nextCursor).toBeNull();
  });

  it('pages with limit and cursor without repeating or dropping a connection', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Awaited<ReturnType<typeof list>> = await list(`?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      seen.push(...ids(page));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(seen).toEqual(['alpha', 'bravo', 'charlie', 'delta', 'echo']);
    expect(pages).toBe(3);
  });

  it('filters by exact name and exact mcpUrl', async () => {
    expect(ids(await list('?name=Alpha'))).toEqual(['alpha', 'delta']);
    expect(ids(await list('?name=alpha'))).toEqual([]);
    expect(ids(await list(`?mcpUrl=${encodeURIComponent('https://a.test/mcp')}`))).toEqual(['alpha', 'charlie']);
  });

  it('filters by metadata.{key} and metadata[key], AND-ing several keys', async () => {
    expect(ids(await list('?metadata.team=core'))).toEqual(['alpha', 'bravo', 'echo']);
    expect(ids(await list('?metadata%5Bteam%5D=growth'))).toEqual(['charlie']);
    expect(ids(await list('?metadata.team=core&metadata.tier=2'))).toEqual(['bravo']);
    expect(ids(await list('?metadata.user.id=u-1'))).toEqual(['charlie']);
  });

  it('compares non-string metadata values by their JSON text', async () => {
    expect(ids(await list('?metadata.tier=1'))).toEqual(['alpha']);
    expect(ids(await list('?metadata.beta=true'))).toEqual(['alpha']);
    expect(ids(await list(`?metadata.nested=${encodeURIComponent('{"a":1}')}`))).toEqual(['echo']);
  });

  it.each([
    ['?limit=0', 'limit: must be an integer from 1 to 100'],
    ['?limit=101', 'limit: must be an integer from 1 to 100'],
    ['?limit=ten', 'limit: must be an integer from 1 to 100'],
    ['?cursor=garbage', 'cursor: "garbage" is not a cursor returned by this API'],
    ['?metadata.=x', 'metadata.: metadata filter needs a key'],
  ])('rejects the query %s with 400 naming the parameter', async (query, message) => {
    const response = await harness.call('GET', `/connect/${namespace}${query}`);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'validation_error', message: expect.stringContaining(message) });
  });

  it('creates a connection with a generated readable id through POST', async () => {
    const response = await harness.call('POST', `/connect/${namespace}`, { body: { mcpUrl: 'https://p.test/mcp' } });
    expect(response.status).toBe(201);
    expect(response.body.connectionId).toMatch(/^[a-z]+-[a-z]+-[A-Za-z0-9]{4}$/);
    expect(response.body.name).toBe(response.body.connectionId);
    const again = await harness.call('GET', `/connect/${namespace}/${response.body.connectionId}`);
    expect(again.body).toEqual(response.body);
  });

  it('applies the create rules to POST, including an empty body', async () => {
    const response = await harness.call('POST', `/connect/${namespace}`);
    expect(response.status).toBe(400);
    expect(response.body.message).toContain('one of server or mcpUrl is required');
  });

  it('deletes a connection, after which it is gone', async () => {
    await harness.call('PUT', `/connect/${namespace}/doomed`, { body: { mcpUrl: 'https://z.test/mcp' } });
    const deleted = await harness.call('DELETE', `/connect/${namespace}/doomed`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ success: true });
    expect((await harness.call('GET', `/connect/${namespace}/doomed`)).status).toBe(404);
    const again = await harness.call('DELETE', `/connect/${namespace}/doomed`);
    expect(again.status).toBe(404);
  });

  it('answers 404 for every connection route of a missing namespace', async () => {
    for (const [method, path] of [
      ['GET', '/connect/ghost'],
      ['POST', '/connect/ghost'],
      ['GET', '/connect/ghost/x'],
      ['DELETE', '/connect/ghost/x'],
    ] as const) {
      const response = await harness.call(method, path, method === 'POST' ? { body: { mcpUrl: 'https://x.test/mcp' } } : {});
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.body).toEqual({ error: 'not_found', message: 'Namespace "ghost" not found or access denied' });
    }
  });
});
