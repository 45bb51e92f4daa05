/**
 * MCP sessions on a connection's endpoint (docs/decisions.md, "MCP endpoint"): a client that
 * initializes and reads streams gets an `Mcp-Session-Id`; with it GET opens the session's stream,
 * DELETE ends it, and a stream resumes with `Last-Event-ID`. Without one (or with the SDK
 * helper's `smithery-stateless`) the endpoint stays stateless. In-process and over a socket.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doors, startHarness, testApiKey, type Door, type Harness } from '../support/harness.js';

const namespace = 'sessions';
const server = {
  displayName: 'Session Server',
  serverInfo: { name: 'session-server', version: '1.0.0' },
  tools: [{ name: 'echo', description: 'Echo.', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } }],
};
const both = 'application/json, text/event-stream';
const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'test', version: '1' } },
};
const listTools = { jsonrpc: '2.0', id: 2, method: 'tools/list' };

/** The `data` of each SSE event in a body, parsed (the priming event has none). */
function sseMessages(text: string): unknown[] {
  return text
    .split('\n\n')
    .flatMap((event) => event.split('\n').filter((line) => line.startsWith('data: ') && line.length > 6))
    .map((line) => JSON.parse(line.slice(6)));
}
/** The ids of each SSE event in a body. */
const sseIds = (text: string) => [...text.matchAll(/^id: (.+)$/gm)].map((match) => match[1]!);

async function openHarness(door: Door, limits: { idleMs?: number; perAccount?: number; total?: number } = {}) {
  const harness = await startHarness(door, { limits: { mcpSessions: limits } });
  expect((await harness.call('PUT', '/servers/@acme/session', { body: server })).status).toBe(201);
  await harness.call('PUT', `/namespaces/${namespace}`);
  for (const id of ['one', 'two'])
    expect(
      (await harness.call('PUT', `/connect/${namespace}/${id}`, { body: { server: '@acme/session', mock: { enabled: true } } })).status,
    ).toBe(201);
  return harness;
}

