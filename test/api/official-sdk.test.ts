/**
 * The official client `@smithery/api` against mcpsim over a real socket, configured the way a user
 * would: only through SMITHERY_BASE_URL, SMITHERY_CONNECT_BASE_URL and SMITHERY_API_KEY.
 */
import Smithery, { APIError, AuthenticationError, ConflictError, NotFoundError } from '@smithery/api';
import type { Connection } from '@smithery/api/resources/connections/connections';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RegistryEntry } from '../../src/domain/registry.js';
import { startHarness, testApiKey, testStart, type Harness } from '../support/harness.js';
import { useSmitheryEnvironment } from '../support/sdk-environment.js';

/** A registry server of our own, so these tests do not depend on what `catalog/` ships. */
const echoServer: RegistryEntry = {
  id: '5d0f4c3e-8a59-4c1c-9c7e-0f6b8f1d2a11',
  qualifiedName: '@sdk-test/echo',
  namespace: 'sdk-test',
  slug: 'echo',
  displayName: 'Echo',
  description: 'Echoes its input back',
  iconUrl: 'https://example.com/echo.png',
  verified: true,
  useCount: 1,
  remote: true,
  isDeployed: true,
  createdAt: '2025-06-01T00:00:00.000Z',
  homepage: 'https://example.com/echo',
  byPlatform: false,
  owner: 'sdk-test',
  repoOwner: null,
  repoName: null,
  remoteUrl: null,
  deploymentUrl: 'https://echo.example.com/mcp',
  serverInfo: { name: 'echo-server', version: '1.2.3' },
  config: {},
  tools: [{ name: 'echo', description: 'Echo the text', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } }],
  resources: [],
  prompts: [],
  quality: 0.5,
  security: null,
};

const readableId = /^[a-z]+-[a-z]+-[A-Za-z0-9]{4}$/;
/** Exactly the fields the platform allows on a connection (docs/api.md). */
const connectionFields = [
  'connectionId',
  'name',
  'transport',
  'mcpUrl',
  'metadata',
  'mock',
  'iconUrl',
  'createdAt',
  'status',
  'serverInfo',
];

let harness: Harness;
let restoreEnvironment: () => void = () => {};
/** Every request the SDK sent through `countingFetch`. */
let requests: { method: string; url: URL }[] = [];

async function countingFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const request = new Request(input, init);
  requests.push({ method: request.method, url: new URL(request.url) });
  return fetch(request, { signal: AbortSignal.timeout(10_000) });
}

/** A client configured by the environment only; the counting `fetch` is the one option passed in code. */
function createClient(): Smithery {
  return new Smithery({ fetch: countingFetch });
}

function expectPlatformFields(connection: Connection): void {
  for (const key of Object.keys(connection)) expect(connectionFields, `unexpected field "${key}"`).toContain(key);
  expect(connection).not.toHaveProperty('headers');
}

beforeAll(async () => {
  harness = await startHarness('socket');
  harness.platform.stores.registry.upsert([echoServer]);
  restoreEnvironment = useSmitheryEnvironment(harness);
});

afterAll(async () => {
  restoreEnvironment();
  await harness?.close();
});

beforeEach(() => {
  requests = [];
});

afterEach(() => {
  expect(harness.logged, 'the server logged unexpected errors').toEqual([]);
});

