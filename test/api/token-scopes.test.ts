/**
 * Scopes of service tokens, enforced by the server: one table-driven test per combination rule,
 * one test per row of the platform's operation table, and the metadata rules of docs/decisions.md,
 * "Service tokens" (lists filtered, hidden connections as 404, writes that must match).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkOperationAccess, type Caller } from '../../src/api/http/access.js';
import type { Operation } from '../../src/api/http/operation.js';
import { accessOperations, resources, type AccessOperation, type Resource } from '../../src/domain/policy.js';
import { isApiError } from '../../src/errors.js';
import { addAccount } from '../support/accounts.js';
import { doors, startHarness, testStart, type Harness } from '../support/harness.js';
import { ids, mint, seedConnections } from '../support/tokens.js';

interface Case {
  method: string;
  path: string;
  body?: unknown;
  status: number;
}

/** The same world for every rule: ns-a with five connections of varied metadata, ns-b with one. */
async function seedWorld(harness: Harness): Promise<void> {
  await seedConnections(harness, 'ns-a', {
    a1: { team: 'a', env: 'prod' },
    a2: { team: 'a', env: 'dev' },
    b1: { team: 'b', env: 'prod' },
    n1: null,
    p1: { priority: 1, flag: true },
  });
  await seedConnections(harness, 'ns-b', { b2: { team: 'b' } });
}

/** An update that changes nothing (same URL, no metadata: the stored metadata stays). */
const unchanged = (id: string) => ({ mcpUrl: `https://${id}.test/mcp` });