describe.each(doors)('MCP sessions (%s)', (door) => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await openHarness(door);
  });
  afterAll(() => harness.close());

  const send = (request: Request) => (door === 'socket' ? fetch(request) : Promise.resolve(harness.platform.app.fetch(request)));
  function request(method: string, body?: unknown, headers: Record<string, string> = {}, id = 'one') {
    return send(
      new Request(`${harness.baseUrl}/connect/${namespace}/${id}/mcp`, {
        method,
        headers: { authorization: `Bearer ${testApiKey}`, 'content-type': 'application/json', accept: both, ...headers },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
  }
  async function open(id = 'one'): Promise<string> {
    const response = await request('POST', initialize, {}, id);
    expect(response.status).toBe(200);
    await response.text();
    return response.headers.get('mcp-session-id')!;
  }

  it('issues an Mcp-Session-Id to a client that initializes and reads streams, and answers in the session', async () => {
    const response = await request('POST', initialize);
    expect(response.status).toBe(200);
    const sessionId = response.headers.get('mcp-session-id');
    expect(sessionId).toMatch(/^mcpsim-[0-9a-f-]{36}$/);
    expect(sseMessages(await response.text())).toMatchObject([{ id: 1, result: { serverInfo: server.serverInfo } }]);
    const listed = await request('POST', listTools, { 'mcp-session-id': sessionId! });
    expect(listed.headers.get('content-type')).toBe('text/event-stream');
    expect(sseMessages(await listed.text())).toMatchObject([{ id: 2, result: { tools: [{ name: 'echo' }] } }]);
  });

  it('stays stateless without a session: no initialize needed, smithery-stateless ignored, JSON answers', async () => {
    for (const headers of [{}, { 'mcp-session-id': 'smithery-stateless' }]) {
      const response = await request('POST', listTools, headers);
      expect(response.headers.get('mcp-session-id')).toBeNull();
      expect(await response.json()).toMatchObject({ id: 2, result: { tools: [{ name: 'echo' }] } });
    }
    const stateless = await request('POST', initialize, { 'mcp-session-id': 'smithery-stateless' });
    expect(stateless.headers.get('mcp-session-id')).toBeNull();
    expect(await stateless.json()).toMatchObject({ id: 1, result: { serverInfo: server.serverInfo } });
    const jsonOnly = await request('POST', initialize, { accept: 'application/json' });
    expect(jsonOnly.headers.get('mcp-session-id')).toBeNull();
    await jsonOnly.text();
  });

  it.each(['GET', 'DELETE'])('answers %s without a session mcpsim issued with 405', async (method) => {
    for (const headers of [{}, { 'mcp-session-id': 'smithery-stateless' }]) {
      const response = await request(method, undefined, { accept: 'text/event-stream', ...headers });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
      await response.text();
    }
  });

  it('opens the GET stream of a session, and DELETE ends the session and its stream', async () => {
    const sessionId = await open();
    const stream = await request('GET', undefined, { 'mcp-session-id': sessionId, accept: 'text/event-stream' });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream');
    const second = await request('GET', undefined, { 'mcp-session-id': sessionId, accept: 'text/event-stream' });
    expect(second.status).toBe(409);
    await second.text();
    const ended = await request('DELETE', undefined, { 'mcp-session-id': sessionId });
    expect(ended.status).toBe(200);
    await stream.text(); // the stream ends with the session
    const after = await request('POST', listTools, { 'mcp-session-id': sessionId });
    expect(after.status).toBe(404);
    expect(await after.json()).toMatchObject({ id: 2, error: { code: -32000, message: expect.stringContaining('initialize') } });
    const getAfter = await request('GET', undefined, { 'mcp-session-id': sessionId, accept: 'text/event-stream' });
    expect(getAfter.status).toBe(404);
    await getAfter.text();
  });

  it('answers a session only on the connection it was opened on', async () => {
    const sessionId = await open('one');
    const elsewhere = await request('POST', listTools, { 'mcp-session-id': sessionId }, 'two');
    expect(elsewhere.status).toBe(404);
    await elsewhere.text();
  });

  it('resumes a stream after its Last-Event-ID', async () => {
    const sessionId = await open();
    // A client of 2025-11-25 or later gets a priming event (an id, no data) first on each stream.
    const listed = await request('POST', listTools, { 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-11-25' });
    const text = await listed.text();
    const [priming] = sseIds(text);
    expect(priming).toBeDefined();
    const resumed = await request('GET', undefined, {
      'mcp-session-id': sessionId,
      accept: 'text/event-stream',
      'last-event-id': priming!,
    });
    expect(resumed.status).toBe(200);
    const reader = resumed.body!.getReader();
    let seen = '';
    while (!seen.includes('"result"')) {
      const chunk = await reader.read();
      if (chunk.done) break;
      seen += new TextDecoder().decode(chunk.value);
    }
    expect(sseMessages(seen)).toMatchObject([{ id: 2, result: { tools: [{ name: 'echo' }] } }]);
    await reader.cancel();
  });
});

describe('MCP session bounds', () => {
  const post = (harness: Harness, body: unknown, headers: Record<string, string> = {}) =>
    harness.platform.app.fetch(
      new Request(`${harness.baseUrl}/connect/${namespace}/one/mcp`, {
        method: 'POST',
        headers: { authorization: `Bearer ${testApiKey}`, 'content-type': 'application/json', accept: both, ...headers },
        body: JSON.stringify(body),
      }),
    );
  const open = async (harness: Harness) => {
    const response = await post(harness, initialize);
    await response.text();
    return response;
  };

  it('ends a session nobody used for longer than its idle time', async () => {
    const harness = await openHarness('in-process', { idleMs: 50 });
    try {
      const sessionId = (await open(harness)).headers.get('mcp-session-id')!;
      expect((await post(harness, listTools, { 'mcp-session-id': sessionId })).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect((await post(harness, listTools, { 'mcp-session-id': sessionId })).status).toBe(404);
    } finally {
      await harness.close();
    }
  });

  it('refuses a session past the total with 503 until one ends', async () => {
    const harness = await openHarness('in-process', { perAccount: 5, total: 1 });
    try {
      const first = (await open(harness)).headers.get('mcp-session-id')!;
      const refused = await post(harness, initialize);
      expect(refused.status).toBe(503);
      expect(await refused.json()).toMatchObject({ id: 1, error: { code: -32000 } });
      await harness.platform.app.fetch(
        new Request(`${harness.baseUrl}/connect/${namespace}/one/mcp`, {
          method: 'DELETE',
          headers: { authorization: `Bearer ${testApiKey}`, 'mcp-session-id': first },
        }),
      );
      expect((await open(harness)).headers.get('mcp-session-id')).toMatch(/^mcpsim-/);
    } finally {
      await harness.close();
    }
  });

  it('closes the least recently used session of an account past its share', async () => {
    const harness = await openHarness('in-process', { perAccount: 2 });
    try {
      const first = (await open(harness)).headers.get('mcp-session-id')!;
      const second = (await open(harness)).headers.get('mcp-session-id')!;
      await (await post(harness, listTools, { 'mcp-session-id': first })).text();
      const third = (await open(harness)).headers.get('mcp-session-id')!;
      expect(third).toMatch(/^mcpsim-/);
      expect((await post(harness, listTools, { 'mcp-session-id': second })).status).toBe(404);
      expect((await post(harness, listTools, { 'mcp-session-id': first })).status).toBe(200);
    } finally {
      await harness.close();
    }
  });

  it('closes its sessions and their streams when the server closes', async () => {
    const harness = await openHarness('socket');
    const sessionId = (await open(harness)).headers.get('mcp-session-id')!;
    const stream = await fetch(`${harness.baseUrl}/connect/${namespace}/one/mcp`, {
      headers: { authorization: `Bearer ${testApiKey}`, accept: 'text/event-stream', 'mcp-session-id': sessionId },
    });
    expect(stream.status).toBe(200);
    const ended = stream.text().then(
      () => 'ended',
      () => 'ended',
    );
    await harness.close();
    expect(await ended).toBe('ended');
  });
});
