/**
 * `@modelcontextprotocol/server-everything` (a pinned dev dependency, started from node_modules)
 * over Streamable HTTP as a real upstream of an HTTP connection (issue 18, item 4): the real
 * server on 127.0.0.1, the real MCP SDK client on both sides (through mcpsim, and straight to the
 * upstream to compare), REST `.tools` and namespace listings. Its streamableHttp mode listens on
 * `process.env.PORT` on every interface; a preload (test/support/loopback-listen.cjs) binds it to
 * 127.0.0.1 instead and reports the port it got, and the network guard (loopback-only.cjs) keeps
 * it off the network.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, testApiKey, type Harness } from '../support/harness.js';
import { startEverything, type Everything } from '../support/everything-server.js';

async function connect(url: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}

/** Every tool, following `nextCursor` page by page. */
async function listAllTools(client: Client): Promise<Tool[]> {
  const tools: Tool[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor === undefined ? {} : { cursor });
    tools.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return tools;
}

describe('server-everything over Streamable HTTP as a real upstream', () => {
  let harness: Harness;
  let everything: Everything;
  let direct: Client;
  let relayed: Client;
  const mcpUrl = () => `${harness.baseUrl}/connect/http/everything/mcp`;

  beforeAll(async () => {
    everything = await startEverything();
    harness = await startHarness('socket', { upstreamTimeoutMs: 5000, upstreamCallTimeoutMs: 5000 });
    await harness.call('PUT', '/namespaces/http');
    const created = await harness.call('PUT', '/connect/http/everything', { body: { mcpUrl: everything.url } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    direct = await connect(everything.url);
    relayed = await connect(mcpUrl(), { authorization: `Bearer ${testApiKey}` });
  }, 30_000);
  afterAll(async () => {
    await relayed?.close().catch(() => {});
    await direct?.close().catch(() => {});
    await harness?.close();
    await everything?.stop();
  });

  it('is connected with the upstream serverInfo, and lists every tool the upstream lists (all pages)', async () => {
    const view = (await harness.call('GET', '/connect/http/everything')).body;
    expect(view).toMatchObject({
      transport: 'http',
      mcpUrl: everything.url,
      status: { state: 'connected' },
      serverInfo: { name: direct.getServerVersion()!.name },
    });
    const upstreamTools = await listAllTools(direct);
    const tools = await listAllTools(relayed);
    expect(tools.length).toBeGreaterThanOrEqual(10);
    expect(tools).toEqual(upstreamTools);
    expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['echo', 'get-sum', 'get-structured-content']));
  });

  it('relays tool calls and answers as the upstream does: echo, get-sum, structured content', async () => {
    expect(await relayed.callTool({ name: 'echo', arguments: { message: 'over HTTP' } })).toEqual({
      content: [{ type: 'text', text: 'Echo: over HTTP' }],
    });
    const sum = await relayed.callTool({ name: 'get-sum', arguments: { a: 2, b: 40 } });
    expect(JSON.stringify(sum.content)).toContain('42');
    expect(sum).toEqual(await direct.callTool({ name: 'get-sum', arguments: { a: 2, b: 40 } }));
    const structured = await relayed.callTool({ name: 'get-structured-content', arguments: { location: 'New York' } });
    expect(structured).toEqual(await direct.callTool({ name: 'get-structured-content', arguments: { location: 'New York' } }));
    expect(structured.structuredContent).toBeDefined();
  });

  it('relays a tool error as is: the upstream result with isError, not a protocol error', async () => {
    const bad = { name: 'get-sum', arguments: { a: 'two', b: 40 } };
    const upstream = await direct.callTool(bad);
    expect(upstream.isError).toBe(true);
    expect(await relayed.callTool(bad)).toEqual(upstream);
    const rest = await harness.call('POST', '/connect/http/everything/.tools/get-sum', { body: { a: 'two', b: 40 } });
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ isError: true, content: upstream.content });
  });

  it('serves the REST .tools view and the namespace listing from the upstream', async () => {
    const listed = await harness.call('GET', '/connect/http/everything/.tools');
    expect(listed.status).toBe(200);
    const names = JSON.stringify(listed.body);
    for (const name of ['echo', 'get-sum', 'trigger-long-running-operation']) expect(names).toContain(`"${name}"`);
    const echo = await harness.call('GET', '/connect/http/everything/.tools/echo');
    expect(echo.body).toMatchObject({ name: 'echo', inputSchema: { properties: { message: expect.any(Object) } } });
    const called = await harness.call('POST', '/http/everything/.tools/echo', { body: { message: 'via REST' } });
    expect(called.status).toBe(200);
    expect(called.body).toMatchObject({ content: [{ type: 'text', text: 'Echo: via REST' }] });
    const namespace = await harness.call('GET', '/http/.tools');
    expect(namespace.status).toBe(200);
    const envelope = namespace.body.connections.find((candidate: { connectionId: string }) => candidate.connectionId === 'everything');
    expect(envelope).toMatchObject({ status: { state: 'connected' } });
    expect(envelope.tools.map((tool: Tool) => tool.name)).toEqual((await listAllTools(direct)).map((tool) => tool.name));
  });

  it('the upstream stopping mid-session: a call in flight and the calls after it fail with a clear 502 at once, never a hang', async () => {
    // A call that takes 10 s upstream is in flight when the process is killed.
    const inFlight = harness.call('POST', '/connect/http/everything/mcp', {
      body: {
        jsonrpc: '2.0',
        id: 7,
        method: 'tools/call',
        params: { name: 'trigger-long-running-operation', arguments: { duration: 10, steps: 5 } },
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const started = Date.now();
    await everything.stop();
    const failed = await inFlight;
    // "At once" is told by the message (closed, not the 5 s call timeout); the bound only proves nothing hangs.
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(failed.status).toBe(502);
    expect(failed.body).toMatchObject({
      jsonrpc: '2.0',
      id: 7,
      error: { message: expect.stringMatching(new RegExp(`${new URL(everything.url).host}.*closed`)) },
    });

    const after = Date.now();
    const next = await harness.call('POST', '/connect/http/everything/mcp', {
      body: { jsonrpc: '2.0', id: 8, method: 'tools/call', params: { name: 'echo', arguments: { message: 'anyone?' } } },
    });
    expect(Date.now() - after).toBeLessThan(10_000);
    expect(next.status).toBe(502);
    expect(next.body.error.message).toMatch(/refused|closed the connection/);
    const rest = await harness.call('POST', '/connect/http/everything/.tools/echo', { body: { message: 'anyone?' } });
    expect(rest.status).toBe(502);
    expect(rest.body).toMatchObject({ error: 'upstream_unavailable', message: expect.stringMatching(/refused/) });
    await expect(relayed.callTool({ name: 'echo', arguments: { message: 'anyone?' } })).rejects.toThrow(/refused|502/);
    // The namespace listing names the failure instead of waiting for it.
    const envelope = (await harness.call('GET', '/http/.tools')).body.connections.find(
      (candidate: { connectionId: string }) => candidate.connectionId === 'everything',
    );
    expect(envelope.error).toMatchObject({ message: expect.stringMatching(/refused/) });
    expect((await harness.call('GET', '/connect/http/everything')).body.status).toEqual({
      state: 'error',
      message: expect.stringMatching(/^connection refused by 127\.0\.0\.1:\d+ \(ECONNREFUSED\)/),
    });
  });

  it('the upstream back on the same port: the next call opens a new session and is answered, and the status is connected again', async () => {
    everything = await startEverything(Number(new URL(everything.url).port));
    const answer = await harness.call('POST', '/connect/http/everything/mcp', {
      body: { jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'echo', arguments: { message: 'back' } } },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.result).toEqual({ content: [{ type: 'text', text: 'Echo: back' }] });
    expect((await harness.call('GET', '/connect/http/everything')).body.status).toEqual({ state: 'connected' });
  });

  it('the upstream restarted between two calls: its event stream broke, so the stale session is dropped and the next call is answered', async () => {
    expect((await relayed.callTool({ name: 'echo', arguments: { message: 'before' } })).content).toEqual([
      { type: 'text', text: 'Echo: before' },
    ]);
    const port = Number(new URL(everything.url).port);
    await everything.stop();
    everything = await startEverything(port);
    // The SDK tries to resume the session's event stream after 1 s; the new process knows no such session.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const answer = await harness.call('POST', '/connect/http/everything/mcp', {
      body: { jsonrpc: '2.0', id: 10, method: 'tools/call', params: { name: 'echo', arguments: { message: 'again' } } },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.result).toEqual({ content: [{ type: 'text', text: 'Echo: again' }] });
  });
});
