/**
 * Who may talk to a local server (docs/decisions.md, "Origins and hosts"), over a real socket on 127.0.0.1 with the
 * development key: every route family refuses a Host that is not loopback, the listen address,
 * the public URL's host or an --allowed-host name (DNS rebinding), and only loopback pages, the
 * public URL's origin and --cors-origin origins get CORS; a foreign page's request is not acted on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { developmentApiKey } from '../../src/domain/api-key.js';
import { createPlatform } from '../../src/platform/platform.js';
import { startHarness, type Harness } from '../support/harness.js';
import { sendRaw, type RawAnswer } from '../support/raw-http.js';

const key = developmentApiKey;
const publicUrl = 'https://mcpsim.public.test';
const foreignHost = 'evil.example.com';
const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'probe', version: '1.0.0' } },
});
const mcpHeaders = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

describe('the Host a request names (DNS rebinding guard)', () => {
  let harness: Harness;
  let port: number;
  let setupPath: string;
  const send = (host: string, method: string, path: string, headers: Record<string, string> = {}, body?: string) =>
    sendRaw(port, { method, path, headers: { host, authorization: `Bearer ${key}`, ...headers }, ...(body === undefined ? {} : { body }) });

  beforeAll(async () => {
    harness = await startHarness('socket', { apiKey: key, publicUrl, allowedHosts: ['mybox.test', '.tunnel.test'] });
    port = Number(new URL(harness.baseUrl).port);
    await harness.call('PUT', '/namespaces/local', { key });
    expect((await harness.call('PUT', '/connect/local/up', { key, body: { transport: 'uplink' } })).status).toBe(201);
    await harness.call('PUT', '/connect/local/locked', { key, body: { server: '@modelcontextprotocol/time', mock: { enabled: true } } });
    const forced = await harness.call('PUT', '/__mcpsim/connections/local/locked/status', { key, body: { state: 'auth_required' } });
    setupPath = new URL(forced.body.status.setupUrl).pathname;
  });
  afterAll(() => harness.close());

  const refusedApi = (answer: RawAnswer, host = foreignHost) => {
    expect(answer.status).toBe(403);
    expect(answer.json).toEqual({
      error: 'host_not_allowed',
      message: `Host "${host}" is not a name this server answers to (a guard against DNS rebinding): reach it at localhost or 127.0.0.1, or start mcpsim with --allowed-host ${host.replace(/:\d+$/, '')} (env MCPSIM_ALLOWED_HOSTS)`,
    });
  };

  it('refuses a foreign Host on every API route family with 403 host_not_allowed and says why', async () => {
    for (const [method, path, body] of [
      ['GET', '/connect/demo'],
      ['GET', '/demo'],
      ['PUT', '/connect/demo/planted', '{"server":"@modelcontextprotocol/time","mock":{"enabled":true}}'],
      ['GET', '/namespaces'],
      ['POST', '/tokens', '{}'],
      ['GET', '/servers?q=time'],
      ['GET', '/health'],
      ['GET', '/openapi.json'],
      ['GET', '/'],
      ['POST', '/api/auth/cli/session', '{}'],
      ['GET', '/no/such/route'],
    ] as const) {
      const answer = await send(foreignHost, method, path, { 'content-type': 'application/json' }, body);
      refusedApi(answer);
    }
    // Refused before it ran: nothing was planted.
    expect((await harness.call('GET', '/connect/demo/planted', { key })).status).toBe(404);
  });

  it('refuses a foreign Host at both MCP endpoint mounts with a JSON-RPC error that has no id', async () => {
    for (const path of ['/connect/demo/time/mcp', '/demo/time/mcp']) {
      const answer = await send(foreignHost, 'POST', path, { ...mcpHeaders, origin: `http://${foreignHost}` }, initialize);
      expect(answer.status).toBe(403);
      expect(answer.json).toEqual({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32000, message: expect.stringContaining(`Host "${foreignHost}" is not a name this server answers to`) },
      });
    }
  });

  it('refuses a foreign Host on the dashboard, the setup pages and the CLI login page, with the same JSON reason', async () => {
    for (const [path, headers] of [
      ['/ui', {}],
      ['/ui/login', {}],
      ['/', { accept: 'text/html' }],
      [setupPath, { accept: 'text/html' }],
      ['/api/auth/cli/approve/abc', { accept: 'text/html' }],
    ] as const) {
      const answer = await send(`${foreignHost}:${port}`, 'GET', path, headers);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      refusedApi(answer, `${foreignHost}:${port}`);
    }
  });

  it('refuses an uplink WebSocket upgrade with a foreign Host over a real socket, and pairs with a loopback one', async () => {
    const upgrade = {
      connection: 'Upgrade',
      upgrade: 'websocket',
      'sec-websocket-version': '13',
      'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
    };
    refusedApi(await send(foreignHost, 'GET', '/connect/local/up', upgrade));
    refusedApi(await send(foreignHost, 'GET', '/local/up', upgrade));
    expect((await send(`127.0.0.1:${port}`, 'GET', '/connect/local/up?force=1', upgrade)).status).toBe(101);
  });

  it('serves loopback names, the public URL host and --allowed-host names, whatever the port', async () => {
    for (const host of [
      `127.0.0.1:${port}`,
      `localhost:${port}`,
      'LOCALHOST.',
      `[::1]:${port}`,
      '127.5.6.7',
      'app.localhost:3000',
      'mcpsim.public.test',
      'mybox.test:8080',
      'MyBox.Test',
      'a.tunnel.test',
      'tunnel.test',
    ]) {
      expect((await send(host, 'GET', '/health')).status, host).toBe(200);
      expect((await send(host, 'GET', '/connect/demo')).status, host).toBe(200);
      expect((await send(host, 'POST', '/connect/demo/time/mcp', mcpHeaders, initialize)).status, host).toBe(200);
    }
  });

  it('refuses names that only look local, and Host values that are not names', async () => {
    for (const host of ['127.0.0.1.evil.example', 'localhost.evil.example', 'evil.test', 'notmybox.test', 'tunnel.test.evil', '', '[::2]'])
      expect((await send(host, 'GET', '/health')).status, host).toBe(403);
    // Node's HTTP server refuses this one itself, before the app (400 with the platform's body).
    expect((await send('localhost@evil.example', 'GET', '/health')).status).toBe(400);
  });
});

describe('the listen address and the opt-out', () => {
  const answer = async (platform: ReturnType<typeof createPlatform>, host: string) =>
    (await platform.app.fetch(new Request('http://127.0.0.1/health', { headers: { host } }))).status;

  it('answers the address it listens on, and on a wildcard bind any IP address but no other name', async () => {
    const platform = createPlatform({ apiKey: key, publicUrl });
    try {
      expect(await answer(platform, '192.168.7.7:4010')).toBe(403);
      platform.listeningAt('http://192.168.7.7:4010');
      expect(await answer(platform, '192.168.7.7:4010')).toBe(200);
      expect(await answer(platform, '192.168.7.8:4010')).toBe(403);
      platform.listeningAt('http://0.0.0.0:4010');
      expect(await answer(platform, '192.168.7.8:4010')).toBe(200);
      expect(await answer(platform, '[fd00::5]:4010')).toBe(200);
      expect(await answer(platform, `${foreignHost}:4010`)).toBe(403);
      // The public URL can change once the server listens: its host follows.
      platform.setPublicUrl('https://other.public.test');
      expect(await answer(platform, 'other.public.test')).toBe(200);
      expect(await answer(platform, 'mcpsim.public.test')).toBe(403);
    } finally {
      platform.close();
    }
  });

  it("answers any Host with --allowed-host '*'", async () => {
    const platform = createPlatform({ apiKey: key, allowedHosts: ['*'] });
    try {
      expect(await answer(platform, foreignHost)).toBe(200);
    } finally {
      platform.close();
    }
  });
});

describe('the Origin of a web page (CORS)', () => {
  let harness: Harness;
  let port: number;
  const send = (method: string, path: string, headers: Record<string, string>, body?: string) =>
    sendRaw(port, { method, path, headers: { host: `127.0.0.1:${port}`, ...headers }, ...(body === undefined ? {} : { body }) });
  const preflight = (origin: string, path = '/connect/demo') =>
    send('OPTIONS', path, {
      origin,
      'access-control-request-method': 'PUT',
      'access-control-request-headers': 'authorization, content-type',
    });

  beforeAll(async () => {
    harness = await startHarness('socket', { apiKey: key, publicUrl, corsOrigins: ['http://app.example.test:5173'] });
    port = Number(new URL(harness.baseUrl).port);
  });
  afterAll(() => harness.close());

  it('grants loopback origins, the public URL origin and --cors-origin origins: preflight and response headers', async () => {
    for (const origin of [
      'http://localhost:3000',
      'https://localhost:8443',
      'http://127.0.0.1:5173',
      'http://[::1]:4000',
      'http://app.localhost:3000',
      publicUrl,
      'http://app.example.test:5173',
    ]) {
      const answer = await preflight(origin);
      expect(answer.status, origin).toBe(204);
      expect(answer.headers['access-control-allow-origin'], origin).toBe(origin);
      expect(answer.headers['access-control-allow-headers'], origin).toBe('authorization, content-type');
      expect(answer.headers['access-control-allow-methods'], origin).toContain('PUT');
      const read = await send('GET', '/connect/demo', { origin, authorization: `Bearer ${key}` });
      expect(read.status, origin).toBe(200);
      expect(read.headers['access-control-allow-origin'], origin).toBe(origin);
      expect(read.headers['access-control-expose-headers'], origin).toContain('mcp-session-id');
    }
  });

  it('answers a Private Network Access preflight only for an allowed origin', async () => {
    const ask = (origin: string) =>
      send('OPTIONS', '/connect/demo', {
        origin,
        'access-control-request-method': 'GET',
        'access-control-request-private-network': 'true',
      });
    expect((await ask('http://app.example.test:5173')).headers['access-control-allow-private-network']).toBe('true');
    const foreign = await ask('https://evil.example');
    expect(foreign.status).toBe(403);
    expect(foreign.headers['access-control-allow-private-network']).toBeUndefined();
  });

  it('refuses a foreign origin: no grant, 403 origin_not_allowed, preflight or not, and the request is not acted on', async () => {
    for (const origin of ['https://evil.example', 'http://app.example.test:5174', 'http://localhost.evil.example', 'null']) {
      const answer = await preflight(origin);
      expect(answer.status, origin).toBe(403);
      expect(answer.headers['access-control-allow-origin'], origin).toBeUndefined();
      expect(answer.json).toEqual({
        error: 'origin_not_allowed',
        message: expect.stringContaining(`Origin "${origin}" may not use this server`),
      });
    }
    // A non-browser can send the key with a foreign Origin; a browser never could (preflight), but either way nothing happens.
    const put = await send(
      'PUT',
      '/connect/demo/planted',
      { origin: 'https://evil.example', authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      '{"server":"@modelcontextprotocol/time","mock":{"enabled":true}}',
    );
    expect(put.status).toBe(403);
    expect(put.headers['access-control-allow-origin']).toBeUndefined();
    expect((await harness.call('GET', '/connect/demo/planted', { key })).status).toBe(404);
  });

  it("does not act on a foreign page's simple request: a text/plain POST to the MCP endpoint, a CLI login", async () => {
    const call = JSON.stringify({
      jsonrpc: '2.0',
      id: 7,
      method: 'tools/call',
      params: { name: 'get_current_time', arguments: { timezone: 'UTC' } },
    });
    for (const path of ['/connect/demo/time/mcp', '/demo/time/mcp']) {
      const answer = await send('POST', path, { origin: 'https://evil.example', 'content-type': 'text/plain' }, call);
      expect(answer.status).toBe(403);
      expect(answer.json).toEqual({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32000, message: expect.stringContaining('"https://evil.example"') },
      });
    }
    const memory = await harness.call('GET', '/__mcpsim/connections/demo/time/memory', { key });
    expect(memory.body.calls).toEqual([]);
    const login = await send('POST', '/api/auth/cli/session', { origin: 'https://evil.example', 'content-type': 'text/plain' }, '{}');
    expect(login.status).toBe(403);
    // A loopback page may start one but never read it: the CLI login hands out keys, so it grants no CORS at all.
    const local = await send(
      'POST',
      '/api/auth/cli/session',
      { origin: 'http://localhost:3000', 'content-type': 'application/json' },
      '{}',
    );
    expect(local.status).toBe(200);
    expect(local.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('never reads a key from a query string: a GET a page could send without preflight gets 401', async () => {
    for (const query of ['api_key', 'apiKey', 'key', 'token', 'access_token'].map((name) => `${name}=${key}`)) {
      const answer = await send('GET', `/connect/demo?${query}`, { origin: 'http://localhost:3000' });
      expect(answer.status, query).toBe(401);
      expect(answer.json.error).toBe('unauthorized');
    }
  });

  it('refuses an uplink WebSocket upgrade from a foreign page even with the key (CORS never covers WebSockets)', async () => {
    await harness.call('PUT', '/namespaces/local', { key });
    await harness.call('PUT', '/connect/local/up', { key, body: { transport: 'uplink' } });
    const answer = await send('GET', '/connect/local/up', {
      origin: 'https://evil.example',
      authorization: `Bearer ${key}`,
      connection: 'Upgrade',
      upgrade: 'websocket',
      'sec-websocket-version': '13',
      'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
    });
    expect(answer.status).toBe(403);
    expect(answer.json.error).toBe('origin_not_allowed');
    expect((await harness.call('GET', '/connect/local/up', { key })).body.status).toEqual({ state: 'disconnected' });
  });

  it("treats the server's own pages as its own: Origin equal to the (allowed) Host it was reached at", async () => {
    const own = await send('GET', '/connect/demo', { origin: `http://127.0.0.1:${port}`, authorization: `Bearer ${key}` });
    expect(own.status).toBe(200);
    const other = await sendRaw(port, {
      method: 'GET',
      path: '/connect/demo',
      headers: { host: 'localhost:1', origin: 'http://evil.example:1', authorization: `Bearer ${key}` },
    });
    expect(other.status).toBe(403);
  });

  it("grants any origin with --cors-origin '*'", async () => {
    const platform = createPlatform({ apiKey: key, corsOrigins: ['*'] });
    try {
      const answer = await platform.app.fetch(
        new Request('http://127.0.0.1/connect/demo', {
          method: 'OPTIONS',
          headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
        }),
      );
      expect(answer.status).toBe(204);
      expect(answer.headers.get('access-control-allow-origin')).toBe('https://evil.example');
    } finally {
      platform.close();
    }
  });
});
