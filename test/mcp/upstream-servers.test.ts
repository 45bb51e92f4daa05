/**
 * The local upstream MCP servers of test/support/upstream-servers.ts, seen through the real SDK
 * client (`Client` + `StreamableHTTPClientTransport`, @modelcontextprotocol/sdk 1.32.2, Node 20's
 * fetch). The assertions pin down what `client.connect()` rejects with for each way an upstream
 * fails; whoever classifies upstream failures can rely on this table (each row is asserted below):
 *
 * | upstream                       | connect() rejects with                                                          |
 * |--------------------------------|---------------------------------------------------------------------------------|
 * | unauthorized / requireHeader   | `StreamableHTTPError` (from sdk/client/streamableHttp.js), `.code === 401` (the   |
 * |   missing or wrong             | HTTP status), message `Streamable HTTP error: Error POSTing to endpoint: <body>`  |
 * |                                | where <body> is the raw response text. No authProvider, so no OAuth attempt.      |
 * | garbage, variant 'html'        | `SyntaxError` (from `response.json()`), no `.code`:                               |
 * |                                | `Unexpected token '<', "<html><bod"... is not valid JSON`                         |
 * | garbage, variant 'bad-json'    | `SyntaxError`, no `.code`: `Unexpected end of JSON input`                         |
 * | garbage, variant 'not-jsonrpc' | `ZodError` (zod 4; `name === 'ZodError'`, `.issues[0].code === 'invalid_union'`), |
 * |                                | thrown by `JSONRPCMessageSchema.parse`; the message is the issues as JSON         |
 * | socket-close                   | `TypeError: fetch failed`, `.cause` is undici's `SocketError`:                    |
 * |                                | `cause.code === 'UND_ERR_SOCKET'`, `cause.message === 'other side closed'`        |
 * | refusedUrl()                   | `TypeError: fetch failed`, `.cause` is a system `Error`:                          |
 * |                                | `cause.code === 'ECONNREFUSED'`, `connect ECONNREFUSED 127.0.0.1:<port>`          |
 * | hanging, `connect(t, {timeout: 300})` | `McpError` (sdk/types.js), `.code === -32001` (`ErrorCode.RequestTimeout`), |
 * |                                | message `MCP error -32001: Request timed out`, `.data` `{ timeout: 300 }`         |
 *
 * Only McpError and StreamableHTTPError carry a numeric `.code`; the network failures carry a string
 * `cause.code`; parse failures carry neither. The hanging upstream receives exactly one request: the
 * `notifications/cancelled` sent after the timeout is aborted by the client's own close().
 * A failed connect() already calls `client.close()` (fire and forget); calling it again is harmless,
 * and after it no client socket stays open (checked below), so the process can exit.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { refusedUrl, startUpstream, type Upstream, type UpstreamKind, type UpstreamOptions } from '../support/upstream-servers.js';

const started: Upstream[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((upstream) => upstream.close()));
});

async function start(kind: UpstreamKind, options?: UpstreamOptions): Promise<Upstream> {
  const upstream = await startUpstream(kind, options);
  started.push(upstream);
  return upstream;
}

function newClient(): Client {
  return new Client({ name: 'upstream-servers-test', version: '1.0.0' });
}

/** Connects a fresh client, expecting failure; closes it and answers what connect() rejected with. */
async function connectError(url: string, options: { timeout?: number; headers?: Record<string, string> } = {}): Promise<unknown> {
  const client = newClient();
  const transport = new StreamableHTTPClientTransport(
    new URL(url),
    options.headers ? { requestInit: { headers: options.headers } } : undefined,
  );
  const error = await client.connect(transport, options.timeout === undefined ? undefined : { timeout: options.timeout }).then(
    () => new Error('connect() succeeded'),
    (rejection: unknown) => rejection,
  );
  await client.close();
  return error;
}

const openSockets = () =>
  process.getActiveResourcesInfo().filter((resource) => resource === 'TCPSocketWrap' || resource === 'ConnectWrap').length;

