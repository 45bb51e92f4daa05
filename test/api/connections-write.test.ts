import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionSchema } from '../../src/api/schemas/connection-schemas.js';
import { doors, startHarness, type Harness } from '../support/harness.js';
import { registerTestServers, testServer } from '../support/test-servers.js';

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

describe.each(doors)('PUT /connect/{ns}/{id} (%s)', (door) => {
  let harness: Harness;
  let counter = 0;
  const nextId = () => `conn-${++counter}`;
  const put = (id: string, body: unknown, namespace = 'demo') => harness.call('PUT', `/connect/${namespace}/${id}`, { body });

  beforeAll(async () => {
    harness = await startHarness(door);
    registerTestServers(harness.platform);
  });
  afterAll(() => harness.close());

  it('creates with 201 and updates with 200, returning exactly the Connection fields', async () => {
    const id = nextId();
    const created = await put(id, {
      mcpUrl: 'https://example.com/mcp',
      name: 'Example',
      metadata: { team: 'core' },
      headers: { Authorization: 'Bearer s3cret' },
    });
    expect(created.status).toBe(201);
    expect(connectionSchema.parse(created.body)).toEqual(created.body);
    expect(Object.keys(created.body).every((key) => connectionFields.includes(key))).toBe(true);
    expect(created.body).toEqual({
      connectionId: id,
      name: 'Example',
      transport: 'http',
      mcpUrl: 'https://example.com/mcp',
      metadata: { team: 'core' },
      iconUrl: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      // The upstream is probed on create; example.com serves no MCP here (no DNS, or not MCP).
      status: { state: 'error', message: expect.stringContaining('example.com') },
    });
    const updated = await put(id, { name: 'Renamed' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Renamed', mcpUrl: 'https://example.com/mcp', metadata: { team: 'core' } });
    expect(JSON.stringify(updated.body)).not.toContain('s3cret');
  });

  it('names the connection after its id when no name is given', async () => {
    const id = nextId();
    expect((await put(id, { mcpUrl: 'https://example.com/mcp' })).body.name).toBe(id);
  });

  it.each([
    ['bogus: unknown property', { mcpUrl: 'https://example.com/mcp', bogus: 1 }],
    ['mock.extra: unknown property', { mcpUrl: 'https://example.com/mcp', mock: { enabled: true, extra: 1 } }],
    ['name: must be at least 1 character long', { mcpUrl: 'https://example.com/mcp', name: '' }],
    ['name: must be at most 255 characters long', { mcpUrl: 'https://example.com/mcp', name: 'n'.repeat(256) }],
    ['server: must match ^@?[a-zA-Z0-9]', { server: 'not a/valid/name' }],
    ['server: must be at least 1 character long', { server: '' }],
    ['server: must be at most 255 characters long', { server: `a${'b'.repeat(255)}` }],
    ['mcpUrl: must be an absolute http or https URL', { mcpUrl: 'not a url' }],
    ['mcpUrl: must be an absolute http or https URL', { mcpUrl: 'ftp://example.com/mcp' }],
    ['transport: must be one of "http", "uplink"', { transport: 'grpc', mcpUrl: 'https://example.com/mcp' }],
    ['metadata: must be a', { mcpUrl: 'https://example.com/mcp', metadata: [1, 2] }],
    ['headers.Bad Header: must be a valid HTTP header name', { mcpUrl: 'https://example.com/mcp', headers: { 'Bad Header': 'x' } }],
    ['headers.X-Ok: must not contain line breaks', { mcpUrl: 'https://example.com/mcp', headers: { 'X-Ok': 'a\r\nb' } }],
    ['headers.X-Ok: must be a string', { mcpUrl: 'https://example.com/mcp', headers: { 'X-Ok': 5 } }],
    ['mock.enabled: is required', { mcpUrl: 'https://example.com/mcp', mock: { scenario: 'x' } }],
    [
      'source.entrypoint: must be at least 1 character long',
      { source: { kind: 'module', entrypoint: '', sourceFiles: [{ path: 'a.js', contents: '' }] } },
    ],
    [
      'source.entrypoint: must be at most 255 characters long',
      { source: { kind: 'module', entrypoint: 'e'.repeat(256), sourceFiles: [{ path: 'a.js', contents: '' }] } },
    ],
    ['source.kind: must be "module"', { source: { kind: 'script', entrypoint: 'a.js', sourceFiles: [{ path: 'a.js', contents: '' }] } }],
    ['source.sourceFiles: must have at least 1 item', { source: { kind: 'module', entrypoint: 'a.js', sourceFiles: [] } }],
    [
      'source.sourceFiles: must have at most 16 items',
      {
        source: {
          kind: 'module',
          entrypoint: 'a.js',
          sourceFiles: Array.from({ length: 17 }, (_, index) => ({ path: `${index}.js`, contents: '' })),
        },
      },
    ],
    [
      'source.sourceFiles.0.path: must be at least 1 character long',
      { source: { kind: 'module', entrypoint: 'a.js', sourceFiles: [{ path: '', contents: '' }] } },
    ],
    [
      'source.sourceFiles.0.path: must be at most 255 characters long',
      { source: { kind: 'module', entrypoint: 'a.js', sourceFiles: [{ path: 'p'.repeat(256), contents: '' }] } },
    ],
    [
      'source.sourceFiles.0.contents: must be at most 131072 characters long',
      { source: { kind: 'module', entrypoint: 'a.js', sourceFiles: [{ path: 'a.js', contents: 'x'.repeat(131_073) }] } },
    ],
    [
      'source.sourceFiles.0.mode: unknown property',
      { source: { kind: 'module', entrypoint: 'a.js', sourceFiles: [{ path: 'a.js', contents: '', mode: 1 }] } },
    ],
    ['source.sourceFiles: is required', { source: { kind: 'module', entrypoint: 'a.js' } }],
    ['server: one of server or mcpUrl is required when creating an http connection', {}],
    ['server: one of server or mcpUrl is required', { transport: 'http', name: 'x' }],
    ['mock: requires server', { mcpUrl: 'https://example.com/mcp', mock: { enabled: true } }],
    ['server: unknown registry server "@test/unknown-server"', { server: '@test/unknown-server' }],
    ['mcpUrl: not allowed for transport "uplink"', { transport: 'uplink', mcpUrl: 'https://example.com/mcp' }],
    [
      'source: requires transport "uplink"',
      {
        transport: 'http',
        mcpUrl: 'https://example.com/mcp',
        source: { kind: 'module', entrypoint: 'a.js', sourceFiles: [{ path: 'a.js', contents: '' }] },
      },
    ],
  ])('rejects with 400 validation_error: %s', async (message, body) => {
    const response = await put(nextId(), body);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('validation_error');
    expect(response.body.message).toContain(message);
    expect(Object.keys(response.body).sort()).toEqual(['error', 'message']);
  });

  it('accepts the limits themselves: 255-character name and server, 16 files of 131072 characters', async () => {
    const name = 'n'.repeat(255);
    const response = await put(nextId(), {
      name,
      source: {
        kind: 'module',
        entrypoint: 'e'.repeat(255),
        sourceFiles: Array.from({ length: 16 }, (_, index) => ({ path: `${'p'.repeat(250)}${index}`, contents: 'c'.repeat(131_072) })),
      },
    });
    expect(response.status).toBe(201);
    expect(response.body.name).toBe(name);
    const longServer = await put(nextId(), { server: `a${'b'.repeat(254)}` });
    expect(longServer.body.message).toContain('unknown registry server'); // passed the length and pattern checks
  });

  it('rejects a body that is not JSON, and a missing body', async () => {
    const broken = await harness.call('PUT', `/connect/demo/${nextId()}`, { rawBody: '{"mcpUrl":' });
    expect(broken.status).toBe(400);
    expect(broken.body).toMatchObject({ error: 'validation_error', message: expect.stringContaining('body: must be valid JSON') });
    const empty = await harness.call('PUT', `/connect/demo/${nextId()}`, { rawBody: '' });
    expect(empty.body).toEqual({ error: 'validation_error', message: 'body: is required (send a JSON object)' });
    const notObject = await harness.call('PUT', `/connect/demo/${nextId()}`, { rawBody: '[1]' });
    expect(notObject.body).toMatchObject({ error: 'validation_error', message: 'body: must be an object' });
  });

  it('rejects invalid path parameters with 400', async () => {
    const badId = await put('.tools-like', { mcpUrl: 'https://example.com/mcp' });
    expect(badId.status).toBe(400);
    expect(badId.body.message).toContain('connectionId: must match');
    const badNamespace = await put('ok', { mcpUrl: 'https://example.com/mcp' }, 'bad%20ns');
    expect(badNamespace.status).toBe(400);
    expect(badNamespace.body.message).toContain('namespace: must match');
  });

  it('returns 404 for a namespace that does not exist', async () => {
    const response = await put(nextId(), { mcpUrl: 'https://example.com/mcp' }, 'nowhere');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'not_found', message: 'Namespace "nowhere" not found or access denied' });
  });

  it('gives a mock connection status connected and serverInfo from the registry', async () => {
    const response = await put(nextId(), { server: testServer.qualifiedName, mock: { enabled: true, scenario: 'Three open issues.' } });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      mcpUrl: testServer.deploymentUrl,
      mock: { enabled: true, scenario: 'Three open issues.' },
      status: { state: 'connected' },
      serverInfo: testServer.serverInfo,
      iconUrl: testServer.iconUrl,
    });
  });

  it('resolves server with or without the leading @', async () => {
    const response = await put(nextId(), { server: testServer.qualifiedName.slice(1), mock: { enabled: true } });
    expect(response.status).toBe(201);
    expect(response.body.status).toEqual({ state: 'connected' });
  });

  it('leaves mock out when it is not enabled, and ignores mock on update', async () => {
    const id = nextId();
    const created = await put(id, {
      server: testServer.qualifiedName,
      mock: { enabled: false },
      headers: { Authorization: 'x' },
      mcpUrl: 'https://tracker.test/mcp?region=eu',
    });
    expect(created.body).not.toHaveProperty('mock');
    const updated = await put(id, { mock: { enabled: true, scenario: 'too late' } });
    expect(updated.status).toBe(200);
    expect(updated.body).not.toHaveProperty('mock');
    const mockId = nextId();
    await put(mockId, { server: testServer.qualifiedName, mock: { enabled: true, scenario: 'first' } });
    const stillFirst = await put(mockId, { mock: { enabled: true, scenario: 'second' } });
    expect(stillFirst.body.mock).toEqual({ enabled: true, scenario: 'first' });
  });

  it('keeps the existing transport on update when none is given', async () => {
    const id = nextId();
    const created = await put(id, { transport: 'uplink', name: 'Local' });
    expect(created.body).toMatchObject({ transport: 'uplink', mcpUrl: null, status: { state: 'disconnected' } });
    const updated = await put(id, { name: 'Still local' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ transport: 'uplink', mcpUrl: null, name: 'Still local' });
  });

  it('does not require server or mcpUrl when updating', async () => {
    const id = nextId();
    await put(id, { mcpUrl: 'https://example.com/mcp' });
    const updated = await put(id, { metadata: { env: 'staging' } });
    expect(updated.status).toBe(200);
    expect(updated.body.metadata).toEqual({ env: 'staging' });
  });

  it('stores a module source and reports that it cannot run', async () => {
    const response = await put(nextId(), {
      source: { kind: 'module', entrypoint: 'index.js', sourceFiles: [{ path: 'index.js', contents: 'export default {}' }] },
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      transport: 'uplink',
      mcpUrl: null,
      status: { state: 'error', message: expect.stringContaining('Module execution is not available') },
    });
    expect(response.body).not.toHaveProperty('source');
  });

  it('puts a connection that lacks required config in input_required, and out of it once supplied', async () => {
    const id = nextId();
    const created = await put(id, { server: testServer.qualifiedName });
    expect(created.body.status).toEqual({
      state: 'input_required',
      http: testServer.config,
      missing: { headers: ['Authorization'], query: ['region'] },
      setupUrl: expect.stringMatching(/\/__mcpsim\/setup\/[\w-]+\.[\w-]+$/),
    });
    const withHeader = await put(id, { headers: { authorization: 'Bearer t' } });
    expect(withHeader.body.status.missing).toEqual({ headers: [], query: ['region'] });
    const complete = await put(id, { mcpUrl: `${testServer.deploymentUrl}?region=eu` });
    expect(complete.status).toBe(200);
    // Nothing is missing any more, so the upstream is probed (tracker.test does not resolve).
    expect(complete.body.status).toEqual({ state: 'error', message: expect.stringContaining('tracker.test') });
    expect(complete.body.mcpUrl).toBe(`${testServer.deploymentUrl}?region=eu`);
  });

  it('returns 409 with x-should-retry: false when the target URL changes', async () => {
    const id = nextId();
    await put(id, { mcpUrl: 'https://a.example.com/mcp' });
    for (const mcpUrl of ['https://b.example.com/mcp', 'https://a.example.com/other', 'https://a.example.com/mcp?x=1']) {
      const response = await put(id, { mcpUrl });
      expect(response.status).toBe(409);
      expect(response.headers.get('x-should-retry')).toBe('false');
      expect(response.body).toEqual({ error: 'conflict', message: expect.stringContaining('already targets https://a.example.com/mcp') });
    }
    expect((await put(id, { mcpUrl: 'https://a.example.com/mcp' })).status).toBe(200);
  });

  it('lets an input_required connection change its URL only within the same host and path', async () => {
    const id = nextId();
    expect((await put(id, { server: testServer.qualifiedName, headers: { Authorization: 'x' } })).body.status.state).toBe('input_required');
    const otherPath = await put(id, { mcpUrl: 'https://tracker.test/elsewhere?region=eu' });
    expect(otherPath.status).toBe(409);
    const otherHost = await put(id, { mcpUrl: 'https://other.test/mcp?region=eu' });
    expect(otherHost.status).toBe(409);
    const sameHostAndPath = await put(id, { mcpUrl: `${testServer.deploymentUrl}?region=eu` });
    expect(sameHostAndPath.status).toBe(200);
    expect(sameHostAndPath.body.status).toEqual({ state: 'error', message: expect.stringContaining('tracker.test') });
    // Out of input_required, the exception no longer applies.
    expect((await put(id, { mcpUrl: `${testServer.deploymentUrl}?region=us` })).status).toBe(409);
  });

  it('treats a change between transports as a change of target', async () => {
    const id = nextId();
    await put(id, { mcpUrl: 'https://example.com/mcp' });
    const response = await put(id, { transport: 'uplink' });
    expect(response.status).toBe(409);
  });

  it('creates exactly one connection when many PUTs of one new id race', async () => {
    const id = nextId();
    // Port 9 on loopback refuses at once: the race is about the write, not the probe.
    const responses = await Promise.all(
      Array.from({ length: 24 }, (_, index) => put(id, { mcpUrl: 'http://127.0.0.1:9/mcp', name: `racer ${index}` })),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 200)).toHaveLength(23);
  });
});
