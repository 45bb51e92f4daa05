/**
 * A connection whose upstream is this server under an address the server does not know as its own
 * (so the write took it) relays to itself once at most, in an MCP session too: the session's own
 * upstream client carries the hop marker, the hop is refused with 508, and the client's
 * `initialize` gets an error instead of a loop (issue 37, item 1). test/api/self-relay.test.ts has
 * the addresses the write refuses and the stateless relay.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually.js';
import { startHarness, testApiKey, type Harness } from '../support/harness.js';

const namespace = 'loops';
const auth = { authorization: `Bearer ${testApiKey}` };
const headers = { ...auth, 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'loop', version: '1' } },
};

let harness: Harness;
let mcpRequests = 0;

beforeAll(async () => {
  // Its public URL is a name, so the write cannot tell that 127.0.0.1 on its port is this server: only the hop marker can.
  harness = await startHarness('socket', {
    publicUrl: 'http://mcpsim.test',
    logger: { error: () => {}, request: (entry) => void (entry.path.endsWith('/mcp') && mcpRequests++) },
  });
  await harness.call('PUT', `/namespaces/${namespace}`);
  const mcpUrl = `${harness.baseUrl}/connect/${namespace}/self/mcp`;
  expect((await harness.call('PUT', `/connect/${namespace}/self`, { body: { mcpUrl, headers: auth } })).status).toBe(201);
  expect(
    (await harness.call('PUT', `/connect/${namespace}/time`, { body: { server: '@modelcontextprotocol/time', mock: { enabled: true } } }))
      .status,
  ).toBe(201);
});
afterAll(() => harness.close());

describe('a session on a connection that relays to this server', () => {
  it('is refused after its refused hops, opens no session, and another connection answers as before', async () => {
    mcpRequests = 0;
    const opened = await fetch(`${harness.baseUrl}/connect/${namespace}/self/mcp`, {
      method: 'POST',
      headers,
      body: JSON.stringify(initialize),
    });
    expect(opened.status).toBe(502);
    expect(opened.headers.get('mcp-session-id')).toBeNull();
    expect(await opened.json()).toMatchObject({ id: 1, error: { code: -32005, message: expect.stringContaining('HTTP 508') } });
    // The client's initialize, the hop of its own upstream session, and the hop of the pooled
    // session that names the failure (relay-session.ts): two refused hops, then nothing calls itself.
    await eventually(async () => expect(mcpRequests).toBe(3));

    const other = await fetch(`${harness.baseUrl}/connect/${namespace}/time/mcp`, {
      method: 'POST',
      headers: { ...headers, accept: 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
    });
    expect(other.status).toBe(200);
    expect(((await other.json()) as { result: { tools: unknown[] } }).result.tools).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'get_current_time' })]),
    );
    await eventually(async () => expect(mcpRequests).toBe(4));
  });

  it('refuses an initialize whose client name is past its limit before anything goes upstream', async () => {
    mcpRequests = 0;
    const long = { ...initialize, params: { ...initialize.params, clientInfo: { name: 'n'.repeat(1025), version: '1' } } };
    const refused = await fetch(`${harness.baseUrl}/connect/${namespace}/self/mcp`, {
      method: 'POST',
      headers,
      body: JSON.stringify(long),
    });
    expect(refused.headers.get('mcp-session-id')).toBeNull();
    expect(await refused.json()).toMatchObject({
      id: 1,
      error: {
        code: -32602,
        message: expect.stringContaining('params.clientInfo.name is 1025 characters long; the limit (nameLength) is 1024'),
      },
    });
    // Only the client's own request: no hop was tried.
    await eventually(async () => expect(mcpRequests).toBe(1));
  });
});