/**
 * Closes the upstreams, then polls until no client or server socket is left open (sockets close a
 * tick or two after close()): a failed connect must not leave anything that keeps the process alive.
 */
async function expectNoOpenSockets(): Promise<void> {
  await Promise.all(started.map((upstream) => upstream.close()));
  const deadline = Date.now() + 2_000;
  while (openSockets() > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(process.getActiveResourcesInfo().filter((resource) => resource === 'TCPSocketWrap' || resource === 'ConnectWrap')).toEqual([]);
}

describe('a healthy upstream', () => {
  it('initializes, lists echo and add, and calls both through the SDK client', async () => {
    const upstream = await start('healthy');
    expect(upstream.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const client = newClient();
    await client.connect(new StreamableHTTPClientTransport(new URL(upstream.url)));
    expect(client.getServerVersion()).toEqual({ name: 'upstream-healthy', version: '1.2.3' });
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['echo', 'add']);
    expect(await client.callTool({ name: 'echo', arguments: { text: 'hi there' } })).toEqual({
      content: [{ type: 'text', text: 'hi there' }],
    });
    expect((await client.callTool({ name: 'add', arguments: { a: 2, b: 5 } })).structuredContent).toEqual({ sum: 7 });
    await client.close();
    // initialize, notifications/initialized, tools/list, 2 x tools/call, and the client's
    // fire-and-forget GET for an SSE stream (405), which may or may not have arrived yet
    expect(upstream.requests).toBeGreaterThanOrEqual(5);
    expect(upstream.requests).toBeLessThanOrEqual(6);
  });

  it('answers GET and DELETE with 405 and a JSON-RPC error', async () => {
    const upstream = await start('healthy');
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(upstream.url, { method, headers: { accept: 'application/json, text/event-stream' } });
      expect(response.status).toBe(405);
      expect(await response.json()).toEqual({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null });
    }
  });

  it('serves the tools and server name it is given', async () => {
    const upstream = await start('healthy', {
      name: 'custom',
      tools: [{ name: 'ping', inputSchema: { type: 'object' }, call: () => ({ content: [{ type: 'text', text: 'pong' }] }) }],
    });
    const client = newClient();
    await client.connect(new StreamableHTTPClientTransport(new URL(upstream.url)));
    expect(client.getServerVersion()?.name).toBe('custom');
    expect((await client.listTools()).tools).toEqual([{ name: 'ping', inputSchema: { type: 'object' } }]);
    expect(await client.callTool({ name: 'ping', arguments: {} })).toEqual({ content: [{ type: 'text', text: 'pong' }] });
    await client.close();
  });

  it('with requireHeader, answers 401 without the header or with a wrong value, and works with the right one', async () => {
    const upstream = await start('healthy', { requireHeader: { name: 'X-Api-Key', value: 'secret-1' } });
    const raw = await fetch(upstream.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(raw.status).toBe(401);
    expect(raw.headers.get('www-authenticate')).toBe('Bearer realm="upstream"');
    expect(await raw.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 }, id: null });

    for (const headers of [undefined, { 'X-Api-Key': 'wrong' }]) {
      const error = await connectError(upstream.url, headers ? { headers } : {});
      expect(error).toBeInstanceOf(StreamableHTTPError);
      expect(error).toMatchObject({
        code: 401,
        message: expect.stringMatching(/^Streamable HTTP error: Error POSTing to endpoint: \{"jsonrpc":"2.0","error"/),
      });
    }

    const client = newClient();
    await client.connect(
      new StreamableHTTPClientTransport(new URL(upstream.url), { requestInit: { headers: { 'x-api-key': 'secret-1' } } }),
    );
    expect((await client.listTools()).tools).toHaveLength(2);
    await client.close();
  });
});

