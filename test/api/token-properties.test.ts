/**
 * Property tests of token scoping (fast-check). The server's answers are compared with a small
 * reference model written here straight from the combination rules of service tokens
 * (docs/decisions.md, "Service tokens"; it does not call src/domain). Random policies use a small vocabulary,
 * so that matches and misses are both frequent.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAllowed, type Chain } from '../../src/domain/policy.js';
import { doors, startHarness, type Harness } from '../support/harness.js';
import { ids, mint, seedConnections } from '../support/tokens.js';

// ---- the reference model ------------------------------------------------------------------

type Resource = 'connections' | 'servers' | 'namespaces' | 'skills';
type Operation = 'read' | 'write' | 'execute';
type OneOrList<T> = T | T[];
/** A constraint exactly as sent to POST /tokens. */
interface WireConstraint {
  namespaces?: OneOrList<string>;
  resources?: OneOrList<Resource>;
  operations?: OneOrList<Operation>;
  metadata?: OneOrList<Record<string, string>>;
  ttl?: string | number;
}
type WirePolicy = WireConstraint[];
interface ModelConnection {
  id: string;
  metadata: Record<string, unknown> | null;
}
interface ModelRequest {
  resource: Resource;
  operation: Operation;
  namespace?: string;
  connection?: ModelConnection;
}

const listOf = <T>(value: OneOrList<T>): T[] => (Array.isArray(value) ? value : [value]);

