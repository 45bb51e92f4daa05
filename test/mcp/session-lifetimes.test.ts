/**
 * Everything an MCP session opens ends with what it belongs to (docs/api.md, "The MCP endpoint"):
 * deleting its connection, removing the API key or the expiry of the token that opened it ends its
 * GET stream and, on a relay, its upstream session; a cancelled call ends its stream and frees its connection's queue;
 * a resumed stream ends after its response; an id already in flight is refused. Raw fetch over a
 * real socket, a real SDK MCP server upstream on 127.0.0.1.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toStoredKey } from '../../src/domain/api-key.js';
import { addAccount } from '../support/accounts.js';
import { eventually } from '../support/eventually.js';
import { startHarness, testApiKey, type Harness } from '../support/harness.js';
import { serveMcpSessions, type SessionHttpServer } from '../support/session-http-server.js';
import { mint } from '../support/tokens.js';

const namespace = 'lifetimes';
const version = '2025-11-25';
const server = {
  displayName: 'Lifetimes',
  tools: ['slow', 'medium', 'echo'].map((name) => ({ name, description: `${name}.`, inputSchema: { type: 'object', properties: {} } })),
};
/** Bound on waiting for a stream to end: far above the second it takes, far below the 60 s latency it must not wait out. */
const endBoundMs = 10_000;

let harness: Harness;
let upstream: SessionHttpServer;
const upstreamClosed: string[] = [];
let connections = 0;

beforeAll(async () => {
  upstream = await serveMcpSessions(() => {
    const mcp = new McpServer({ name: 'ticker', version: '1.0.0' }, { capabilities: { logging: {} } });
    let ticking: NodeJS.Timeout | undefined;
    // Ticks outside any call go on the session's GET stream, as a server's own messages do.
    mcp.registerTool('tick', { description: 'Starts ticking.' }, async () => {
      ticking ??= setInterval(
        () => void mcp.server.notification({ method: 'notifications/message', params: { level: 'info', data: 'tick' } }).catch(() => {}),
        100,
      );
      return { content: [{ type: 'text', text: 'ticking' }] };
    });
    mcp.server.onclose = () => {
      clearInterval(ticking);
      upstreamClosed.push('closed');
    };
    return mcp;
  });
  harness = await startHarness('socket');
  expect((await harness.call('PUT', '/servers/@acme/lifetimes', { body: server })).status).toBe(201);
  await harness.call('PUT', `/namespaces/${namespace}`);
});
afterAll(async () => {
  await harness.close();
  await upstream.close();
});

/** A new connection (a mock of @acme/lifetimes, or a relay to the ticking upstream); its id. */
async function createConnection(kind: 'mock' | 'relay', key?: string): Promise<string> {
  const id = `${kind}-${++connections}`;
  const body = kind === 'mock' ? { server: '@acme/lifetimes', mock: { enabled: true } } : { mcpUrl: upstream.url };
  expect((await harness.call('PUT', `/connect/${namespace}/${id}`, { body, ...(key ? { key } : {}) })).status).toBe(201);
  return id;
}

function send(
  id: string,
  method: string,
  init: { body?: unknown; headers?: Record<string, string>; key?: string; signal?: AbortSignal; namespace?: string } = {},
) {
  return fetch(`${harness.baseUrl}/connect/${init.namespace ?? namespace}/${id}/mcp`, {
    method,
    headers: {
      authorization: `Bearer ${init.key ?? testApiKey}`,
      'content-type': 'application/json',
      accept: method === 'GET' ? 'text/event-stream' : 'application/json, text/event-stream',
      'mcp-protocol-version': version,
      ...init.headers,
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    ...(init.signal ? { signal: init.signal } : {}),
  });
}

/** Opens a session on connection `id`; its Mcp-Session-Id. */
async function openSession(id: string, key?: string, inNamespace?: string): Promise<string> {
  const body = {
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'lifetimes', version: '1' } },
  };
  const response = await send(id, 'POST', { body, ...(key ? { key } : {}), ...(inNamespace ? { namespace: inNamespace } : {}) });
  expect(response.status).toBe(200);
  await response.text();
  return response.headers.get('mcp-session-id')!;
}

/** Reads an SSE body as it comes: `until` waits for text, `end` waits for the stream to end (or fails past the bound). */
function reading(response: Response) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let ended = false;
  const next = async () => {
    const { done, value } = await reader.read();
    if (done) ended = true;
    else text += decoder.decode(value, { stream: true });
  };
  const bounded = async (what: string, met: () => boolean) => {
    const started = Date.now();
    while (!met()) {
      if (ended) throw new Error(`the stream ended before ${what}; it carried: ${text}`);
      if (Date.now() - started > endBoundMs) throw new Error(`no ${what} within ${endBoundMs} ms; the stream carried: ${text}`);
      await Promise.race([next(), new Promise((resolve) => setTimeout(resolve, 250))]);
    }
  };
  return {
    text: () => text,
    until: (fragment: string) => bounded(JSON.stringify(fragment), () => text.includes(fragment)),
    async end() {
      const started = Date.now();
      while (!ended) {
        if (Date.now() - started > endBoundMs) throw new Error(`the stream did not end within ${endBoundMs} ms; it carried: ${text}`);
        await Promise.race([next(), new Promise((resolve) => setTimeout(resolve, 250))]);
      }
    },
    cancel: () => reader.cancel().catch(() => {}),
  };
}

