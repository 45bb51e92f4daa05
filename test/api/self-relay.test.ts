/**
 * A connection whose upstream is this server itself (issue 37): refused at the write with a 400
 * naming `mcpUrl` when the URL shows it (its address, a loopback name on its port, its public
 * URL, either mount), and at the relay by the hop marker when it does not (an address the server
 * does not know as its own): one refused request, never a loop. The relay (the MCP SDK's
 * transport) follows same-origin redirects only, so a redirect cannot lead here either. Over a
 * real socket, since a loop needs one.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, testApiKey, type Harness } from '../support/harness.js';

const namespace = 'loops';
const auth = { authorization: `Bearer ${testApiKey}` };
const mcpHeaders = { ...auth, 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const listTools = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });

/** `/health` answers, and within a bound that only proves nothing hangs. */
async function expectHealthy(harness: Harness): Promise<void> {
  const started = Date.now();
  expect((await fetch(`${harness.baseUrl}/health`)).status).toBe(200);
  expect(Date.now() - started).toBeLessThan(10_000);
}

describe('a connection that relays to this server', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness('socket');
    await harness.call('PUT', `/namespaces/${namespace}`);
  });
  afterAll(() => harness.close());

  const port = () => new URL(harness.baseUrl).port;
  it.each([
    ['its own address, the Connect mount', (p: string) => `http://127.0.0.1:${p}/connect/${namespace}/self/mcp`],
    ['the root mount', (p: string) => `http://127.0.0.1:${p}/${namespace}/self/mcp`],
    ['localhost', (p: string) => `http://localhost:${p}/connect/${namespace}/self/mcp`],
    ['[::1]', (p: string) => `http://[::1]:${p}/connect/${namespace}/self/mcp`],
    ['0.0.0.0', (p: string) => `http://0.0.0.0:${p}/${namespace}/self/mcp`],
    ['another loopback address', (p: string) => `http://127.0.0.2:${p}/mcp`],
  ])('is refused with 400 naming mcpUrl: %s', async (_, toUrl) => {
    const mcpUrl = toUrl(port());
    const response = await harness.call('PUT', `/connect/${namespace}/self`, { body: { mcpUrl, headers: auth } });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: 'validation_error',
      message: expect.stringMatching(/^mcpUrl: .* is this mcpsim server itself/),
    });
    expect((await harness.call('GET', `/connect/${namespace}/self`)).status).toBe(404);
    // POST with a generated id takes the same rule.
    expect((await harness.call('POST', `/connect/${namespace}`, { body: { mcpUrl, headers: auth } })).status).toBe(400);
  });

  it('answers a request that carries the hop marker with 508, a JSON-RPC error on the MCP endpoint', async () => {
    await harness.call('PUT', `/connect/${namespace}/elsewhere`, { body: { mcpUrl: 'http://127.0.0.1:9/mcp' } });
    const mcp = await fetch(`${harness.baseUrl}/connect/${namespace}/elsewhere/mcp`, {
      method: 'POST',
      headers: { ...mcpHeaders, 'mcpsim-hop': '1' },
      body: listTools,
    });
    expect(mcp.status).toBe(508);
    expect(await mcp.json()).toMatchObject({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32000, message: expect.stringContaining('mcpsim-hop') },
    });
    const api = await fetch(`${harness.baseUrl}/namespaces`, { headers: { ...auth, 'mcpsim-hop': '1' } });
    expect(api.status).toBe(508);
    expect(await api.json()).toEqual({ error: 'loop_detected', message: expect.stringContaining('mcpUrl leads to this server itself') });
  });
});

describe('a loop the write cannot see', () => {
  let harness: Harness;
  let redirector: Server;
  let redirected = 0;
  let mcpRequests = 0;
  beforeAll(async () => {
    // The server does not know the address it is reached at (a name, a proxy): only the hop marker can tell.
    harness = await startHarness('socket', {
      publicUrl: 'http://mcpsim.test',
      upstreamTimeoutMs: 1500,
      logger: { error: () => {}, request: (entry) => void (entry.path.endsWith('/mcp') && mcpRequests++) },
    });
    await harness.call('PUT', `/namespaces/${namespace}`);
    redirector = createServer((_request, response) => {
      redirected++;
      response.writeHead(307, { location: `${harness.baseUrl}/connect/${namespace}/via-redirect/mcp` }).end();
    });
    await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await harness.close();
    await new Promise((resolve) => redirector.close(resolve));
  });

  it('costs one refused request per relayed one: the probe and every call end with a status that says why', async () => {
    mcpRequests = 0;
    const mcpUrl = `${harness.baseUrl}/connect/${namespace}/direct/mcp`;
    const created = await harness.call('PUT', `/connect/${namespace}/direct`, { body: { mcpUrl, headers: auth } });
    expect(created.status).toBe(201);
    expect(created.body.status).toEqual({ state: 'error', message: expect.stringMatching(/HTTP 508.*mcpsim-hop/) });
    // The probe's initialize reached the endpoint once, and was refused there.
    expect(mcpRequests).toBe(1);

    const call = await fetch(`${harness.baseUrl}/connect/${namespace}/direct/mcp`, {
      method: 'POST',
      headers: mcpHeaders,
      body: listTools,
    });
    expect(call.status).toBe(502);
    expect(await call.json()).toMatchObject({ error: { message: expect.stringContaining('HTTP 508') } });
    // The client's request and the one relayed hop: nothing calls itself on its own.
    expect(mcpRequests).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mcpRequests).toBe(3);
    await expectHealthy(harness);
  });

  it('does not follow a redirect to this server (the relay follows same-origin redirects only)', async () => {
    mcpRequests = 0;
    const mcpUrl = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}/mcp`;
    const created = await harness.call('PUT', `/connect/${namespace}/via-redirect`, { body: { mcpUrl, headers: auth } });
    expect(created.status).toBe(201);
    expect(created.body.status).toEqual({
      state: 'error',
      message: expect.stringMatching(/answered HTTP 307: Redirect to .* not followed/),
    });
    expect(redirected).toBe(1);
    // A same-origin redirect stays on a server that is not this one; what lands here carries the marker anyway.
    expect(mcpRequests).toBe(0);
    await expectHealthy(harness);
  });
});