describe.each(doors)('the token combination rules of the platform, one table each (%s)', (door) => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness(door);
    await seedWorld(harness);
  });
  afterAll(() => harness.close());

  async function expectTable(rows: [policy: unknown[], cases: Case[]][]): Promise<void> {
    for (const [policy, cases] of rows) {
      const token = await mint(harness, policy);
      for (const { method, path, body, status } of cases) {
        const response = await harness.call(method, path, { key: token, ...(body === undefined ? {} : { body }) });
        expect(response.status, `${JSON.stringify(policy)}: ${method} ${path} -> ${JSON.stringify(response.body)}`).toBe(status);
      }
    }
  }

  it('rule 1: every field present in a constraint must match (AND)', async () => {
    await expectTable([
      [
        [{ resources: 'connections', operations: 'read', namespaces: 'ns-a' }],
        [
          { method: 'GET', path: '/connect/ns-a/a1', status: 200 },
          { method: 'GET', path: '/connect/ns-a', status: 200 },
          { method: 'PUT', path: '/connect/ns-a/a1', body: unchanged('a1'), status: 403 },
          { method: 'DELETE', path: '/connect/ns-a/a1', status: 403 },
          { method: 'GET', path: '/connect/ns-b/b2', status: 403 },
          { method: 'GET', path: '/namespaces', status: 403 },
        ],
      ],
      [
        [{ resources: 'connections', operations: 'read', metadata: { team: 'a' } }],
        [
          { method: 'GET', path: '/connect/ns-a/a1', status: 200 },
          { method: 'GET', path: '/connect/ns-a/b1', status: 404 },
          { method: 'PUT', path: '/connect/ns-a/a1', body: unchanged('a1'), status: 403 },
        ],
      ],
    ]);
  });

  it('rule 2: any element of a list may match (OR)', async () => {
    await expectTable([
      [
        [{ resources: 'connections', operations: ['read', 'write'], namespaces: ['ns-a', 'ns-b'] }],
        [
          { method: 'GET', path: '/connect/ns-a/a1', status: 200 },
          { method: 'GET', path: '/connect/ns-b/b2', status: 200 },
          { method: 'PUT', path: '/connect/ns-b/b2', body: unchanged('b2'), status: 200 },
          { method: 'GET', path: '/connect/demo/github', status: 403 },
        ],
      ],
      [
        [{ metadata: [{ team: 'a' }, { team: 'b' }] }],
        [
          { method: 'GET', path: '/connect/ns-a/a1', status: 200 },
          { method: 'GET', path: '/connect/ns-a/b1', status: 200 },
          { method: 'GET', path: '/connect/ns-a/n1', status: 404 },
          { method: 'GET', path: '/connect/ns-a/p1', status: 404 },
        ],
      ],
      [
        [{ resources: ['namespaces', 'connections'], operations: 'read' }],
        [
          { method: 'GET', path: '/namespaces', status: 200 },
          { method: 'GET', path: '/connect/ns-a/a1', status: 200 },
          { method: 'PUT', path: '/namespaces/ns-a', status: 403 },
        ],
      ],
    ]);
  });

  it('rule 3: all keys of one metadata map must equal the connection metadata (AND), non-strings by their JSON text', async () => {
    await expectTable([
      [
        [{ metadata: { team: 'a', env: 'prod' } }],
        [
          { method: 'GET', path: '/connect/ns-a/a1', status: 200 },
          { method: 'GET', path: '/connect/ns-a/a2', status: 404 },
          { method: 'GET', path: '/connect/ns-a/b1', status: 404 },
          { method: 'GET', path: '/connect/ns-a/n1', status: 404 },
        ],
      ],
      [
        [{ metadata: { priority: '1', flag: 'true' } }],
        [
          { method: 'GET', path: '/connect/ns-a/p1', status: 200 },
          { method: 'GET', path: '/connect/ns-a/a1', status: 404 },
        ],
      ],
    ]);
  });

  it('rule 4: the constraints of a policy are independent grants (OR)', async () => {
    await expectTable([
      [
        [
          { resources: 'namespaces', operations: 'read' },
          { resources: 'connections', operations: 'read', metadata: { team: 'b' } },
        ],
        [
          { method: 'GET', path: '/namespaces', status: 200 },
          { method: 'GET', path: '/connect/ns-a/b1', status: 200 },
          { method: 'GET', path: '/connect/ns-b/b2', status: 200 },
          { method: 'GET', path: '/connect/ns-a/a1', status: 404 },
          { method: 'PUT', path: '/namespaces/ns-new', status: 403 },
          { method: 'PUT', path: '/connect/ns-a/b1', body: unchanged('b1'), status: 403 },
        ],
      ],
    ]);
  });

  it('rule 5: a field left out places no restriction on its dimension', async () => {
    await expectTable([
      [
        [{ resources: 'connections' }],
        [
          { method: 'GET', path: '/connect/ns-a/a1', status: 200 },
          { method: 'GET', path: '/connect/ns-b/b2', status: 200 },
          { method: 'PUT', path: '/connect/ns-a/a1', body: unchanged('a1'), status: 200 },
          { method: 'DELETE', path: '/connect/ns-a/missing', status: 404 },
          { method: 'GET', path: '/namespaces', status: 403 },
        ],
      ],
      [
        [{ namespaces: 'ns-b' }],
        [
          { method: 'PUT', path: '/namespaces/ns-b', status: 200 },
          { method: 'GET', path: '/connect/ns-b', status: 200 },
          { method: 'PUT', path: '/connect/ns-b/b2', body: unchanged('b2'), status: 200 },
          { method: 'GET', path: '/connect/ns-a', status: 403 },
          { method: 'POST', path: '/namespaces', status: 403 },
        ],
      ],
      [
        [{ operations: 'read' }],
        [
          { method: 'GET', path: '/connect/ns-a/a1', status: 200 },
          { method: 'GET', path: '/namespaces', status: 200 },
          { method: 'PUT', path: '/connect/ns-a/a1', body: unchanged('a1'), status: 403 },
        ],
      ],
    ]);
  });

  it('rule 6: metadata constraints are enforced by the server: a restricted token sees and uses only matching connections', async () => {
    const token = await mint(harness, [{ metadata: { team: 'a' } }]);
    const as = (method: string, path: string, body?: unknown) =>
      harness.call(method, path, { key: token, ...(body === undefined ? {} : { body }) });
    const rows: [string, () => Promise<unknown>][] = [
      ['lists only matching connections', async () => expect(ids((await as('GET', '/connect/ns-a')).body)).toEqual(['a1', 'a2'])],
      [
        'filters on top of a query filter',
        async () => expect(ids((await as('GET', '/connect/ns-a?metadata.env=prod')).body)).toEqual(['a1']),
      ],
      [
        'lists nothing where nothing matches',
        async () => expect((await as('GET', '/connect/ns-a?metadata.team=b')).body).toEqual({ connections: [], nextCursor: null }),
      ],
      [
        'answers a direct read of another connection exactly as a missing one',
        async () => {
          const hidden = await as('GET', '/connect/ns-a/b1');
          const missing = await harness.call('GET', '/connect/ns-a/b1-missing');
          expect(hidden.status).toBe(404);
          expect(hidden.body).toEqual({ error: 'not_found', message: 'Connection "b1" not found in namespace "ns-a"' });
          expect(missing.body.message).toBe('Connection "b1-missing" not found in namespace "ns-a"');
          expect([...hidden.headers.keys()].sort()).toEqual([...missing.headers.keys()].sort());
        },
      ],
      ['deletes another connection as a missing one (404)', async () => expect((await as('DELETE', '/connect/ns-a/b1')).status).toBe(404)],
      [
        'refuses to update another connection (403), even with a different URL (no 409 leak)',
        async () => {
          expect((await as('PUT', '/connect/ns-a/b1', unchanged('b1'))).status).toBe(403);
          const moved = await as('PUT', '/connect/ns-a/b1', { mcpUrl: 'https://elsewhere.test/mcp', metadata: { team: 'a' } });
          expect(moved.body).toEqual({ error: 'forbidden', message: 'Missing required permission: connections:write' });
        },
      ],
      [
        'refuses to create a connection whose metadata does not match (403)',
        async () => {
          expect((await as('PUT', '/connect/ns-a/new-b', { mcpUrl: 'https://x.test/mcp', metadata: { team: 'b' } })).status).toBe(403);
          expect((await as('PUT', '/connect/ns-a/new-none', { mcpUrl: 'https://x.test/mcp' })).status).toBe(403);
          expect((await as('POST', '/connect/ns-a', { mcpUrl: 'https://x.test/mcp', metadata: { team: 'b' } })).status).toBe(403);
          expect((await harness.call('GET', '/connect/ns-a/new-b')).status).toBe(404);
        },
      ],
      [
        'creates a connection whose metadata matches (201)',
        async () => {
          expect((await as('PUT', '/connect/ns-a/new-a', { mcpUrl: 'https://x.test/mcp', metadata: { team: 'a', extra: 1 } })).status).toBe(
            201,
          );
          const posted = await as('POST', '/connect/ns-a', { mcpUrl: 'https://x.test/mcp', metadata: { team: 'a' } });
          expect(posted.status).toBe(201);
          expect((await as('DELETE', `/connect/ns-a/${posted.body.connectionId}`)).status).toBe(200);
          expect((await as('DELETE', '/connect/ns-a/new-a')).status).toBe(200);
        },
      ],
      [
        'refuses an update that would move a connection out of its scope, and leaves it as it was',
        async () => {
          const moved = await as('PUT', '/connect/ns-a/a2', { metadata: { team: 'b' } });
          expect(moved.body).toEqual({ error: 'forbidden', message: 'Missing required permission: connections:write' });
          expect((await harness.call('GET', '/connect/ns-a/a2')).body.metadata).toEqual({ team: 'a', env: 'dev' });
        },
      ],
      ['matches no namespace operation', async () => expect((await as('GET', '/namespaces')).status).toBe(403)],
    ];
    for (const [title, check] of rows) {
      try {
        await check();
      } catch (error) {
        throw new Error(`rule 6, "${title}": ${(error as Error).message}`, { cause: error });
      }
    }
  });

  it('rule 7: tokens expire after their ttl (shortest wins, default 1 h, at most 24 h)', async () => {
    const minute = 60_000;
    const rows: [policy: unknown[] | undefined, expiresAfterMs: number][] = [
      [undefined, 60 * minute],
      [[{ ttl: '30m' }], 30 * minute],
      [[{ ttl: 45 }, { ttl: '1h', resources: 'namespaces' }], 45_000],
      [[{ ttl: '24h' }], 24 * 60 * minute],
    ];
    try {
      for (const [policy, expiresAfterMs] of rows) {
        harness.clock.set(testStart);
        const token = await mint(harness, policy);
        harness.clock.set(new Date(Date.parse(testStart) + expiresAfterMs - 1));
        expect((await harness.call('GET', '/namespaces', { key: token })).status, `${JSON.stringify(policy)} just before`).toBe(200);
        harness.clock.set(new Date(Date.parse(testStart) + expiresAfterMs));
        const expired = await harness.call('GET', '/namespaces', { key: token });
        expect(expired.status, `${JSON.stringify(policy)} at expiry`).toBe(401);
        expect(expired.body.message).toMatch(/^Token expired at /);
      }
      const tooLong = await harness.call('POST', '/tokens', { body: { policy: [{ ttl: '25h' }] } });
      expect(tooLong.status).toBe(400);
    } finally {
      harness.clock.set(testStart);
    }
  });
});