/** How a connection's metadata value reads in a constraint: strings as they are, anything else as JSON. */
function metadataText(metadata: Record<string, unknown> | null, key: string): string | undefined {
  if (metadata === null || !Object.prototype.hasOwnProperty.call(metadata, key)) return undefined;
  const value = metadata[key];
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * Rule 1: every field present must match; rule 5: an absent field matches anything; rule 2: a
 * list matches when any element does; rule 3: a metadata map matches when all its pairs do
 * (connectionId: the connection's id); rule 6: metadata only ever matches a connection.
 */
function modelConstraintMatches(constraint: WireConstraint, request: ModelRequest): boolean {
  const checks: boolean[] = [];
  if (constraint.resources !== undefined) checks.push(listOf(constraint.resources).includes(request.resource));
  if (constraint.operations !== undefined) checks.push(listOf(constraint.operations).includes(request.operation));
  if (constraint.namespaces !== undefined)
    checks.push(request.namespace !== undefined && listOf(constraint.namespaces).includes(request.namespace));
  if (constraint.metadata !== undefined) {
    const connection = request.resource === 'connections' ? request.connection : undefined;
    checks.push(
      connection !== undefined &&
        listOf(constraint.metadata).some((map) =>
          Object.entries(map).every(([key, value]) =>
            key === 'connectionId' ? connection.id === value : metadataText(connection.metadata, key) === value,
          ),
        ),
    );
  }
  return checks.every((check) => check);
}

/** Rule 4: a policy grants what any of its constraints grants; a chain grants what all its policies grant. */
function modelAllows(chain: WirePolicy[], request: ModelRequest): boolean {
  return chain.every((policy) => policy.some((constraint) => modelConstraintMatches(constraint, request)));
}

/** Refused outright (403) when some policy could not grant the request for any connection / any namespace. */
function modelGateOpen(chain: WirePolicy[], request: ModelRequest, open: 'connection' | 'namespace'): boolean {
  return chain.every((policy) =>
    policy.some((constraint) => {
      const loosened = { ...constraint };
      if (open === 'namespace') delete loosened.namespaces;
      if (open === 'connection' && request.resource === 'connections' && loosened.metadata !== undefined) {
        delete loosened.metadata;
      }
      return modelConstraintMatches(loosened, request);
    }),
  );
}

// ---- the world the requests run against ---------------------------------------------------

const world: Record<string, ModelConnection[]> = {
  'ns-a': [
    { id: 'a1', metadata: { team: 'a', env: 'prod' } },
    { id: 'a2', metadata: { team: 'a', env: 'dev' } },
    { id: 'b1', metadata: { team: 'b', env: 'prod', priority: 1 } },
    { id: 'n1', metadata: null },
    { id: 'p1', metadata: { priority: 2, flag: true } },
  ],
  'ns-b': [
    { id: 'b2', metadata: { team: 'b' } },
    { id: 'a3', metadata: { team: 'a', flag: true } },
  ],
};
/** ns-c exists only in another account: for this account it is missing. */
const namespacePool = ['ns-a', 'ns-b', 'ns-c'];
const existingNamespaces = ['ns-a', 'ns-b'];

async function seedWorld(harness: Harness): Promise<void> {
  for (const [namespace, connections] of Object.entries(world)) {
    await seedConnections(harness, namespace, Object.fromEntries(connections.map((connection) => [connection.id, connection.metadata])));
  }
}

// ---- generators -----------------------------------------------------------------------------

const oneOrList = <T>(values: readonly T[]): fc.Arbitrary<OneOrList<T>> =>
  fc.oneof(fc.constantFrom(...values), fc.uniqueArray(fc.constantFrom(...values), { minLength: 1, maxLength: 2 }));

const metadataMap: fc.Arbitrary<Record<string, string>> = fc
  .uniqueArray(
    fc.oneof(
      fc.tuple(fc.constant('team'), fc.constantFrom('a', 'b')),
      fc.tuple(fc.constant('env'), fc.constantFrom('prod', 'dev')),
      fc.tuple(fc.constant('priority'), fc.constantFrom('1', '2')),
      fc.tuple(fc.constant('flag'), fc.constantFrom('true', 'false')),
      fc.tuple(fc.constant('connectionId'), fc.constantFrom('a1', 'b2', 'a3', 'new-1')),
    ),
    { minLength: 1, maxLength: 2, selector: ([key]) => key },
  )
  .map((pairs) => Object.fromEntries(pairs));

const constraint: fc.Arbitrary<WireConstraint> = fc.record(
  {
    namespaces: oneOrList(namespacePool),
    resources: oneOrList(['connections', 'servers', 'namespaces', 'skills'] as const),
    operations: oneOrList(['read', 'write', 'execute'] as const),
    metadata: fc.oneof(metadataMap, fc.array(metadataMap, { minLength: 1, maxLength: 2 })),
  },
  { requiredKeys: [] },
);
const policy = fc.array(constraint, { minLength: 1, maxLength: 3 });
const chain = fc.array(policy, { minLength: 1, maxLength: 3 });

type HttpRequest =
  | { kind: 'get'; namespace: string; id: string }
  | { kind: 'list'; namespace: string }
  | { kind: 'update'; namespace: string; id: string }
  | { kind: 'create'; namespace: string; metadata: Record<string, string> | null; generated: boolean }
  | { kind: 'delete'; namespace: string; id: string }
  | { kind: 'namespaces' }
  | { kind: 'touch-namespace'; namespace: string };

const connectionIds = ['a1', 'a2', 'b1', 'n1', 'p1', 'b2', 'a3', 'missing'];
const httpRequest: fc.Arbitrary<HttpRequest> = fc.oneof(
  fc.record({ kind: fc.constant('get' as const), namespace: fc.constantFrom(...namespacePool), id: fc.constantFrom(...connectionIds) }),
  fc.record({ kind: fc.constant('list' as const), namespace: fc.constantFrom(...namespacePool) }),
  fc.record({
    kind: fc.constant('update' as const),
    namespace: fc.constantFrom(...existingNamespaces),
    id: fc.constantFrom(...connectionIds.slice(0, -1)),
  }),
  fc.record({
    kind: fc.constant('create' as const),
    namespace: fc.constantFrom(...namespacePool),
    metadata: fc.option(metadataMap, { nil: null }),
    generated: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('delete' as const),
    namespace: fc.constantFrom(...existingNamespaces),
    id: fc.constantFrom(...connectionIds),
  }),
  fc.constant({ kind: 'namespaces' as const }),
  fc.record({ kind: fc.constant('touch-namespace' as const), namespace: fc.constantFrom(...existingNamespaces) }),
);

// ---- what the model expects of one request --------------------------------------------------

interface Expected {
  status: number;
  /** For lists: the ids (or namespace names) in the response, in order. */
  items?: string[];
}

const find = (namespace: string, id: string) => world[namespace]?.find((connection) => connection.id === id);

function expectedOf(chain: WirePolicy[], request: HttpRequest): Expected {
  const connections = (namespace: string, operation: Operation): ModelRequest => ({ resource: 'connections', operation, namespace });
  switch (request.kind) {
    case 'get': {
      if (!modelGateOpen(chain, connections(request.namespace, 'read'), 'connection')) return { status: 403 };
      const connection = find(request.namespace, request.id);
      return { status: connection && modelAllows(chain, { ...connections(request.namespace, 'read'), connection }) ? 200 : 404 };
    }
    case 'list': {
      if (!modelGateOpen(chain, connections(request.namespace, 'read'), 'connection')) return { status: 403 };
      if (!existingNamespaces.includes(request.namespace)) return { status: 404 };
      const visible = world[request.namespace]!.filter((connection) =>
        modelAllows(chain, { ...connections(request.namespace, 'read'), connection }),
      );
      return { status: 200, items: visible.map((connection) => connection.id) };
    }
    case 'update': {
      if (!modelGateOpen(chain, connections(request.namespace, 'write'), 'connection')) return { status: 403 };
      const connection = find(request.namespace, request.id);
      if (!connection)
        return {
          status: modelAllows(chain, { ...connections(request.namespace, 'write'), connection: { id: request.id, metadata: null } })
            ? 201
            : 403,
        };
      return { status: modelAllows(chain, { ...connections(request.namespace, 'write'), connection }) ? 200 : 403 };
    }
    case 'create': {
      if (!modelGateOpen(chain, connections(request.namespace, 'write'), 'connection')) return { status: 403 };
      if (!existingNamespaces.includes(request.namespace)) return { status: 404 };
      // A generated id is never one a policy names; "new-1" is the id a PUT creates.
      const created = { id: request.generated ? '\u0000generated' : 'new-1', metadata: request.metadata };
      return { status: modelAllows(chain, { ...connections(request.namespace, 'write'), connection: created }) ? 201 : 403 };
    }
    case 'delete': {
      if (!modelGateOpen(chain, connections(request.namespace, 'write'), 'connection')) return { status: 403 };
      const connection = find(request.namespace, request.id);
      if (!connection) return { status: 404 };
      if (modelAllows(chain, { ...connections(request.namespace, 'write'), connection })) return { status: 200 };
      return { status: modelAllows(chain, { ...connections(request.namespace, 'read'), connection }) ? 403 : 404 };
    }
    case 'namespaces': {
      const read: ModelRequest = { resource: 'namespaces', operation: 'read' };
      if (!modelGateOpen(chain, read, 'namespace')) return { status: 403 };
      return { status: 200, items: existingNamespaces.filter((namespace) => modelAllows(chain, { ...read, namespace })) };
    }
    case 'touch-namespace':
      return { status: modelAllows(chain, { resource: 'namespaces', operation: 'write', namespace: request.namespace }) ? 200 : 403 };
  }
}

/** Sends the request with `token`, then puts the world back as it was (with the API key). */
async function send(harness: Harness, token: string, request: HttpRequest): Promise<Expected> {
  const as = (method: string, path: string, body?: unknown) =>
    harness.call(method, path, { key: token, ...(body === undefined ? {} : { body }) });
  switch (request.kind) {
    case 'get':
      return { status: (await as('GET', `/connect/${request.namespace}/${request.id}`)).status };
    case 'list': {
      const response = await as('GET', `/connect/${request.namespace}`);
      return { status: response.status, ...(response.status === 200 ? { items: ids(response.body) } : {}) };
    }
    case 'update': {
      const existing = find(request.namespace, request.id);
      const response = await as('PUT', `/connect/${request.namespace}/${request.id}`, { mcpUrl: `https://${request.id}.test/mcp` });
      if (!existing && response.status === 201) await harness.call('DELETE', `/connect/${request.namespace}/${request.id}`);
      return { status: response.status };
    }
    case 'create': {
      const body = { mcpUrl: 'https://new.test/mcp', ...(request.metadata ? { metadata: request.metadata } : {}) };
      const response = request.generated
        ? await as('POST', `/connect/${request.namespace}`, body)
        : await as('PUT', `/connect/${request.namespace}/new-1`, body);
      if (response.status === 201) await harness.call('DELETE', `/connect/${request.namespace}/${response.body.connectionId}`);
      return { status: response.status };
    }
    case 'delete': {
      const response = await as('DELETE', `/connect/${request.namespace}/${request.id}`);
      const existing = find(request.namespace, request.id);
      if (response.status === 200 && existing) {
        await harness.call('PUT', `/connect/${request.namespace}/${request.id}`, {
          body: { mcpUrl: `https://${request.id}.test/mcp`, ...(existing.metadata ? { metadata: existing.metadata } : {}) },
        });
      }
      return { status: response.status };
    }
    case 'namespaces': {
      const response = await as('GET', '/namespaces');
      return {
        status: response.status,
        ...(response.status === 200 ? { items: response.body.namespaces.map((namespace: { name: string }) => namespace.name) } : {}),
      };
    }
    case 'touch-namespace':
      return { status: (await as('PUT', `/namespaces/${request.namespace}`)).status };
  }
}

/** A deleted and re-created connection moves to the end of its list; compare lists as sets. */
const normalise = (result: Expected): Expected => (result.items ? { ...result, items: [...result.items].sort() } : result);

async function mintWire(harness: Harness, policies: WirePolicy[]): Promise<string> {
  let token: string | undefined;
  for (const wire of policies) token = await mint(harness, wire, token);
  return token!;
}

// ---- properties ---------------------------------------------------------------------------

describe('the policy rules against the reference model (domain)', () => {
  const request = fc.record(
    {
      resource: fc.constantFrom('connections', 'servers', 'namespaces', 'skills') as fc.Arbitrary<Resource>,
      operation: fc.constantFrom('read', 'write', 'execute') as fc.Arbitrary<Operation>,
      namespace: fc.constantFrom(...namespacePool),
      connection: fc.constantFrom(...Object.values(world).flat(), { id: 'new-1', metadata: { team: 'a', connectionId: 'a1' } }),
    },
    { requiredKeys: ['resource', 'operation'] },
  );
  const toDomain = (wire: WirePolicy[]): Chain =>
    wire.map((policy) =>
      policy.map(({ ttl: _ttl, ...constraint }) =>
        Object.fromEntries(Object.entries(constraint).map(([key, value]) => [key, listOf(value as OneOrList<unknown>)])),
      ),
    ) as Chain;

  it('decides every request of 10,000 random chains exactly as the model', () => {
    fc.assert(
      fc.property(chain, fc.array(request, { minLength: 1, maxLength: 10 }), (wire, requests) => {
        for (const candidate of requests) {
          const { connection, ...rest } = candidate;
          const domainRequest = {
            ...rest,
            ...(connection ? { connection: { connectionId: connection.id, metadata: connection.metadata } } : {}),
          };
          expect(isAllowed(toDomain(wire), domainRequest), `${JSON.stringify(wire)} ${JSON.stringify(candidate)}`).toBe(
            modelAllows(wire, candidate),
          );
        }
      }),
      { numRuns: 10_000 },
    );
  });
});

describe.each(doors)('the server against the reference model (%s)', (door) => {
  let harness: Harness;
  const runs = door === 'in-process' ? 300 : 60;
  beforeAll(async () => {
    harness = await startHarness(door, { demo: false });
    await seedWorld(harness);
  });
  afterAll(() => harness.close());

  it(`answers random requests of ${runs} random chains as the model says (status, and what lists hold)`, async () => {
    await fc.assert(
      fc.asyncProperty(chain, fc.array(httpRequest, { minLength: 4, maxLength: 8 }), async (wire, requests) => {
        const token = await mintWire(harness, wire);
        for (const request of requests) {
          const actual = normalise(await send(harness, token, request));
          expect(actual, `${JSON.stringify(wire)} ${JSON.stringify(request)}`).toEqual(normalise(expectedOf(wire, request)));
        }
      }),
      { numRuns: runs },
    );
  });

  it('never lets a child token do what its parent may not, nor outlive it', async () => {
    const ttl = fc.oneof(fc.constantFrom('1h', '30m', '2h', '24h'), fc.integer({ min: 60, max: 86_400 }));
    await fc.assert(
      fc.asyncProperty(
        chain,
        policy,
        fc.option(ttl, { nil: undefined }),
        fc.array(httpRequest, { minLength: 4, maxLength: 8 }),
        async (parentWire, childWire, childTtl, requests) => {
          const parent = await mintWire(harness, parentWire);
          const childPolicy = childTtl === undefined ? childWire : childWire.map((wire) => ({ ...wire, ttl: childTtl }));
          const childResponse = await harness.call('POST', '/tokens', { key: parent, body: { policy: childPolicy } });
          expect(childResponse.status).toBe(200);
          const parentExpiry = (await harness.call('POST', '/tokens', { key: parent })).body.expiresAt as string;
          expect(Date.parse(childResponse.body.expiresAt)).toBeLessThanOrEqual(Date.parse(parentExpiry));
          for (const request of requests) {
            const asChild = await send(harness, childResponse.body.token, request);
            const asParent = await send(harness, parent, request);
            const what = `${JSON.stringify(parentWire)} + ${JSON.stringify(childWire)}: ${JSON.stringify(request)}`;
            if (asChild.status < 300) expect(asParent.status, what).toBeLessThan(300);
            if (asChild.items) expect(asParent.items ?? [], what).toEqual(expect.arrayContaining(asChild.items));
          }
        },
      ),
      { numRuns: door === 'in-process' ? 150 : 30 },
    );
  });

  it('never lists a connection that a direct GET refuses, and lists every one it allows', async () => {
    await fc.assert(
      fc.asyncProperty(chain, async (wire) => {
        const token = await mintWire(harness, wire);
        for (const namespace of existingNamespaces) {
          const list = await harness.call('GET', `/connect/${namespace}`, { key: token });
          const listed = list.status === 200 ? ids(list.body) : [];
          for (const { id } of world[namespace]!) {
            const direct = await harness.call('GET', `/connect/${namespace}/${id}`, { key: token });
            expect(listed.includes(id), `${JSON.stringify(wire)} ${namespace}/${id}: GET ${direct.status}`).toBe(direct.status === 200);
          }
        }
      }),
      { numRuns: door === 'in-process' ? 200 : 40 },
    );
  });
});