const call = (id: number, name: string) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: {} } });
const cancel = (requestId: number) => ({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId, reason: 'enough' } });

describe('a session ends with what it belongs to', () => {
  it('ends a relayed session’s GET stream and its upstream session when the connection is deleted', async () => {
    const id = await createConnection('relay');
    const sessionId = await openSession(id);
    const stream = reading(await send(id, 'GET', { headers: { 'mcp-session-id': sessionId } }));
    const started = await send(id, 'POST', { body: call(1, 'tick'), headers: { 'mcp-session-id': sessionId } });
    expect(await started.text()).toContain('ticking');
    await stream.until('"data":"tick"');
    const closedBefore = upstreamClosed.length;

    expect((await harness.call('DELETE', `/connect/${namespace}/${id}`)).status).toBeLessThan(300);
    await stream.end();
    // The upstream was told the session is over (DELETE), so its ticks stop at their source.
    await eventually(async () => expect(upstreamClosed.length).toBe(closedBefore + 1));
  });

  it('ends a mock session’s GET stream when the connection is deleted, though the stream keeps it busy', async () => {
    const id = await createConnection('mock');
    const sessionId = await openSession(id);
    const stream = reading(await send(id, 'GET', { headers: { 'mcp-session-id': sessionId } }));
    expect((await harness.call('DELETE', `/connect/${namespace}/${id}`)).status).toBeLessThan(300);
    await stream.end();
  });

  it('ends the session when the service token that opened it expires on the platform clock', async () => {
    const id = await createConnection('mock');
    const token = await mint(harness, [{ ttl: '60s' }]);
    const sessionId = await openSession(id, token);
    const stream = reading(await send(id, 'GET', { headers: { 'mcp-session-id': sessionId }, key: token }));
    harness.clock.advance(61_000);
    await stream.end();
    // A new token finds the session gone.
    const fresh = await mint(harness, [{ ttl: '1h' }]);
    expect((await send(id, 'POST', { body: call(2, 'echo'), headers: { 'mcp-session-id': sessionId }, key: fresh })).status).toBe(404);
  });
});

describe('a session ends with the credential that opened it', () => {
  let accounts = 0;
  /** A second account's key and its own namespace, as `mcpsim keys create` makes one. */
  async function keyHolder(): Promise<{ key: string; namespace: string }> {
    const name = `holder${++accounts}`;
    const key = `${name}-key-0123456789`;
    addAccount(harness.platform, name, key);
    const own = `${name}-ns`;
    expect((await harness.call('PUT', `/namespaces/${own}`, { key })).status).toBeLessThan(300);
    return { key, namespace: own };
  }
  /** A connection of the holder's, like `createConnection`. */
  async function holderConnection(kind: 'mock' | 'relay', { key, namespace: own }: { key: string; namespace: string }): Promise<string> {
    const id = `${kind}-${++connections}`;
    const body = kind === 'mock' ? { server: '@acme/lifetimes', mock: { enabled: true } } : { mcpUrl: upstream.url };
    expect((await harness.call('PUT', `/connect/${own}/${id}`, { body, key })).status).toBe(201);
    return id;
  }

  it('ends a mock session’s GET stream when the API key that opened it is removed, and other keys’ sessions go on', async () => {
    const holder = await keyHolder();
    const id = await holderConnection('mock', holder);
    const sessionId = await openSession(id, holder.key, holder.namespace);
    const stream = reading(
      await send(id, 'GET', { headers: { 'mcp-session-id': sessionId }, key: holder.key, namespace: holder.namespace }),
    );
    const otherId = await createConnection('mock');
    const otherSession = await openSession(otherId);

    harness.platform.stores.accounts.removeKey(toStoredKey(holder.key).hash);
    await stream.end();
    const other = await send(otherId, 'POST', {
      body: { jsonrpc: '2.0', id: 5, method: 'ping' },
      headers: { 'mcp-session-id': otherSession },
    });
    expect(other.status).toBe(200);
    expect(await other.text()).toContain('"result":{}');
  });

  it('ends a relayed session’s GET stream and its upstream session when the API key that opened it is removed', async () => {
    const holder = await keyHolder();
    const id = await holderConnection('relay', holder);
    const sessionId = await openSession(id, holder.key, holder.namespace);
    const inSession = { headers: { 'mcp-session-id': sessionId }, key: holder.key, namespace: holder.namespace };
    const stream = reading(await send(id, 'GET', inSession));
    expect(await (await send(id, 'POST', { body: call(1, 'tick'), ...inSession })).text()).toContain('ticking');
    await stream.until('"data":"tick"');
    const closedBefore = upstreamClosed.length;

    harness.platform.stores.accounts.removeKey(toStoredKey(holder.key).hash);
    await stream.end();
    await eventually(async () => expect(upstreamClosed.length).toBe(closedBefore + 1));
  });

  it('ends a relayed session’s GET stream and its upstream session when the service token that opened it expires', async () => {
    const id = await createConnection('relay');
    const token = await mint(harness, [{ ttl: '60s' }]);
    const sessionId = await openSession(id, token);
    const inSession = { headers: { 'mcp-session-id': sessionId }, key: token };
    const stream = reading(await send(id, 'GET', inSession));
    expect(await (await send(id, 'POST', { body: call(1, 'tick'), ...inSession })).text()).toContain('ticking');
    await stream.until('"data":"tick"');
    const closedBefore = upstreamClosed.length;

    harness.clock.advance(61_000);
    await stream.end();
    await eventually(async () => expect(upstreamClosed.length).toBe(closedBefore + 1));
  });
});

