/**
 * Uplink pairing (docs/decisions.md, "Uplink pairing"): a local MCP server (the real SDK server) pairs with an uplink
 * connection over a real WebSocket to the real server on 127.0.0.1, as the official CLI does, and
 * mcpsim relays MCP requests, REST tool calls and namespace listings to it as its MCP client.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startHarness, testApiKey, type Harness } from '../support/harness.js';
import { eventually } from '../support/eventually.js';
import { mint } from '../support/tokens.js';
import { createMcpServer } from '../support/upstream-servers.js';

/** A WebSocket from this test to mcpsim, and how it ended (or the HTTP status that refused it). */
interface Pairing {
  socket: WebSocket;
  opened: Promise<{ ok: true } | { ok: false; status: number; body: string }>;
  closed: Promise<{ code: number; reason: string }>;
}

/** Opens a WebSocket as the CLI does and, once open, serves the SDK server on it (one JSON-RPC message per text frame). */
function pairLocalServer(wsUrl: string, key: string, name = 'local-server'): Pairing {
  const socket = new WebSocket(wsUrl, { headers: { authorization: `Bearer ${key}` } });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  const opened = new Promise<Awaited<Pairing['opened']>>((resolve) => {
    socket.on('open', () => {
      const transport: Transport = {
        start: async () => {},
        send: async (message) => void socket.send(JSON.stringify(message)),
        close: async () => socket.close(),
      };
      socket.on('message', (data) => transport.onmessage?.(JSON.parse(data.toString())));
      socket.on('close', () => transport.onclose?.());
      void createMcpServer({ name, version: '9.9.9' }).connect(transport);
      resolve({ ok: true });
    });
    socket.on('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ ok: false, status: response.statusCode ?? 0, body }));
    });
    socket.on('error', () => {});
  });
  return { socket, opened, closed };
}