/** The rows of the platform's operations per resource (servers and namespaces: read, write; docs/api.md). */
const operationTable: {
  resource: Resource;
  operations: AccessOperation[];
  meaning: string;
  routes: Partial<Record<AccessOperation, string[]>>;
}[] = [
  {
    resource: 'connections',
    operations: ['read'],
    meaning: 'List and get connections',
    routes: { read: ['GET /connect/{namespace}', 'GET /connect/{namespace}/{connectionId}'] },
  },
  {
    resource: 'connections',
    operations: ['write'],
    meaning: 'Create and delete connections',
    routes: {
      write: ['POST /connect/{namespace}', 'PUT /connect/{namespace}/{connectionId}', 'DELETE /connect/{namespace}/{connectionId}'],
    },
  },
  // Tool calls and the MCP endpoint are not served yet: the gate is checked, and every route that declares execute.
  { resource: 'connections', operations: ['execute'], meaning: 'Call MCP tools through a connection', routes: {} },
  // The registry routes come with the registry work: the gate is checked, and every route that declares these.
  { resource: 'servers', operations: ['read', 'write'], meaning: 'Server metadata and configuration', routes: {} },
  {
    resource: 'namespaces',
    operations: ['read', 'write'],
    meaning: 'Namespace management',
    routes: { read: ['GET /namespaces'], write: ['POST /namespaces', 'PUT /namespaces/{name}', 'DELETE /namespaces/{name}'] },
  },
];

