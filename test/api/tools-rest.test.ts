/**
 * The REST view of a mock connection's tools (docs/decisions.md, "Tool routes"): list, look up by path (tool `a.b`
 * at `a/b`, categories), and call through the same pipeline as `tools/call`, in-process and over
 * a real socket.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doors, startHarness, type Harness } from '../support/harness.js';
import { mint } from '../support/tokens.js';
import { callToolResultSchema, toolListSchema } from '../../src/api/schemas/tool-schemas.js';

const namespace = 'rest';
const objectSchema = (properties: Record<string, unknown> = {}, required: string[] = []) => ({ type: 'object', properties, required });
const tracker = {
  displayName: 'Acme Tracker',
  config: { headers: { 'X-Acme-Key': { label: 'Acme key', required: true } } },
  tools: [
    {
      name: 'issues.list',
      description: 'List issues.',
      inputSchema: objectSchema({ state: { type: 'string', enum: ['open', 'closed'] } }),
    },
    { name: 'issues.close', description: 'Close an issue.', inputSchema: objectSchema({ id: { type: 'integer' } }, ['id']) },
    {
      name: 'issues.labels.add',
      description: 'Label an issue.',
      inputSchema: objectSchema({ id: { type: 'integer' }, label: { type: 'string' } }, ['id', 'label']),
    },
    { name: 'ping', description: 'Ping.', inputSchema: objectSchema() },
  ],
};
const fixture = {
  server: '@acme/rest-tracker',
  tool: 'issues.list',
  calls: [
    {
      arguments: { state: 'open' },
      occurrence: 1,
      result: { content: [{ type: 'text', text: '[{"id":1}]' }] },
      recordedAt: '2026-01-01T00:00:00.000Z',
      model: null,
    },
  ],
};

describe.each(doors)('the REST view of tools (%s)', (door) => {
  let harness: Harness;
  let fixturesDir: string;

  beforeAll(async () => {
    fixturesDir = mkdtempSync(join(tmpdir(), 'mcpsim-fixtures-'));
    mkdirSync(join(fixturesDir, 'acme__rest-tracker'));
    writeFileSync(join(fixturesDir, 'acme__rest-tracker', 'issues.list.json'), JSON.stringify(fixture));
    harness = await startHarness(door, { fixturesDir });
    expect((await harness.call('PUT', '/servers/@acme/rest-tracker', { body: tracker })).status).toBe(201);
    await harness.call('PUT', `/namespaces/${namespace}`);
    const connections: Record<string, unknown> = {
      mock: { server: '@acme/rest-tracker', mock: { enabled: true }, metadata: { team: 'a' } },
      other: { server: '@acme/rest-tracker', mock: { enabled: true }, metadata: { team: 'b' } },
      locked: { server: '@acme/rest-tracker', mock: { enabled: true } },
      live: { server: '@acme/rest-tracker' },
      remote: { mcpUrl: 'https://remote.test/mcp' },
    };
    for (const [id, body] of Object.entries(connections))
      expect((await harness.call('PUT', `/connect/${namespace}/${id}`, { body })).status).toBe(201);
  });
  afterAll(async () => {
    await harness.close();
    rmSync(fixturesDir, { recursive: true, force: true });
  });

  const tools = (id = 'mock') => `/connect/${namespace}/${id}/.tools`;

  it('lists every tool of a mock connection as the registry entry declares them', async () => {
    const response = await harness.call('GET', tools());
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ tools: tracker.tools });
    expect(toolListSchema.safeParse(response.body).success).toBe(true);
  });

  it('finds tool a.b at path a/b, and the tool by its own name too', async () => {
    expect((await harness.call('GET', `${tools()}/issues/list`)).body).toEqual(tracker.tools[0]);
    expect((await harness.call('GET', `${tools()}/issues/labels/add`)).body).toEqual(tracker.tools[2]);
    expect((await harness.call('GET', `${tools()}/issues.close`)).body).toEqual(tracker.tools[1]);
    expect((await harness.call('GET', `${tools()}/ping`)).body).toEqual(tracker.tools[3]);
  });

  it('lists the tools under a slash category', async () => {
    expect((await harness.call('GET', `${tools()}/issues`)).body).toEqual({ tools: tracker.tools.slice(0, 3) });
    expect((await harness.call('GET', `${tools()}/issues/labels`)).body).toEqual({ tools: [tracker.tools[2]] });
  });

  it('answers 404 {error, message} for an unknown tool path, connection or namespace', async () => {
    for (const path of [`${tools()}/nope`, `${tools()}/issues/li`, tools('nope'), `/connect/elsewhere/mock/.tools`]) {
      const response = await harness.call('GET', path);
      expect(response.status, path).toBe(404);
      expect(response.body).toEqual({ error: 'not_found', message: expect.any(String) });
    }
    const unknown = await harness.call('POST', `${tools()}/nope`, { body: {} });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toContain('Tool "nope" not found on connection "mock"');
  });

  it('calls a tool with the body as its arguments and answers the CallToolResult with _meta', async () => {
    const response = await harness.call('POST', `${tools()}/issues/list`, { body: { state: 'open' } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      content: [{ type: 'text', text: '[{"id":1}]' }],
      _meta: { 'mcpsim/source': 'fixture', 'mcpsim/sequence': expect.any(Number) },
    });
    expect(callToolResultSchema.safeParse(response.body).success).toBe(true);
  });

  it('shares the pipeline with tools/call: one call sequence, and the same validation results', async () => {
    const rest = await harness.call('POST', `${tools('other')}/issues/close`, { body: { id: 'x' } });
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ isError: true, _meta: { 'mcpsim/source': 'validation', 'mcpsim/sequence': 1 } });
    expect(rest.body.content[0].text).toContain('id');
    const mcp = await harness.call('POST', `/connect/${namespace}/other/mcp`, {
      body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'issues.close', arguments: { id: 'x' } } },
    });
    expect(mcp.body.result).toEqual({ ...rest.body, _meta: { ...rest.body._meta, 'mcpsim/sequence': 2 } });
    const empty = await harness.call('POST', `${tools('other')}/ping`);
    expect(empty.body._meta).toMatchObject({ 'mcpsim/source': 'fixture-miss', 'mcpsim/sequence': 3 });
  });

  it('answers 400 validation_error when the body is not a JSON object', async () => {
    const response = await harness.call('POST', `${tools()}/ping`, { rawBody: '[1]' });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('validation_error');
  });

  it('answers the MCP route statuses with {error, message} for auth_required, input_required and real upstreams', async () => {
    const { stores } = harness.platform;
    const account = stores.accounts.findLocal()!;
    const namespaceRow = stores.namespaces.get(account.id, namespace)!;
    const locked = stores.connections.get(namespaceRow.id, 'locked')!;
    stores.connections.update(
      namespaceRow.id,
      { ...locked, status: { state: 'auth_required', setupUrl: 'http://127.0.0.1/setup' } },
      undefined,
      '2026-01-01T00:00:00.000Z',
    );
    // A connection that names a registry server is played by mcpsim and connected at once; a scenario's status: makes it wait.
    const live = stores.connections.get(namespaceRow.id, 'live')!;
    stores.connections.update(
      namespaceRow.id,
      { ...live, status: { state: 'input_required', http: {}, missing: { headers: ['X-Key'], query: [] } } },
      undefined,
      '2026-01-01T00:00:00.000Z',
    );
    const cases: [string, number, string][] = [
      ['locked', 401, 'auth_required'],
      ['live', 409, 'input_required'],
      ['remote', 502, 'upstream_unavailable'],
    ];
    for (const [id, status, error] of cases) {
      for (const [method, path] of [
        ['GET', tools(id)],
        ['GET', `${tools(id)}/ping`],
        ['POST', `${tools(id)}/ping`],
      ] as const) {
        const response = await harness.call(method, path, method === 'POST' ? { body: {} } : {});
        expect(response.status, `${method} ${path}`).toBe(status);
        expect(response.body).toEqual({ error, message: expect.any(String) });
      }
    }
  });

  it('needs connections:read to look and connections:execute to call; a hidden connection is 404', async () => {
    const reader = await mint(harness, [{ namespaces: namespace, resources: 'connections', operations: 'read', metadata: { team: 'a' } }]);
    expect((await harness.call('GET', tools(), { key: reader })).status).toBe(200);
    expect((await harness.call('GET', `${tools()}/ping`, { key: reader })).status).toBe(200);
    const denied = await harness.call('POST', `${tools()}/ping`, { key: reader, body: {} });
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({ error: 'forbidden', message: 'Missing required permission: connections:execute' });
    for (const path of [tools('other'), `${tools('other')}/ping`])
      expect((await harness.call('GET', path, { key: reader })).status).toBe(404);
    const executor = await mint(harness, [
      { namespaces: namespace, resources: 'connections', operations: 'execute', metadata: { team: 'a' } },
    ]);
    expect((await harness.call('POST', `${tools()}/ping`, { key: executor, body: {} })).status).toBe(200);
    expect((await harness.call('POST', `${tools('other')}/ping`, { key: executor, body: {} })).status).toBe(404);
  });

  it('answers 405 for other methods on the .tools routes', async () => {
    expect((await harness.call('DELETE', `${tools()}/ping`)).status).toBe(405);
    expect((await harness.call('PUT', tools(), { body: {} })).status).toBe(405);
  });
});