describe('uplink pairing over a WebSocket', () => {
  let harness: Harness;
  let wsBase: string;

  beforeAll(async () => {
    // The local servers here answer in process, so the short bound holds; one test proves it fires.
    harness = await startHarness('socket', { uplinkTimeoutMs: 1500 });
    wsBase = harness.baseUrl.replace('http://', 'ws://');
    await harness.call('PUT', '/namespaces/local');
    for (const id of ['up', 'other', 'scoped'])
      expect((await harness.call('PUT', `/connect/local/${id}`, { body: { transport: 'uplink' } })).status).toBe(201);
    await harness.call('PUT', '/connect/local/plain', { body: { server: '@modelcontextprotocol/time', mock: { enabled: true } } });
  });
  afterAll(() => harness.close());

  it('pairs at the root, relays MCP, REST tool calls and namespace listings, and reads disconnected when the socket closes', async () => {
    expect((await harness.call('GET', '/local/up')).body.status).toEqual({ state: 'disconnected' });
    const pairing = pairLocalServer(`${wsBase}/local/up`, testApiKey);
    expect(await pairing.opened).toEqual({ ok: true });
    await eventually(async () =>
      expect((await harness.call('GET', '/local/up')).body).toMatchObject({
        status: { state: 'connected' },
        serverInfo: { name: 'local-server', version: '9.9.9' },
      }),
    );

    const listed = await harness.call('POST', '/local/up/mcp', { body: { jsonrpc: '2.0', id: 1, method: 'tools/list' } });
    expect(listed.body.result.tools.map((tool: { name: string }) => tool.name)).toEqual(['echo', 'add']);
    const called = await harness.call('POST', '/connect/local/up/mcp', {
      body: { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'add', arguments: { a: 2, b: 3 } } },
    });
    expect(called.body.result.structuredContent).toEqual({ sum: 5 });
    const rest = await harness.call('POST', '/local/up/.tools/echo', { body: { text: 'over the socket' } });
    expect(rest.status).toBe(200);
    expect(JSON.stringify(rest.body)).toContain('over the socket');
    const namespaceTools = await harness.call('GET', '/local/.tools');
    expect(JSON.stringify(namespaceTools.body)).toContain('"echo"');

    pairing.socket.close();
    await pairing.closed;
    await eventually(async () => expect((await harness.call('GET', '/local/up')).body.status).toEqual({ state: 'disconnected' }));
    const afterClose = await harness.call('POST', '/local/up/mcp', { body: { jsonrpc: '2.0', id: 3, method: 'tools/list' } });
    expect(afterClose.status).toBe(502);
  });

  it('refuses a second pairing with 409, and with force=1 replaces the first, which is closed with 1001 replaced', async () => {
    const first = pairLocalServer(`${wsBase}/connect/local/other`, testApiKey, 'first');
    expect(await first.opened).toEqual({ ok: true });
    await eventually(async () => expect((await harness.call('GET', '/local/other')).body.serverInfo?.name).toBe('first'));

    const refused = pairLocalServer(`${wsBase}/local/other`, testApiKey, 'second');
    const answer = await refused.opened;
    expect(answer).toMatchObject({ ok: false, status: 409 });
    expect(JSON.parse((answer as { body: string }).body)).toEqual({ error: 'conflict', message: expect.stringContaining('?force=1') });

    const forced = pairLocalServer(`${wsBase}/local/other?force=1`, testApiKey, 'forced');
    expect(await forced.opened).toEqual({ ok: true });
    expect(await first.closed).toEqual({ code: 1001, reason: 'replaced' });
    await eventually(async () =>
      expect((await harness.call('GET', '/local/other')).body).toMatchObject({
        status: { state: 'connected' },
        serverInfo: { name: 'forced' },
      }),
    );
    forced.socket.close();
    await forced.closed;
  });

  it('authenticates the key or a token with connections:execute, and refuses what is not an uplink connection', async () => {
    const bad = await pairLocalServer(`${wsBase}/local/scoped`, 'not-a-key').opened;
    expect(bad).toMatchObject({ ok: false, status: 401 });
    const readOnly = await mint(harness, [{ resources: 'connections', operations: 'read', namespaces: 'local' }]);
    expect(await pairLocalServer(`${wsBase}/local/scoped`, readOnly).opened).toMatchObject({ ok: false, status: 403 });
    expect(await pairLocalServer(`${wsBase}/local/missing`, testApiKey).opened).toMatchObject({ ok: false, status: 404 });
    const notUplink = await pairLocalServer(`${wsBase}/local/plain`, testApiKey).opened;
    expect(notUplink).toMatchObject({ ok: false, status: 409 });
    expect((notUplink as { body: string }).body).toContain('not an uplink connection');

    const executor = await mint(harness, [{ resources: 'connections', operations: 'execute', namespaces: 'local' }]);
    const paired = pairLocalServer(`${wsBase}/local/scoped`, executor);
    expect(await paired.opened).toEqual({ ok: true });
    await eventually(async () => expect((await harness.call('GET', '/local/scoped')).body.status).toEqual({ state: 'connected' }));
    // Deleting the connection ends its pairing.
    expect((await harness.call('DELETE', '/local/scoped')).status).toBe(200);
    expect(await paired.closed).toEqual({ code: 1000, reason: 'connection deleted' });
  });

  it('bounds the initialize of the local server by the upstream timeout: one that never answers ends in error, its socket closed', async () => {
    await harness.call('PUT', '/connect/local/silent', { body: { transport: 'uplink' } });
    const socket = new WebSocket(`${wsBase}/local/silent`, { headers: { authorization: `Bearer ${testApiKey}` } });
    const closed = new Promise<{ code: number }>((resolve) => socket.on('close', (code) => resolve({ code })));
    const started = Date.now();
    // The harness's upstream timeout is 1.5 s; this side reads frames and never answers.
    // Closed by mcpsim (the SDK client closes its transport when initialize times out).
    expect((await closed).code).toBe(1000);
    expect(Date.now() - started).toBeLessThan(15_000); // 10× the 1.5 s upstream timeout: it fired
    const read = await harness.call('GET', '/local/silent');
    expect(read.body.status).toMatchObject({ state: 'error', message: expect.stringContaining('failed to initialize') });
  });

  it('starts every uplink connection disconnected, whatever a process that stopped without closing left', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mcpsim-uplink-'));
    try {
      const first = await startHarness('in-process', { dataDir });
      await first.call('PUT', '/namespaces/crashed');
      await first.call('PUT', '/connect/crashed/up', { body: { transport: 'uplink' } });
      const stored = first.platform.stores.connections.getInNamespace(first.platform.stores.accounts.findLocal()!.id, 'crashed', 'up')!;
      // What a process killed while a local server was paired leaves behind.
      first.platform.stores.connections.setStatus(stored.namespaceKey!, { ...stored, status: { state: 'connected' } });
      expect((await first.call('GET', '/crashed/up')).body.status).toEqual({ state: 'connected' });
      await first.close();
      const second = await startHarness('in-process', { dataDir });
      expect((await second.call('GET', '/crashed/up')).body.status).toEqual({ state: 'disconnected' });
      await second.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('answers an upgrade request that reaches app.fetch without a socket door as an ordinary GET', async () => {
    const response = await harness.platform.app.fetch(
      new Request('http://mcpsim.test/local/up', { headers: { authorization: `Bearer ${testApiKey}`, upgrade: 'websocket' } }),
    );
    expect(response.status).toBe(200);
    expect(((await response.json()) as { connectionId: string }).connectionId).toBe('up');
  });
});