const sampleParams: Record<string, string> = { namespace: 'ns-a', connectionId: 'a1', name: 'probe-ns', qualifiedName: '@test/tracker' };
const fill = (path: string) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(sampleParams[name] ?? 'x')
      .replace('%40', '@')
      .replace('%2F', '/'),
  );
const routeName = (operation: Operation) => `${operation.method} ${operation.path}`;

describe.each(doors)('the operation table of the platform, one test per row (%s)', (door) => {
  let harness: Harness;
  let operations: readonly Operation[];
  beforeEach(async () => {
    harness = await startHarness(door);
    await seedWorld(harness);
    operations = harness.platform.operations;
  });
  afterEach(() => harness.close());

  it.each(operationTable)('$resource $operations: $meaning', async ({ resource, operations: rowOperations, routes }) => {
    for (const operation of rowOperations) {
      const declared = operations.filter(
        (candidate) =>
          typeof candidate.permission === 'object' &&
          candidate.permission.resource === resource &&
          candidate.permission.operation === operation,
      );
      expect(declared.map(routeName)).toEqual(expect.arrayContaining(routes[operation] ?? []));
      // The gate itself, for a request in a namespace.
      const token = (chain: Caller['chain']): Caller => ({
        account: { id: 'acct', name: 'a', isLocal: true, createdAt: testStart },
        chain,
        credential: 'service_token',
        expiresAt: null,
      });
      const refused = (chain: Caller['chain']) => {
        try {
          checkOperationAccess(token(chain), { resource, operation }, { namespace: 'ns-a' });
          return null;
        } catch (error) {
          return isApiError(error) ? `${error.status} ${error.message}` : String(error);
        }
      };
      const exactly = [{ resources: [resource], operations: [operation] }];
      const allButThis = [
        { resources: resources.filter((other) => other !== resource) },
        { resources: [resource], operations: accessOperations.filter((other) => other !== operation) },
      ];
      expect(refused([exactly])).toBeNull();
      expect(refused([allButThis])).toBe(`403 Missing required permission: ${resource}:${operation}`);

      // Over HTTP, on every route that declares this permission.
      const granted = await mint(harness, exactly);
      const denied = await mint(harness, allButThis);
      for (const route of declared) {
        const path = fill(route.path);
        const refusal = await harness.call(route.method, path, { key: denied });
        expect(refusal.status, `${routeName(route)} without ${resource}:${operation}`).toBe(403);
        expect(refusal.body).toEqual({ error: 'forbidden', message: `Missing required permission: ${resource}:${operation}` });
        const allowed = await harness.call(route.method, path, { key: granted });
        expect(
          [401, 403],
          `${routeName(route)} with ${resource}:${operation} -> ${allowed.status} ${JSON.stringify(allowed.body)}`,
        ).not.toContain(allowed.status);
      }
    }
  });

  it('declares what every non-public route needs, so nothing is open to tokens by omission', () => {
    const undeclared = operations.filter((operation) => !operation.public && operation.permission === undefined).map(routeName);
    expect(undeclared).toEqual([]);
    const byRoute = Object.fromEntries(
      operations.map((operation) => [routeName(operation), operation.permission ?? (operation.public ? 'public' : undefined)]),
    );
    expect(byRoute).toMatchObject({
      'GET /health': 'public',
      'GET /openapi.json': 'public',
      'POST /tokens': 'credential',
      'GET /__mcpsim/clock': 'api-key',
      'POST /__mcpsim/clock': 'api-key',
    });
  });
});