describe('a call ends with its cancellation', () => {
  let id: string;
  let sessionId: string;
  beforeAll(async () => {
    id = await createConnection('mock');
    const faults = [
      { tool: 'slow', latency: '60s' },
      { tool: 'medium', latency: '300ms' },
    ];
    expect((await harness.call('PUT', `/__mcpsim/connections/${namespace}/${id}/faults`, { body: { faults } })).status).toBe(200);
    sessionId = await openSession(id);
  });
  const inSession = (body: unknown, signal?: AbortSignal) =>
    send(id, 'POST', { body, headers: { 'mcp-session-id': sessionId }, ...(signal ? { signal } : {}) });

  it('ends a cancelled call’s stream at once, and the next call does not wait out its latency', { timeout: 30_000 }, async () => {
    const slow = reading(await inSession(call(5, 'slow')));
    expect((await inSession(cancel(5))).status).toBe(202);
    await slow.end();
    expect(slow.text()).not.toContain('"result"');
    // Same memory, same queue: the 60 s latency of the cancelled call is not waited out.
    const next = reading(await inSession(call(6, 'echo')));
    await next.until('"id":6');
    await next.end();
  });

  it(
    'ends a stateless call cancelled during its latency, logged cancelled, without waiting the latency out',
    { timeout: 30_000 },
    async () => {
      const slow = send(id, 'POST', { body: call(11, 'slow'), headers: { accept: 'application/json' } });
      // A cancellation that comes before the call is tracked finds nothing: send it until the call answers.
      let settled = false;
      void slow.finally(() => (settled = true));
      while (!settled) {
        expect((await send(id, 'POST', { body: cancel(11) })).status).toBe(202);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const answered = (await (await slow).json()) as { id: number; result: { isError: boolean; content: { text: string }[] } };
      expect(answered).toMatchObject({ id: 11, result: { isError: true } });
      expect(answered.result.content[0]!.text).toContain('cancelled by the client during the fault latency');
    },
  );

  it('refuses a request whose id is still in flight, and answers the first', { timeout: 30_000 }, async () => {
    const first = reading(await inSession(call(7, 'medium')));
    const again = await inSession(call(7, 'echo'));
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({
      id: 7,
      error: { code: -32600, message: expect.stringContaining('request id 7 is already in flight') },
    });
    await first.until('"id":7');
    await first.end();
    // Once answered, the id may be used again; so may the id of the session's initialize.
    const reused = reading(await inSession(call(7, 'echo')));
    await reused.until('"id":7');
    const initializeId = await inSession(call(0, 'echo'));
    expect(initializeId.status).toBe(200);
    await reading(initializeId).until('"result"');
  });

  it('ends a resumed stream once it has replayed the response', { timeout: 30_000 }, async () => {
    const controller = new AbortController();
    const lost = reading(await inSession(call(8, 'medium'), controller.signal));
    await lost.until('id: ');
    const lastEventId = /^id: (.+)$/m.exec(lost.text())![1]!;
    controller.abort();
    await eventually(async () => {
      const memory = await harness.call('GET', `/__mcpsim/connections/${namespace}/${id}/memory`);
      expect((memory.body.calls as { tool: string }[]).filter((logged) => logged.tool === 'medium').length).toBeGreaterThanOrEqual(2);
    }, 10_000);
    const resumed = reading(await send(id, 'GET', { headers: { 'mcp-session-id': sessionId, 'last-event-id': lastEventId } }));
    await resumed.until('"id":8');
    await resumed.end();
  });
});