describe('failing upstreams, as the SDK client sees them', () => {
  it('unauthorized: StreamableHTTPError with code 401 and a Bearer challenge', async () => {
    const upstream = await start('unauthorized');
    const error = await connectError(upstream.url);
    expect(error).toBeInstanceOf(StreamableHTTPError);
    expect(error).toMatchObject({
      code: 401,
      message: expect.stringContaining('Error POSTing to endpoint: {"jsonrpc":"2.0","error":{"code":-32000'),
    });
    const raw = await fetch(upstream.url, { method: 'POST', body: '{}' });
    expect(raw.status).toBe(401);
    expect(raw.headers.get('www-authenticate')).toBe('Bearer realm="upstream"');
    expect(upstream.requests).toBe(2);
    await expectNoOpenSockets();
  });

  it.each([
    ['html', 'Unexpected token \'<\', "<html><bod"... is not valid JSON'],
    ['bad-json', 'Unexpected end of JSON input'],
  ] as const)('garbage (%s): a SyntaxError from response.json()', async (variant, message) => {
    const upstream = await start('garbage', { variant });
    const error = await connectError(upstream.url);
    expect(error).toBeInstanceOf(SyntaxError);
    expect(error).toMatchObject({ message });
    expect((error as { code?: unknown }).code).toBeUndefined();
    await expectNoOpenSockets();
  });

  it('garbage defaults to bad JSON with content-type application/json', async () => {
    const upstream = await start('garbage');
    const response = await fetch(upstream.url, { method: 'POST', body: '{}' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.text()).toBe('{"hello":');
  });

  it('garbage (not-jsonrpc): a ZodError from JSONRPCMessageSchema.parse', async () => {
    const upstream = await start('garbage', { variant: 'not-jsonrpc' });
    const error = await connectError(upstream.url);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'ZodError', issues: [expect.objectContaining({ code: 'invalid_union' })] });
    expect((error as { code?: unknown }).code).toBeUndefined();
    await expectNoOpenSockets();
  });

  it('socket-close: TypeError "fetch failed" caused by UND_ERR_SOCKET "other side closed"', async () => {
    const upstream = await start('socket-close');
    const error = await connectError(upstream.url);
    expect(error).toBeInstanceOf(TypeError);
    expect(error).toMatchObject({
      message: 'fetch failed',
      cause: { name: 'SocketError', code: 'UND_ERR_SOCKET', message: 'other side closed' },
    });
    expect(upstream.requests).toBe(1);
    await expectNoOpenSockets();
  });

  it('refusedUrl: TypeError "fetch failed" caused by ECONNREFUSED', async () => {
    const url = await refusedUrl();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const error = await connectError(url);
    expect(error).toBeInstanceOf(TypeError);
    expect(error).toMatchObject({
      message: 'fetch failed',
      cause: { code: 'ECONNREFUSED', message: expect.stringMatching(/^connect ECONNREFUSED 127\.0\.0\.1:\d+$/) },
    });
    await expectNoOpenSockets();
  });

  it('hanging: McpError RequestTimeout (-32001) when connect() has a timeout; close() does not hang', async () => {
    const upstream = await start('hanging');
    const started = performance.now();
    const error = await connectError(upstream.url, { timeout: 300 });
    expect(performance.now() - started).toBeLessThan(3_000); // 10× the 300 ms timeout: it fired
    expect(error).toBeInstanceOf(McpError);
    expect(error).toMatchObject({ code: ErrorCode.RequestTimeout, message: 'MCP error -32001: Request timed out', data: { timeout: 300 } });
    expect(upstream.requests).toBe(1);
    await expectNoOpenSockets();
  });

  it('hanging: close() ends requests still waiting, which then fail with "fetch failed"', async () => {
    const upstream = await start('hanging');
    const pending = fetch(upstream.url, { method: 'POST', body: '{}' }).then(
      () => 'answered',
      (error: unknown) => error,
    );
    while (upstream.requests === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    await upstream.close();
    expect(await pending).toMatchObject({ name: 'TypeError', message: 'fetch failed', cause: { code: 'UND_ERR_SOCKET' } });
    await expectNoOpenSockets();
  });
});