describe.each(doors)('more of the scope rules (%s)', (door) => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness(door);
    await seedWorld(harness);
  });
  afterAll(() => harness.close());

  it('treats connectionId as a metadata key that matches the connection id', async () => {
    const token = await mint(harness, [{ metadata: { connectionId: 'a1' } }]);
    expect(ids((await harness.call('GET', '/connect/ns-a', { key: token })).body)).toEqual(['a1']);
    expect((await harness.call('GET', '/connect/ns-a/a2', { key: token })).status).toBe(404);
    expect((await harness.call('PUT', '/connect/ns-a/a1', { key: token, body: unchanged('a1') })).status).toBe(200);
    expect((await harness.call('POST', '/connect/ns-a', { key: token, body: { mcpUrl: 'https://x.test/mcp' } })).status).toBe(403);
    const byId = await mint(harness, [{ metadata: [{ connectionId: 'fresh' }, { connectionId: 'a2', team: 'a' }] }]);
    expect((await harness.call('PUT', '/connect/ns-b/fresh', { key: byId, body: { mcpUrl: 'https://fresh.test/mcp' } })).status).toBe(201);
    expect(ids((await harness.call('GET', '/connect/ns-a', { key: byId })).body)).toEqual(['a2']);
  });

  it('pages a filtered list by what the token may see', async () => {
    const token = await mint(harness, [{ metadata: [{ team: 'a' }, { priority: '1' }] }]);
    const first = await harness.call('GET', '/connect/ns-a?limit=2', { key: token });
    expect(ids(first.body)).toEqual(['a1', 'a2']);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await harness.call('GET', `/connect/ns-a?limit=2&cursor=${first.body.nextCursor}`, { key: token });
    expect(ids(second.body)).toEqual(['p1']);
    expect(second.body.nextCursor).toBeNull();
    const exact = await harness.call('GET', '/connect/ns-a?limit=3', { key: token });
    expect(exact.body.nextCursor).toBeNull();
  });

  it('lists only the namespaces a token may read', async () => {
    const token = await mint(harness, [{ resources: 'namespaces', namespaces: ['ns-b', 'ns-none'] }]);
    expect(
      (await harness.call('GET', '/namespaces', { key: token })).body.namespaces.map((namespace: { name: string }) => namespace.name),
    ).toEqual(['ns-b']);
    expect((await harness.call('PUT', '/namespaces/ns-a', { key: token })).status).toBe(403);
    expect((await harness.call('DELETE', '/namespaces/ns-a', { key: token })).status).toBe(403);
  });

  it('answers 403 for a connection the token may see but not change, 404 for one it may not see', async () => {
    const token = await mint(harness, [
      { operations: 'read', metadata: { env: 'prod' } },
      { operations: 'write', metadata: { team: 'a' } },
    ]);
    expect((await harness.call('DELETE', '/connect/ns-a/b1', { key: token })).body).toEqual({
      error: 'forbidden',
      message: 'Missing required permission: connections:write',
    });
    expect((await harness.call('DELETE', '/connect/ns-a/n1', { key: token })).status).toBe(404);
    expect((await harness.call('GET', '/connect/ns-a/a2', { key: token })).status).toBe(404);
  });

  it('never lets a token reach another account, whatever its policy', async () => {
    addAccount(harness.platform, `isolated-${door}`, `isolated-key-${door}`);
    await harness.call('PUT', '/namespaces/theirs', { key: `isolated-key-${door}` });
    const mine = await mint(harness, [{ namespaces: ['theirs', 'ns-a'] }]);
    const response = await harness.call('GET', '/connect/theirs', { key: mine });
    expect(response.body).toEqual({ error: 'not_found', message: 'Namespace "theirs" not found or access denied' });
    expect(
      (await harness.call('GET', '/namespaces', { key: mine })).body.namespaces.map((namespace: { name: string }) => namespace.name),
    ).toEqual(['ns-a']);
  });

  it('keeps the /__mcpsim control API to the API key, and /health and /openapi.json open', async () => {
    const token = await mint(harness);
    for (const [method, body] of [
      ['GET', undefined],
      ['POST', { advance: 1 }],
    ] as const) {
      const response = await harness.call(method, '/__mcpsim/clock', { key: token, ...(body ? { body } : {}) });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ error: 'forbidden', message: 'This route accepts only the API key, not a service token' });
    }
    expect((await harness.call('GET', '/health', { key: null })).status).toBe(200);
    expect((await harness.call('GET', '/openapi.json', { key: null })).status).toBe(200);
    expect((await harness.call('GET', '/health', { key: 'mcps_garbage' })).status).toBe(200);
  });

  it('refuses tokens on an operation that declares no permission (deny by default), but not the API key', () => {
    const account = { id: 'acct', name: 'a', isLocal: true, createdAt: testStart };
    expect(() => checkOperationAccess({ account, chain: [[{}]], credential: 'service_token', expiresAt: null }, undefined, {})).toThrow(
      /not open to service tokens/,
    );
    expect(() => checkOperationAccess({ account, chain: [], credential: 'api_key', expiresAt: null }, undefined, {})).not.toThrow();
  });
});