describe('the official SDK (@smithery/api) against mcpsim', () => {
  it('sends every request to the base URLs taken from the environment, with the API key', async () => {
    const client = createClient();
    await client.namespaces.set('env-check');
    await client.connections.list('env-check');
    expect(requests.map(({ method, url }) => `${method} ${url.origin}${url.pathname}`)).toEqual([
      `PUT ${harness.baseUrl}/namespaces/env-check`,
      `GET ${harness.baseUrl}/connect/env-check`,
    ]);
  });

  describe('namespaces', () => {
    it('creates a named namespace idempotently, lists it, and deletes it', async () => {
      const client = createClient();
      const created = await client.namespaces.set('team-a').withResponse();
      expect(created.response.status).toBe(201);
      expect(created.data).toEqual({ name: 'team-a', createdAt: testStart });
      const again = await client.namespaces.set('team-a').withResponse();
      expect(again.response.status).toBe(200);
      expect(again.data).toEqual({ name: 'team-a', createdAt: testStart });

      const page = await client.namespaces.list();
      expect(page.namespaces.map((namespace) => namespace.name)).toEqual(expect.arrayContaining(['demo', 'team-a']));

      expect(await client.namespaces.delete('team-a')).toEqual({ name: 'team-a', success: true });
      const after = await client.namespaces.list();
      expect(after.namespaces.map((namespace) => namespace.name)).not.toContain('team-a');
    });

    it('creates a namespace with a generated readable name', async () => {
      const client = createClient();
      const created = await client.namespaces.create();
      expect(created.name).toMatch(readableId);
      expect(created.createdAt).toBe(testStart);
      const page = await client.namespaces.list();
      expect(page.namespaces.map((namespace) => namespace.name)).toContain(created.name);
      await client.namespaces.delete(created.name);
    });

    it('stops auto-paginating namespaces after the last one', async () => {
      const client = createClient();
      await client.namespaces.set('iter-one');
      const direct = (await client.namespaces.list()).namespaces.map((namespace) => namespace.name);
      requests = [];
      const iterated: string[] = [];
      const deadline = Date.now() + 10_000;
      for await (const namespace of client.namespaces.list()) {
        iterated.push(namespace.name);
        if (iterated.length > 1_000 || Date.now() > deadline) throw new Error(`iteration did not end: ${iterated.length} items so far`);
      }
      expect(iterated).toEqual(direct);
      expect(requests.length).toBeLessThanOrEqual(3);
    });

    // Without pageSize, page 1 has every namespace and page 2 is empty, so the iterator stops.
    describe('with more than 100 namespaces', () => {
      const names = Array.from({ length: 105 }, (_, index) => `many-${String(index).padStart(3, '0')}`);
      const iterated: string[] = [];

      beforeAll(async () => {
        const client = createClient();
        for (const name of names) await client.namespaces.set(name);
        for await (const namespace of client.namespaces.list()) {
          iterated.push(namespace.name);
          if (iterated.length > 1_000) break;
        }
        for (const name of names) await client.namespaces.delete(name);
      });

      it('yields each namespace once when auto-paginating', () => {
        expect(iterated.filter((name) => name.startsWith('many-'))).toEqual(names);
        expect(new Set(iterated).size).toBe(iterated.length);
      });
    });

    it('reports a missing namespace as NotFoundError', async () => {
      const client = createClient();
      const error = await client.namespaces.delete('no-such-namespace').catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(NotFoundError);
      expect((error as NotFoundError).status).toBe(404);
      expect((error as NotFoundError).error).toEqual({ error: 'not_found', message: expect.stringContaining('no-such-namespace') });
    });
  });

  describe('connections', () => {
    const namespace = 'sdk-connections';

    beforeAll(async () => {
      await createClient().namespaces.set(namespace);
    });

    it('creates an http connection with set, returning a typed Connection without headers or mock', async () => {
      const client = createClient();
      const { data, response } = await client.connections
        .set('custom', {
          namespace,
          mcpUrl: 'https://a.example.com/mcp',
          name: 'Custom',
          metadata: { team: 'core' },
          headers: { authorization: 'Bearer upstream-secret' },
        })
        .withResponse();
      expect(response.status).toBe(201);
      expect(data).toEqual({
        connectionId: 'custom',
        name: 'Custom',
        transport: 'http',
        mcpUrl: 'https://a.example.com/mcp',
        metadata: { team: 'core' },
        iconUrl: null,
        createdAt: testStart,
        // Probed on create: a.example.com serves no MCP server here.
        status: { state: 'error', message: expect.stringContaining('a.example.com') },
      });
      expectPlatformFields(data);
      expect(JSON.stringify(data)).not.toContain('upstream-secret');
    });

    it('updates the connection with set, keeping its target and creation time', async () => {
      const client = createClient();
      await client.connections.set('updated', { namespace, mcpUrl: 'https://b.example.com/mcp', metadata: { team: 'web' } });
      harness.clock.advance(60_000);
      const { data, response } = await client.connections
        .set('updated', { namespace, name: 'Renamed', metadata: { team: 'web', tier: 2 } })
        .withResponse();
      expect(response.status).toBe(200);
      expect(data.name).toBe('Renamed');
      expect(data.mcpUrl).toBe('https://b.example.com/mcp');
      expect(data.metadata).toEqual({ team: 'web', tier: 2 });
      expect(data.createdAt).toBe(testStart);
      expect(data.status).toEqual({ state: 'error', message: expect.stringContaining('b.example.com') });
      expectPlatformFields(data);
    });

    it('creates a mock connection of a registry server that reports mock, serverInfo and connected', async () => {
      const client = createClient();
      const data = await client.connections.set('echo', {
        namespace,
        server: '@sdk-test/echo',
        mock: { enabled: true, scenario: 'Always echo in capitals.' },
      });
      expect(data).toEqual({
        connectionId: 'echo',
        name: 'echo',
        transport: 'http',
        mcpUrl: 'https://echo.example.com/mcp',
        metadata: null,
        mock: { enabled: true, scenario: 'Always echo in capitals.' },
        iconUrl: 'https://example.com/echo.png',
        createdAt: expect.any(String),
        status: { state: 'connected' },
        serverInfo: { name: 'echo-server', version: '1.2.3' },
      });
      expectPlatformFields(data);
      const fetched = await client.connections.get('echo', { namespace });
      expect(fetched.mock).toEqual({ enabled: true, scenario: 'Always echo in capitals.' });
    });

    it('leaves mock out of a registry connection created without mock', async () => {
      const client = createClient();
      const data = await client.connections.set('echo-real', { namespace, server: 'sdk-test/echo', mock: { enabled: false } });
      expect(data).not.toHaveProperty('mock');
      expect(data.mcpUrl).toBe('https://echo.example.com/mcp');
      expectPlatformFields(data);
    });

    it('gets a connection with exactly the fields that set returned', async () => {
      const client = createClient();
      const created = await client.connections.set('fetched', {
        namespace,
        mcpUrl: 'https://c.example.com/mcp',
        headers: { 'x-api-key': 'never-returned' },
      });
      const fetched = await client.connections.get('fetched', { namespace });
      expect(fetched).toEqual(created);
      expectPlatformFields(fetched);
      expect(JSON.stringify(fetched)).not.toContain('never-returned');
    });

    it('creates a connection with a generated readable id', async () => {
      const client = createClient();
      const { data, response } = await client.connections
        .create(namespace, { mcpUrl: 'https://d.example.com/mcp', name: 'Generated' })
        .withResponse();
      expect(response.status).toBe(201);
      expect(data.connectionId).toMatch(readableId);
      expect(data.name).toBe('Generated');
      expectPlatformFields(data);
      expect((await client.connections.get(data.connectionId, { namespace })).mcpUrl).toBe('https://d.example.com/mcp');
    });

    it('deletes a connection, after which get reports NotFoundError', async () => {
      const client = createClient();
      await client.connections.set('doomed', { namespace, mcpUrl: 'https://e.example.com/mcp' });
      expect(await client.connections.delete('doomed', { namespace })).toEqual({ success: true });
      const error = await client.connections.get('doomed', { namespace }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(NotFoundError);
      expect((error as NotFoundError).message).toContain('doomed');
    });

    it('surfaces a changed target URL as ConflictError without retrying', async () => {
      const client = createClient();
      await client.connections.set('pinned', { namespace, mcpUrl: 'https://a.example.com/mcp' });
      requests = [];
      const error = await client.connections
        .set('pinned', { namespace, mcpUrl: 'https://b.example.com/mcp' })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ConflictError);
      expect(error).toBeInstanceOf(APIError);
      expect((error as ConflictError).status).toBe(409);
      expect((error as ConflictError).headers?.get('x-should-retry')).toBe('false');
      expect((error as ConflictError).error).toEqual({ error: 'conflict', message: expect.stringContaining('https://a.example.com/mcp') });
      expect(requests.map(({ method, url }) => `${method} ${url.pathname}`)).toEqual([`PUT /connect/${namespace}/pinned`]);
      expect((await client.connections.get('pinned', { namespace })).mcpUrl).toBe('https://a.example.com/mcp');
    });

    it('reports connections of a missing namespace as NotFoundError', async () => {
      const client = createClient();
      const error = await client.connections.list('missing-namespace').catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(NotFoundError);
      expect((error as NotFoundError).status).toBe(404);
      expect(requests).toHaveLength(1);
    });
  });

  describe('connection lists', () => {
    const namespace = 'sdk-lists';
    const ids = ['list-1', 'list-2', 'list-3', 'list-4', 'list-5'];

    beforeAll(async () => {
      const client = createClient();
      await client.namespaces.set(namespace);
      for (const [index, id] of ids.entries()) {
        await client.connections.set(id, {
          namespace,
          mcpUrl: `https://${id}.example.com/mcp`,
          name: index % 2 === 0 ? 'Even' : 'Odd',
          metadata: { team: index < 2 ? 'core' : 'web' },
        });
      }
    });

    it('pages through connections with limit and cursor, oldest first, ending with a null cursor', async () => {
      const client = createClient();
      const seen: string[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 10; page++) {
        const result = await client.connections.list(namespace, { limit: 2, ...(cursor === undefined ? {} : { cursor }) });
        expect(result.connections.length).toBeLessThanOrEqual(2);
        for (const connection of result.connections) expectPlatformFields(connection);
        seen.push(...result.connections.map((connection) => connection.connectionId));
        if (result.nextCursor === null) break;
        cursor = result.nextCursor;
      }
      expect(seen).toEqual(ids);
      expect(requests.map(({ url }) => url.searchParams.get('limit'))).toEqual(['2', '2', '2']);
    });

    it('filters connections by a metadata key passed as a metadata.team query parameter', async () => {
      const client = createClient();
      // Not in the SDK's typed params, but the SDK sends any extra query key as is.
      const query = { limit: 100, 'metadata.team': 'core' };
      const result = await client.connections.list(namespace, query);
      expect(result.connections.map((connection) => connection.connectionId)).toEqual(['list-1', 'list-2']);
      expect(result.nextCursor).toBeNull();
      expect(requests.at(-1)?.url.searchParams.get('metadata.team')).toBe('core');
    });

    it('filters connections by exact name', async () => {
      const client = createClient();
      const result = await client.connections.list(namespace, { name: 'Odd' });
      expect(result.connections.map((connection) => connection.connectionId)).toEqual(['list-2', 'list-4']);
    });
  });

  describe('authentication', () => {
    it('reports a wrong API key as AuthenticationError after a single request', async () => {
      process.env.SMITHERY_API_KEY = 'wrong-key-0123456789';
      let client: Smithery;
      try {
        client = createClient();
      } finally {
        process.env.SMITHERY_API_KEY = testApiKey;
      }
      const error = await client.connections.list('demo').catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AuthenticationError);
      expect((error as AuthenticationError).status).toBe(401);
      expect((error as AuthenticationError).error).toEqual({ error: 'unauthorized', message: 'Invalid API key' });
      expect(requests).toHaveLength(1);
      expect(requests[0]?.url.pathname).toBe('/connect/demo');
    });
  });
});
