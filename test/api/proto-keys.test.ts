/**
 * `__proto__` keys (issue 16, item 6): zod's records drop them without a word, so a token minted
 * with `metadata: {"__proto__": "x", "team": "demo"}` was restricted to `{team: demo}` alone, and
 * connection metadata lost the key. A token restriction with the key is refused; connection
 * metadata and tool arguments keep it like any other key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../support/harness.js';

describe('__proto__ keys', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness('in-process');
    await harness.call('PUT', '/servers/@acme/proto', { body: { tools: [{ name: 'echo', inputSchema: { type: 'object' } }] } });
  });
  afterAll(() => harness.close());

  it('refuses a token restricted on __proto__ instead of ignoring the restriction (the original request)', async () => {
    const response = await harness.call('POST', '/tokens', { rawBody: '{"policy":[{"metadata":{"__proto__":"x","team":"demo"}}]}' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: 'validation_error',
      message: 'policy.0.metadata.__proto__: is not a key a token can restrict on; remove it (a restriction is never ignored)',
    });
  });

  it('refuses __proto__ in any map of a list of metadata restrictions', async () => {
    const response = await harness.call('POST', '/tokens', { rawBody: '{"policy":[{"metadata":[{"team":"demo"},{"__proto__":"x"}]}]}' });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(
      'policy.0.metadata.1.__proto__: is not a key a token can restrict on; remove it (a restriction is never ignored)',
    );
  });

  it('keeps a __proto__ key of connection metadata, and filters on it', async () => {
    const created = await harness.call('PUT', '/connect/demo/proto', {
      rawBody: '{"server":"@acme/proto","mock":{"enabled":true},"metadata":{"__proto__":"x","team":"demo"}}',
    });
    expect(created.status).toBe(201);
    expect(JSON.stringify(created.body.metadata)).toBe('{"__proto__":"x","team":"demo"}');
    const read = await harness.call('GET', '/connect/demo/proto');
    expect(Object.keys(read.body.metadata)).toEqual(['__proto__', 'team']);
    const filtered = await harness.call('GET', '/connect/demo?metadata.__proto__=x');
    expect(filtered.body.connections.map((connection: { connectionId: string }) => connection.connectionId)).toEqual(['proto']);
  });

  it('passes a __proto__ argument on to the tool, over MCP and REST', async () => {
    const message = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', arguments: JSON.parse('{"__proto__":"x"}') } };
    const viaMcp = await harness.call('POST', '/connect/demo/proto/mcp', {
      rawBody: JSON.stringify(message),
      headers: { accept: 'application/json' },
    });
    const viaRest = await harness.call('POST', '/connect/demo/proto/.tools/echo', { rawBody: '{"__proto__":"x"}' });
    // No fixture answers: the miss names the arguments it was called with.
    expect(JSON.stringify(viaMcp.body.result.content)).toContain('{\\"__proto__\\":\\"x\\"}');
    expect(JSON.stringify(viaRest.body.content)).toContain('{\\"__proto__\\":\\"x\\"}');
  });
});
