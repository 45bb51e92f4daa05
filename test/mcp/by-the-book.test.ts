/**
 * The MCP endpoint answers as the spec says, with or without a session: an unsupported
 * `MCP-Protocol-Version` header is 400; valid JSON that is not a valid request is -32600 (an id
 * that is neither a string nor an integer) or -32602 (`params` that is not an object), never a
 * parse error (-32700), which is for text that is not JSON. And the docs say what is served.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, testApiKey, type Harness } from '../support/harness.js';

const both = 'application/json, text/event-stream';
const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'by-the-book', version: '1' } },
};

let harness: Harness;
let sessionId: string;

beforeAll(async () => {
  harness = await startHarness('socket');
  await harness.call('PUT', '/namespaces/book');
  expect(
    (await harness.call('PUT', '/connect/book/time', { body: { server: '@modelcontextprotocol/time', mock: { enabled: true } } })).status,
  ).toBe(201);
  const opened = await post(initialize);
  expect(opened.status).toBe(200);
  await opened.text();
  sessionId = opened.headers.get('mcp-session-id')!;
});
afterAll(() => harness.close());

function post(body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${harness.baseUrl}/connect/book/time/mcp`, {
    method: 'POST',
    headers: { authorization: `Bearer ${testApiKey}`, 'content-type': 'application/json', accept: both, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** The JSON-RPC message of an answer, whether JSON or one SSE event. */
async function messageOf(response: Response): Promise<{ id?: unknown; result?: unknown; error?: { code: number; message: string } }> {
  const text = await response.text();
  return JSON.parse(text.startsWith('{') ? text : /^data: (.+)$/m.exec(text)![1]!);
}

const paths = [
  ['stateless', () => ({})],
  ['in a session', () => ({ 'mcp-session-id': sessionId })],
] as const;

describe.each(paths)('the MCP endpoint by the book (%s)', (_path, headersOf) => {
  it('refuses an unsupported MCP-Protocol-Version with 400, and takes a supported one', async () => {
    const refused = await post({ jsonrpc: '2.0', id: 2, method: 'tools/list' }, { ...headersOf(), 'mcp-protocol-version': '1999-01-01' });
    expect(refused.status).toBe(400);
    expect((await messageOf(refused)).error).toMatchObject({
      code: -32000,
      message: expect.stringContaining('Unsupported protocol version: 1999-01-01'),
    });
    const taken = await post({ jsonrpc: '2.0', id: 3, method: 'tools/list' }, { ...headersOf(), 'mcp-protocol-version': '2025-06-18' });
    expect(taken.status).toBe(200);
    expect((await messageOf(taken)).result).toMatchObject({ tools: expect.any(Array) });
  });

  it('answers array params with invalid params (-32602) naming the request, not a parse error', async () => {
    const answer = await post({ jsonrpc: '2.0', id: 4, method: 'tools/list', params: [] }, headersOf());
    expect(answer.status).toBe(400);
    expect(await messageOf(answer)).toMatchObject({
      id: 4,
      error: { code: -32602, message: expect.stringContaining('"params" must be an object of named parameters, not an array') },
    });
    // The refusal shows the value it refused (it is written only for a refusal, not for every call).
    const notification = await post({ jsonrpc: '2.0', method: 'notifications/initialized', params: 7 }, headersOf());
    expect(notification.status).toBe(400);
    expect((await messageOf(notification)).error).toMatchObject({
      code: -32600,
      message: expect.stringContaining('"params" must be an object of named parameters, not 7'),
    });
  });

  it('answers a fractional id with invalid request (-32600), not a parse error', async () => {
    const answer = await post({ jsonrpc: '2.0', id: 1.5, method: 'tools/list' }, headersOf());
    expect(answer.status).toBe(400);
    expect((await messageOf(answer)).error).toMatchObject({
      code: -32600,
      message: expect.stringContaining('"id" must be a string or an integer'),
    });
  });

  it('keeps -32700 for a body that is not JSON', async () => {
    const answer = await post('{"jsonrpc": "2.0", "id": ', headersOf());
    expect(answer.status).toBe(400);
    expect((await messageOf(answer)).error?.code).toBe(-32700);
  });
});

describe('the docs', () => {
  it('say resources/read and prompts/get are served, and the README curl sends the Accept header clients must send', () => {
    const api = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8');
    expect(api).not.toMatch(/resources\/read[^\n]*(not served|-32601)/);
    expect(api).not.toMatch(/prompts\/get[^\n]*(not served|-32601)/);
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const curl = /```sh\ncurl[^`]*\/connect\/demo\/time\/mcp[^`]*```/.exec(readme)?.[0] ?? '';
    expect(curl).toContain("-H 'Accept: application/json, text/event-stream'");
  });
});
