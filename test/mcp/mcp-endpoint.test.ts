/**
 * The MCP endpoint of mock connections, end to end: the MCP SDK's client (and the official
 * platform SDK's helper) against `POST /connect/{ns}/{id}/mcp`, answered from fixtures in a
 * temporary directory, in-process and over a real socket.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import Smithery from '@smithery/api';
import { createConnection } from '@smithery/api/mcp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { doors, startHarness, testApiKey, type Harness } from '../support/harness.js';
import { mint } from '../support/tokens.js';

const namespace = 'mcp';
const tracker = {
  displayName: 'Acme Tracker',
  serverInfo: { name: 'acme-tracker', version: '0.3.0' },
  config: { headers: { 'X-Acme-Key': { label: 'Acme key', required: true } } },
  tools: [
    {
      name: 'list_issues',
      description: 'List issues.',
      inputSchema: { type: 'object', properties: { state: { type: 'string', enum: ['open', 'closed'] }, labels: { type: 'object' } } },
    },
    {
      name: 'close_issue',
      description: 'Close an issue.',
      inputSchema: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
    },
  ],
};
const textResult = (text: string) => ({ content: [{ type: 'text', text }] });
const fixture = {
  server: '@acme/tracker',
  tool: 'list_issues',
  calls: [
    {
      arguments: { state: 'open' },
      occurrence: 1,
      result: textResult('[{"id":1,"title":"First"}]'),
      recordedAt: '2026-01-01T00:00:00.000Z',
      model: null,
    },
    { arguments: { state: 'open' }, occurrence: 2, result: textResult('[]'), recordedAt: '2026-01-01T00:00:00.000Z', model: null },
    {
      arguments: { labels: { b: 2, a: 1 }, state: 'closed' },
      occurrence: 1,
      result: textResult('labels matched'),
      recordedAt: '2026-01-01T00:00:00.000Z',
      model: null,
    },
  ],
};
const firstText = (result: unknown) =>
  (result as CallToolResult).content[0]!.type === 'text' ? ((result as CallToolResult).content[0] as { text: string }).text : '';

describe.each(doors)('the MCP endpoint of a mock connection (%s)', (door) => {
  let harness: Harness;
  let fixturesDir: string;
  const clients: Client[] = [];

  beforeAll(async () => {
    fixturesDir = mkdtempSync(join(tmpdir(), 'mcpsim-fixtures-'));
    mkdirSync(join(fixturesDir, 'acme__tracker'));
    writeFileSync(join(fixturesDir, 'acme__tracker', 'list_issues.json'), JSON.stringify(fixture, null, 2));
    harness = await startHarness(door, { fixturesDir });
    expect((await harness.call('PUT', '/servers/@acme/tracker', { body: tracker })).status).toBe(201);
    await harness.call('PUT', `/namespaces/${namespace}`);
    const connections: Record<string, unknown> = {
      tracker: { server: '@acme/tracker', mock: { enabled: true }, metadata: { team: 'a' } },
      again: { server: '@acme/tracker', mock: { enabled: true } },
      sdk: { server: '@acme/tracker', mock: { enabled: true } },
      locked: { server: '@acme/tracker', mock: { enabled: true } },
      live: { server: '@acme/tracker' },
      remote: { mcpUrl: 'https://remote.test/mcp' },
    };
    for (const [id, body] of Object.entries(connections))
      expect((await harness.call('PUT', `/connect/${namespace}/${id}`, { body })).status).toBe(201);
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });
  afterAll(async () => {
    await harness.close();
    rmSync(fixturesDir, { recursive: true, force: true });
  });

  const endpoint = (id: string, ns = namespace) => new URL(`${harness.baseUrl}/connect/${ns}/${id}/mcp`);
  /** The door's fetch: app.fetch in-process, the real network over the socket. */
  const send = (request: Request) => (door === 'socket' ? fetch(request) : Promise.resolve(harness.platform.app.fetch(request)));

  async function connect(id: string): Promise<Client> {
    const transport = new StreamableHTTPClientTransport(endpoint(id), {
      requestInit: { headers: { authorization: `Bearer ${testApiKey}` } },
      ...(door === 'in-process' ? { fetch: (url: string | URL, init?: RequestInit) => send(new Request(url, init)) } : {}),
    });
    const client = new Client({ name: 'mcpsim-test', version: '1.0.0' });
    await client.connect(transport);
    clients.push(client);
    return client;
  }

  async function post(
    id: string,
    body: unknown,
    options: { headers?: Record<string, string>; key?: string; ns?: string; method?: string } = {},
  ) {
    const request = new Request(endpoint(id, options.ns), {
      method: options.method ?? 'POST',
      headers: {
        authorization: `Bearer ${options.key ?? testApiKey}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...options.headers,
      },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    const response = await send(request);
    const text = await response.text();
    const json = response.headers.get('content-type')?.startsWith('application/json') && text !== '' ? JSON.parse(text) : undefined;
    return { status: response.status, headers: response.headers, text, json };
  }
  const listTools = { jsonrpc: '2.0', id: 7, method: 'tools/list' };

  it("connects with the SDK client and lists the registry server's tools", async () => {
    const client = await connect('tracker');
    expect(client.getServerVersion()).toEqual(tracker.serverInfo);
    const registry = await harness.call('GET', '/servers/@acme/tracker');
    expect((await client.listTools()).tools).toEqual(registry.body.tools);
    expect(await client.ping()).toEqual({});
  });

  it('answers repeated identical calls from the fixture by occurrence, with source and sequence in _meta', async () => {
    const client = await connect('again');
    const first = await client.callTool({ name: 'list_issues', arguments: { state: 'open' } });
    const second = await client.callTool({ name: 'list_issues', arguments: { state: 'open' } });
    expect(first).toEqual({ ...textResult('[{"id":1,"title":"First"}]'), _meta: { 'mcpsim/source': 'fixture', 'mcpsim/sequence': 1 } });
    expect(second).toEqual({ ...textResult('[]'), _meta: { 'mcpsim/source': 'fixture', 'mcpsim/sequence': 2 } });
    const reordered = await client.callTool({ name: 'list_issues', arguments: { state: 'closed', labels: { a: 1, b: 2 } } });
    expect(firstText(reordered)).toBe('labels matched');
  });

  it('answers a call without a fixture with an isError result that says where to write one', async () => {
    const client = await connect('tracker');
    const third = await client.callTool({ name: 'list_issues', arguments: { state: 'closed' } });
    expect(third.isError).toBe(true);
    expect(firstText(third)).toBe(
      `no fixture for @acme/tracker.list_issues {"state":"closed"} (call 1); record it with: mcpsim serve --record with OPENAI_API_KEY or OPENAI_BASE_URL set, or with no model in a scenario that makes this call: mcpsim record --source simulated <scenario>, or write it by hand in ${join(fixturesDir, 'acme__tracker', 'list_issues.json')}`,
    );
    expect(third._meta).toMatchObject({ 'mcpsim/source': 'fixture-miss' });
  });

  it('answers bad arguments with an isError result naming the field and the rule', async () => {
    const client = await connect('tracker');
    const badEnum = await client.callTool({ name: 'list_issues', arguments: { state: 'bogus' } });
    expect(badEnum).toMatchObject({ isError: true, _meta: { 'mcpsim/source': 'validation' } });
    expect(firstText(badEnum)).toBe('Invalid arguments for list_issues: state must be equal to one of the allowed values (open, closed)');
    expect(firstText(await client.callTool({ name: 'close_issue', arguments: {} }))).toBe(
      'Invalid arguments for close_issue: id is required',
    );
    expect(firstText(await client.callTool({ name: 'close_issue', arguments: { id: 'x' } }))).toBe(
      'Invalid arguments for close_issue: id must be integer',
    );
  });

  it('answers an unknown tool with a JSON-RPC error naming it', async () => {
    const client = await connect('tracker');
    const error = await client.callTool({ name: 'nope', arguments: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(McpError);
    expect(error).toMatchObject({ code: -32602 });
    expect((error as Error).message).toContain('Unknown tool "nope"');
  });

  it.runIf(door === 'socket')("works through the official SDK's stateless connection helper", async () => {
    const smithery = new Smithery({ apiKey: testApiKey, baseURL: harness.baseUrl, connectBaseURL: `${harness.baseUrl}/connect` });
    const { transport, url } = await createConnection({ client: smithery, namespace, connectionId: 'sdk' });
    expect(url).toBe(endpoint('sdk').href);
    const client = new Client({ name: 'mcpsim-test', version: '1.0.0' });
    await client.connect(transport);
    clients.push(client);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['list_issues', 'close_issue']);
    expect(firstText(await client.callTool({ name: 'list_issues', arguments: { state: 'open' } }))).toBe('[{"id":1,"title":"First"}]');
  });

  it('needs no initialize and ignores any mcp-session-id', async () => {
    const plain = await post('tracker', listTools);
    expect(plain.status).toBe(200);
    expect(plain.json).toMatchObject({ jsonrpc: '2.0', id: 7, result: { tools: [{ name: 'list_issues' }, { name: 'close_issue' }] } });
    const withSession = await post('tracker', listTools, { headers: { 'mcp-session-id': 'smithery-stateless' } });
    expect(withSession.status).toBe(200);
    expect(withSession.json).toEqual(plain.json);
  });

  it('negotiates the protocol version: the client’s when supported, else the latest', async () => {
    const initialize = (protocolVersion: string) => ({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion, capabilities: {}, clientInfo: { name: 'x', version: '1' } },
    });
    // Accept without text/event-stream: a client that wants no session (one that does gets one: mcp-sessions.test.ts).
    const stateless = { headers: { accept: 'application/json' } };
    expect((await post('tracker', initialize('2025-03-26'), stateless)).json.result).toEqual({
      protocolVersion: '2025-03-26',
      capabilities: {
        tools: { listChanged: false },
        resources: { listChanged: false, subscribe: true },
        prompts: { listChanged: false },
        completions: {},
        logging: {},
      },
      serverInfo: tracker.serverInfo,
    });
    expect((await post('tracker', initialize('1999-01-01'), stateless)).json.result.protocolVersion).toBe('2025-11-25');
  });

  it('answers as server-sent events when Accept allows only text/event-stream', async () => {
    const response = await post('tracker', listTools, { headers: { accept: 'text/event-stream' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(response.text).toMatch(/^event: message\ndata: \{"jsonrpc":"2\.0","id":7,"result":\{"tools":\[/);
    expect(response.text.endsWith('\n\n')).toBe(true);
  });

  it('lists the registry entry’s resources and prompts, refuses a completion of a prompt it lacks, and answers logging/setLevel', async () => {
    const ask = async (method: string, params?: unknown) =>
      (await post('tracker', { jsonrpc: '2.0', id: 3, method, ...(params === undefined ? {} : { params }) })).json;
    expect((await ask('resources/list')).result).toEqual({ resources: [] });
    expect((await ask('resources/templates/list')).result).toEqual({ resourceTemplates: [] });
    expect((await ask('prompts/list')).result).toEqual({ prompts: [] });
    const completion = await ask('completion/complete', { ref: { type: 'ref/prompt', name: 'x' }, argument: { name: 'a', value: '' } });
    // The spec: a completion of a prompt the server does not have is invalid params.
    expect(completion.error).toEqual({ code: -32602, message: 'Unknown prompt "x"; this server has: none' });
    expect((await ask('logging/setLevel', { level: 'info' })).result).toEqual({});
  });

  it('accepts a notification with 202 and no body', async () => {
    const response = await post('tracker', { jsonrpc: '2.0', method: 'notifications/initialized' });
    expect(response.status).toBe(202);
    expect(response.text).toBe('');
  });

  it.each(['GET', 'DELETE'])('answers %s with 405', async (method) => {
    const response = await post('tracker', undefined, { method });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });

  it.each([
    ['{"jsonrpc":', 400, -32700],
    ['[]', 400, -32600],
    ['{"jsonrpc":"1.0","id":1,"method":"ping"}', 400, -32600],
    ['{"jsonrpc":"2.0","id":1,"method":"tasks/list"}', 200, -32601],
    ['{"jsonrpc":"2.0","id":1,"method":"resources/read","params":{"uri":"x://y"}}', 200, -32002],
    ['{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"arguments":{}}}', 200, -32602],
    // A plain call is read without the schema (mock-methods.ts): what the schema refuses is still refused.
    ['{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_issues","arguments":[]}}', 200, -32602],
    ['{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_issues","arguments":null}}', 200, -32602],
    ['{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_issues","_meta":7}}', 200, -32602],
  ])('answers the body %s with HTTP %i and JSON-RPC error %i', async (body, status, code) => {
    const response = await post('tracker', body);
    expect(response.status).toBe(status);
    expect(response.json).toMatchObject({ jsonrpc: '2.0', error: { code } });
  });

  it('names the field and the rule of invalid params', async () => {
    const response = await post('tracker', '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":7}}');
    expect(response.json).toMatchObject({
      error: { code: -32602, message: 'Invalid params for tools/call: params.name: must be a string (got 7)' },
    });
  });

  it('answers 401 with -32001 and data.setupUrl when the connection needs authorization', async () => {
    const { stores } = harness.platform;
    const account = stores.accounts.findLocal()!;
    const namespaceRow = stores.namespaces.get(account.id, namespace)!;
    const connection = stores.connections.get(namespaceRow.id, 'locked')!;
    // A link stored on another host (or stale) is never handed out: the answer carries a current one on the public URL.
    stores.connections.update(
      namespaceRow.id,
      { ...connection, status: { state: 'auth_required', setupUrl: 'http://attacker.example/setup/mcp/locked' } },
      undefined,
      '2026-01-01T00:00:00.000Z',
    );
    const response = await post('locked', listTools);
    expect(response.status).toBe(401);
    const setupUrl = expect.stringMatching(new RegExp(`^${harness.baseUrl}/__mcpsim/setup/[\\w-]+\\.[\\w-]+$`));
    expect(response.json).toMatchObject({ jsonrpc: '2.0', id: 7, error: { code: -32001, data: { setupUrl } } });
    expect(response.json.error.message).toContain('Connection "locked" needs authorization');
  });

  it('answers 409 with -32002 and {http, missing} when the connection lacks required input', async () => {
    // mcpsim plays a registry server itself, so live is connected at once; the control API makes it wait for its config.
    const forced = await harness.call('PUT', `/__mcpsim/connections/${namespace}/live/status`, { body: { state: 'input_required' } });
    expect(forced.status).toBe(200);
    const response = await post('live', listTools);
    expect(response.status).toBe(409);
    expect(response.json.error).toMatchObject({
      code: -32002,
      data: { http: { headers: { 'X-Acme-Key': { label: 'Acme key', required: true } } }, missing: { headers: ['X-Acme-Key'], query: [] } },
    });
  });

  it('answers 502 with -32005 naming the failure when the upstream of a real connection cannot be reached', async () => {
    const response = await post('remote', listTools);
    expect(response.status).toBe(502);
    expect(response.json.error.code).toBe(-32005);
    expect(response.json.error.message).toMatch(/^The upstream MCP server failed: /);
  });

  it('answers 404 with a JSON-RPC error for an unknown connection or namespace', async () => {
    const missing = await post('nope', listTools);
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32004, message: 'Connection "nope" not found in namespace "mcp"' },
    });
    expect((await post('tracker', listTools, { ns: 'elsewhere' })).status).toBe(404);
  });

  it('refuses a token without connections:execute with 403, and hides a connection the token may not see with 404', async () => {
    const readOnly = await mint(harness, [{ namespaces: namespace, operations: 'read' }]);
    const refused = await post('tracker', listTools, { key: readOnly });
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({ error: 'forbidden', message: 'Missing required permission: connections:execute' });

    const otherTeam = await mint(harness, [{ namespaces: namespace, metadata: { team: 'b' } }]);
    const hidden = await post('tracker', listTools, { key: otherTeam });
    expect(hidden.status).toBe(404);
    expect(hidden.json).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32004, message: 'Connection "tracker" not found in namespace "mcp"' },
    });

    const sameTeam = await mint(harness, [{ namespaces: namespace, operations: 'execute', metadata: { team: 'a' } }]);
    expect((await post('tracker', listTools, { key: sameTeam })).status).toBe(200);
  });
});

describe('the committed example fixture', () => {
  it("answers the demo time connection's get_current_time for Europe/Berlin", async () => {
    const harness = await startHarness('in-process', { fixturesDir: fileURLToPath(new URL('../../fixtures', import.meta.url)) });
    try {
      const body = {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'get_current_time', arguments: { timezone: 'Europe/Berlin' } },
      };
      const response = await harness.call('POST', `/connect/${harness.platform.demoNamespace}/time/mcp`, { body });
      expect(response.status).toBe(200);
      expect(response.body.result).toMatchObject({ isError: false, _meta: { 'mcpsim/source': 'fixture', 'mcpsim/sequence': 1 } });
      expect(JSON.parse(response.body.result.content[0].text)).toMatchObject({ timezone: 'Europe/Berlin' });
    } finally {
      await harness.close();
    }
  });
});
