/**
 * The root mount (docs/decisions.md, "Root mount"): every Connect route answers without `/connect` exactly as its
 * twin does, fixed routes keep winning, and namespace names that the root could not reach are
 * refused when a namespace would be created.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reservedNamespaceNames } from '../../src/domain/reserved-names.js';
import { doors, startHarness, type CallOptions, type Harness } from '../support/harness.js';

describe.each(doors)('the Connect API at the root (%s)', (door) => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness(door);
    await harness.call('PUT', '/namespaces/rooted');
    for (const id of ['a', 'b', 'c']) {
      const created = await harness.call('PUT', `/connect/rooted/${id}`, {
        body: { server: '@modelcontextprotocol/time', mock: { enabled: true }, metadata: { n: id } },
      });
      expect(created.status).toBe(201);
    }
  });
  afterAll(() => harness.close());

  /** Reads go through both mounts and must answer the same status, headers that matter, and body. */
  const twins: [string, string, CallOptions?][] = [
    ['GET', '/rooted'],
    ['GET', '/rooted?limit=2'],
    ['GET', '/rooted?metadata.n=b'],
    ['GET', '/rooted/a'],
    ['GET', '/rooted/missing'],
    ['GET', '/rooted/.tools'],
    ['GET', '/rooted/a/.tools'],
    ['GET', '/rooted/a/.tools/get_current_time'],
    ['GET', '/rooted/a/.tools/nope'],
    ['POST', '/rooted/a/.tools/convert_time', { body: { nonsense: true } }],
    ['POST', '/rooted/a/mcp', { body: { jsonrpc: '2.0', id: 1, method: 'tools/list' } }],
    ['GET', '/rooted/a/mcp'],
    ['DELETE', '/rooted'],
    ['GET', '/nowhere'],
    ['GET', '/rooted/a', { key: 'not-a-key-at-all' }],
  ];

  it.each(twins)('answers %s %s exactly as its /connect twin', async (method, path, options) => {
    const forgetCalls = () => harness.call('DELETE', '/__mcpsim/connections/rooted/a/memory');
    await forgetCalls();
    const atConnect = await harness.call(method, `/connect${path}`, options);
    await forgetCalls();
    const atRoot = await harness.call(method, path, options);
    expect(atRoot.status).toBe(atConnect.status);
    expect(atRoot.headers.get('allow')).toBe(atConnect.headers.get('allow'));
    // Messages that echo the request's path differ by the prefix only.
    const withoutPrefix = (body: unknown) => JSON.stringify(body).replaceAll('/connect/', '/');
    expect(withoutPrefix(atRoot.body)).toBe(withoutPrefix(atConnect.body));
  });

  it('creates, updates and deletes connections at the root, seen under /connect', async () => {
    const created = await harness.call('PUT', '/rooted/made-at-root', {
      body: { server: '@modelcontextprotocol/time', mock: { enabled: true } },
    });
    expect(created.status).toBe(201);
    const posted = await harness.call('POST', '/rooted', { body: { server: '@modelcontextprotocol/time', mock: { enabled: true } } });
    expect(posted.status).toBe(201);
    expect((await harness.call('GET', `/connect/rooted/${posted.body.connectionId}`)).body).toEqual(posted.body);
    const renamed = await harness.call('PUT', '/rooted/made-at-root', { body: { name: 'Renamed' } });
    expect(renamed.status).toBe(200);
    expect((await harness.call('GET', '/connect/rooted/made-at-root')).body.name).toBe('Renamed');
    expect((await harness.call('DELETE', '/rooted/made-at-root')).body).toEqual({ success: true });
    expect((await harness.call('GET', '/connect/rooted/made-at-root')).status).toBe(404);
  });

  it('keeps the fixed top-level routes', async () => {
    expect((await harness.call('GET', '/health', { key: null })).body.status).toBe('ok');
    expect((await harness.call('GET', '/openapi.json', { key: null })).body.openapi).toBe('3.1.0');
    expect((await harness.call('GET', '/servers?pageSize=1')).body.servers).toHaveLength(1);
    expect((await harness.call('GET', '/servers/modelcontextprotocol/time')).body.qualifiedName).toBe('@modelcontextprotocol/time');
    expect((await harness.call('GET', '/namespaces')).body.namespaces.map((namespace: { name: string }) => namespace.name)).toContain(
      'rooted',
    );
    expect((await harness.call('POST', '/tokens', { body: {} })).status).toBe(200);
    expect((await harness.call('GET', '/__mcpsim/clock')).body.virtual).toBe(true);
    // Paths that look like nothing the platform serves stay 404, not a namespace lookup.
    expect((await harness.call('GET', '/favicon.ico')).status).toBe(404);
  });

  it('refuses to create a namespace whose name the root mount could not reach, saying why', async () => {
    const names = reservedNamespaceNames.filter((name) => /^[a-z]+$/.test(name));
    expect(names).toEqual(['servers', 'namespaces', 'tokens', 'health', 'connect', 'api', 'skills', 'organizations', 'ui']);
    for (const name of names) {
      const refused = await harness.call('PUT', `/namespaces/${name}`);
      expect(refused.status, name).toBe(400);
      expect(refused.body).toEqual({
        error: 'validation_error',
        message: expect.stringMatching(new RegExp(`^name: "${name}" is reserved: /${name} is a top-level route`)),
      });
      const write = await harness.call('PUT', `/connect/${name}/x`, { body: { mcpUrl: 'https://example.test/mcp' } });
      expect(write.status, name).toBe(400);
      expect(write.body.message).toMatch(new RegExp(`^namespace: "${name}" is reserved`));
      expect((await harness.call('POST', `/connect/${name}`, { body: { mcpUrl: 'https://example.test/mcp' } })).status, name).toBe(400);
    }
    // A reserved word inside a longer name is an ordinary name, reachable at the root.
    expect((await harness.call('PUT', '/namespaces/servers-team')).status).toBe(201);
    expect((await harness.call('GET', '/servers-team')).body).toEqual({ connections: [], nextCursor: null });
  });

  it('lists the Connect routes once in /openapi.json, under /connect', async () => {
    const document = (await harness.call('GET', '/openapi.json', { key: null })).body;
    const paths = Object.keys(document.paths);
    expect(paths.filter((path) => path.startsWith('/{namespace}'))).toEqual([]);
    expect(paths).toContain('/connect/{namespace}/{connectionId}');
    expect(document.info.description).toContain('also served at the root');
  });
});
