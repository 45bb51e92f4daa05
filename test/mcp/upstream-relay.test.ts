/**
 * Real HTTP connections against real local MCP servers (test/support/upstream-servers.ts): the
 * probe on create/update, relaying through the connection's MCP endpoint with the MCP SDK client,
 * an upstream 401 moving the connection to auth_required, and the REST tool routes.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doors, startHarness, testApiKey, type Harness } from '../support/harness.js';
import { refusedUrl, startUpstream, type Upstream } from '../support/upstream-servers.js';

const timeoutMs = 400;
const namespace = 'real';

describe.each(doors)('real HTTP connections (%s)', (door) => {
  let harness: Harness;
  const upstreams: Upstream[] = [];
  const start = async (...args: Parameters<typeof startUpstream>) => {
    const upstream = await startUpstream(...args);
    upstreams.push(upstream);
    return upstream;
  };
  let counter = 0;
  const put = (body: unknown, id = `c${++counter}`) =>
    harness.call('PUT', `/connect/${namespace}/${id}`, { body }).then((response) => ({ id, ...response }));

  /** An MCP SDK client of the connection's endpoint on mcpsim (in-process: through app.fetch). */
  async function connectClient(id: string): Promise<Client> {
    const url = new URL(`${harness.baseUrl}/connect/${namespace}/${id}/mcp`);
    const transport = new StreamableHTTPClientTransport(url, {
      requestInit: { headers: { authorization: `Bearer ${testApiKey}` } },
      ...(door === 'in-process'
        ? { fetch: async (input: string | URL | Request, init?: RequestInit) => harness.platform.app.fetch(new Request(input, init)) }
        : {}),
    });
    const client = new Client({ name: 'relay-test', version: '1.0.0' });
    await client.connect(transport);
    return client;
  }

  beforeAll(async () => {
    harness = await startHarness(door, { upstreamTimeoutMs: timeoutMs, upstreamCallTimeoutMs: 2000 });
    await harness.call('PUT', `/namespaces/${namespace}`);
  });
  afterAll(async () => {
    await harness.close();
    await Promise.all(upstreams.map((upstream) => upstream.close()));
  });

  describe('the probe on create and update', () => {
    it('marks a reachable MCP server connected, with the serverInfo of its initialize answer', async () => {
      const upstream = await start('healthy', { name: 'acme-live', version: '4.5.6' });
      const { status, body } = await put({ mcpUrl: upstream.url });
      expect(status).toBe(201);
      expect(body.status).toEqual({ state: 'connected' });
      expect(body.serverInfo).toEqual({ name: 'acme-live', version: '4.5.6' });
      expect(upstream.requests).toBeGreaterThan(0);
    });

    it('marks a server that answers 401 auth_required, with a setupUrl on this server', async () => {
      const upstream = await start('unauthorized');
      const { body } = await put({ mcpUrl: upstream.url });
      expect(body.status).toEqual({ state: 'auth_required', setupUrl: expect.stringMatching(/\/__mcpsim\/setup\/[\w-]+\.[\w-]+$/) });
      expect(body.status.setupUrl.startsWith(new URL(harness.baseUrl).origin)).toBe(true);
    });

    it.each([
      ['a server that never answers', () => start('hanging'), `did not answer within ${timeoutMs} ms`],
      ['a server that closes the socket', () => start('socket-close'), 'closed the connection without an HTTP answer'],
      ['a server answering HTML', () => start('garbage', { variant: 'html' }), 'is not an MCP endpoint'],
      ['a server answering broken JSON', () => start('garbage', { variant: 'bad-json' }), 'is not an MCP endpoint'],
      ['a server answering JSON that is not JSON-RPC', () => start('garbage', { variant: 'not-jsonrpc' }), 'is not an MCP endpoint'],
    ])('marks %s error, saying what failed', async (_, startKind, expected) => {
      const upstream = await startKind();
      const started = performance.now();
      const { status, body } = await put({ mcpUrl: upstream.url });
      expect(status).toBe(201);
      expect(body.status).toEqual({ state: 'error', message: expect.stringContaining(expected) });
      expect(body.status.message).toContain(new URL(upstream.url).host);
      expect(performance.now() - started).toBeLessThan(timeoutMs * 10); // the timeout fired, with 10× slack
    });

    it('names a refused connection and a failed DNS lookup', async () => {
      const refused = await put({ mcpUrl: await refusedUrl() });
      expect(refused.body.status).toEqual({
        state: 'error',
        message: expect.stringMatching(/^connection refused by 127\.0\.0\.1:\d+ \(ECONNREFUSED\)/),
      });
      const dns = await put({ mcpUrl: 'https://mcp.nowhere.invalid/mcp' });
      expect(dns.body.status).toEqual({ state: 'error', message: expect.stringMatching(/^DNS lookup failed for mcp\.nowhere\.invalid/) });
    });

    it('sends the stored headers, and does not probe again when a connected connection is saved unchanged', async () => {
      const upstream = await start('healthy', { requireHeader: { name: 'x-api-key', value: 'k1' } });
      const created = await put({ mcpUrl: upstream.url, headers: { 'X-Api-Key': 'k1' } });
      expect(created.body.status).toEqual({ state: 'connected' });
      const before = upstream.requests;
      const renamed = await put({ name: 'Renamed', metadata: { team: 'a' } }, created.id);
      expect(renamed.body).toMatchObject({ name: 'Renamed', status: { state: 'connected' }, serverInfo: { name: 'upstream-healthy' } });
      expect(upstream.requests).toBe(before);
      const wrongKey = await put({ headers: { 'X-Api-Key': 'nope' } }, created.id);
      expect(wrongKey.body.status.state).toBe('auth_required');
    });
  });

  describe('relaying through the MCP endpoint', () => {
    it('lists and calls the upstream tools through the MCP SDK client, with the upstream serverInfo', async () => {
      const upstream = await start('healthy', {
        name: 'relay-me',
        requireHeader: { name: 'authorization', value: 'Bearer upstream-token' },
      });
      const { id } = await put({ mcpUrl: upstream.url, headers: { Authorization: 'Bearer upstream-token' } });
      const client = await connectClient(id);
      try {
        expect(client.getServerVersion()).toMatchObject({ name: 'relay-me', version: '1.2.3' });
        const { tools } = await client.listTools();
        expect(tools.map((tool) => tool.name)).toEqual(['echo', 'add']);
        const sum = await client.callTool({ name: 'add', arguments: { a: 2, b: 40 } });
        expect(sum).toMatchObject({ structuredContent: { sum: 42 }, content: [{ type: 'text', text: '42' }] });
        const unknown = await client.callTool({ name: 'nope', arguments: {} });
        expect(unknown).toMatchObject({ isError: true });
      } finally {
        await client.close();
      }
    });

    it('moves the connection to auth_required when the upstream starts answering 401, and answers 401 with -32001 and data.setupUrl', async () => {
      const credential = { name: 'x-api-key', value: 'k1' };
      const upstream = await start('healthy', { requireHeader: credential });
      const { id } = await put({ mcpUrl: upstream.url, headers: { 'x-api-key': 'k1' } });
      const call = (message: unknown) =>
        harness.call('POST', `/connect/${namespace}/${id}/mcp`, {
          body: message,
          headers: { accept: 'application/json, text/event-stream' },
        });
      expect((await call({ jsonrpc: '2.0', id: 1, method: 'tools/list' })).status).toBe(200);
      credential.value = 'rotated';
      const refused = await call({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'echo', arguments: { text: 'hi' } } });
      expect(refused.status).toBe(401);
      expect(refused.body).toMatchObject({
        jsonrpc: '2.0',
        id: 2,
        error: { code: -32001, data: { setupUrl: expect.stringContaining('/__mcpsim/setup/') } },
      });
      const stored = await harness.call('GET', `/connect/${namespace}/${id}`);
      expect(stored.body.status).toEqual({ state: 'auth_required', setupUrl: refused.body.error.data.setupUrl });
      // From now on the endpoint refuses without asking the upstream, until credentials are supplied.
      const before = upstream.requests;
      expect((await call({ jsonrpc: '2.0', id: 3, method: 'tools/list' })).status).toBe(401);
      expect(upstream.requests).toBe(before);
    });

    it('answers 502 with -32005 naming the failure when the upstream fails, and records the error', async () => {
      const upstream = await start('healthy');
      const { id } = await put({ mcpUrl: upstream.url });
      await upstream.close();
      const response = await harness.call('POST', `/connect/${namespace}/${id}/mcp`, {
        body: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      });
      expect(response.status).toBe(502);
      expect(response.body.error).toEqual({
        code: -32005,
        message: expect.stringMatching(/^The upstream MCP server failed: connection refused by 127\.0\.0\.1/),
      });
      expect((await harness.call('GET', `/connect/${namespace}/${id}`)).body.status).toEqual({
        state: 'error',
        message: expect.stringContaining('connection refused'),
      });
    });

    it('answers the upstream JSON-RPC error as is, with HTTP 200', async () => {
      const upstream = await start('healthy');
      const { id } = await put({ mcpUrl: upstream.url });
      const response = await harness.call('POST', `/connect/${namespace}/${id}/mcp`, {
        body: { jsonrpc: '2.0', id: 9, method: 'resources/list' },
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ jsonrpc: '2.0', id: 9, error: { code: -32601 } });
    });
  });

  describe('the REST tool routes of a real connection', () => {
    it('lists, looks up and calls the upstream tools', async () => {
      const upstream = await start('healthy');
      const { id } = await put({ mcpUrl: upstream.url });
      const listed = await harness.call('GET', `/connect/${namespace}/${id}/.tools`);
      expect(listed.status).toBe(200);
      expect(listed.body.tools.map((tool: { name: string }) => tool.name)).toEqual(['echo', 'add']);
      expect((await harness.call('GET', `/connect/${namespace}/${id}/.tools/add`)).body).toMatchObject({
        name: 'add',
        outputSchema: { required: ['sum'] },
      });
      const called = await harness.call('POST', `/connect/${namespace}/${id}/.tools/echo`, { body: { text: 'hello' } });
      expect(called.status).toBe(200);
      expect(called.body).toEqual({ content: [{ type: 'text', text: 'hello' }] });
    });

    it('answers 502 upstream_unavailable naming the failure, and 401 auth_required for a 401', async () => {
      const hanging = await start('hanging');
      const { id } = await put({ mcpUrl: hanging.url });
      const slow = await harness.call('GET', `/connect/${namespace}/${id}/.tools`);
      expect(slow.status).toBe(502);
      expect(slow.body).toEqual({
        error: 'upstream_unavailable',
        message: expect.stringContaining(`did not answer within ${timeoutMs} ms`),
      });
      const credential = { name: 'x-api-key', value: 'k1' };
      const locked = await start('healthy', { requireHeader: credential });
      const created = await put({ mcpUrl: locked.url, headers: { 'x-api-key': 'k1' } });
      credential.value = 'k2';
      const refused = await harness.call('GET', `/connect/${namespace}/${created.id}/.tools`);
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({ error: 'auth_required', message: expect.stringContaining('401') });
    });
  });
});
