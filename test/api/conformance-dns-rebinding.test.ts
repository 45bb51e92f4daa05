/**
 * The official MCP conformance suite's `dns-rebinding-protection` scenario
 * (`@modelcontextprotocol/conformance` 0.1.16), request for request, against a mock connection's
 * MCP endpoint at both mounts over a real socket. The scenario POSTs an `initialize` with
 * `Host: evil.example.com` and `Origin: http://evil.example.com` and wants a 4xx, then the same with
 * the server URL's own host and wants a 2xx. It is written for servers without authentication,
 * and sends no credential; a connection's endpoint needs one (as the hosted platform's does), so
 * the requests here add `Authorization` and nothing else (the real suite was run the same way,
 * through a dispatcher that adds that one header). The last test shows the refusal does not
 * depend on it: the foreign Host is refused before authentication.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { developmentApiKey } from '../../src/domain/api-key.js';
import { startHarness, type Harness } from '../support/harness.js';
import { sendRaw, type RawAnswer } from '../support/raw-http.js';

/** The scenario's request (its `dt(url, host)`), with the bearer header when `key` is given. */
function sendScenarioRequest(serverUrl: string, host: string, key: string | null): Promise<RawAnswer> {
  const url = new URL(serverUrl);
  return sendRaw(Number(url.port), {
    method: 'POST',
    path: url.pathname,
    headers: {
      'Content-Type': 'application/json',
      Host: host,
      Origin: `http://${host}`,
      Accept: 'application/json, text/event-stream',
      ...(key === null ? {} : { Authorization: `Bearer ${key}` }),
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'conformance-dns-rebinding-test', version: '1.0.0' } },
    }),
  });
}

/** The scenario's precondition (its `lt(url)`): it only runs against a localhost server URL. */
function isLocalhostUrl(serverUrl: string): boolean {
  const hostname = new URL(serverUrl).hostname.toLowerCase();
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]' || hostname === '::1';
}

describe('the conformance scenario dns-rebinding-protection on a connection endpoint', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness('socket', { apiKey: developmentApiKey });
  });
  afterAll(() => harness.close());

  for (const mount of ['/connect/demo/time/mcp', '/demo/time/mcp']) {
    it(`localhost-host-rebinding-rejected and localhost-host-valid-accepted pass at ${mount}`, async () => {
      const serverUrl = `${harness.baseUrl}${mount}`;
      expect(isLocalhostUrl(serverUrl)).toBe(true);

      const rebinding = await sendScenarioRequest(serverUrl, 'evil.example.com', developmentApiKey);
      expect(rebinding.status).toBeGreaterThanOrEqual(400);
      expect(rebinding.status).toBeLessThan(500);
      expect(rebinding.status).toBe(403);
      expect(rebinding.json).toEqual({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32000, message: expect.stringContaining('Host "evil.example.com" is not a name this server answers to') },
      });

      const valid = await sendScenarioRequest(serverUrl, new URL(serverUrl).host, developmentApiKey);
      expect(valid.status).toBeGreaterThanOrEqual(200);
      expect(valid.status).toBeLessThan(300);
      // The scenario's Accept allows streams, so its initialize opens a session and is answered as one SSE event.
      expect(valid.headers['mcp-session-id']).toMatch(/^mcpsim-/);
      const data = valid.text.split('\n').find((line) => line.startsWith('data: {'));
      expect(JSON.parse(data!.slice(6))).toMatchObject({
        jsonrpc: '2.0',
        id: 1,
        result: { protocolVersion: '2025-11-25', serverInfo: { name: 'mcp-time' } },
      });
    });
  }

  it('refuses the rebinding request before authentication: without a credential it is still 403 host_not_allowed, not 401', async () => {
    const serverUrl = `${harness.baseUrl}/connect/demo/time/mcp`;
    const rebinding = await sendScenarioRequest(serverUrl, 'evil.example.com', null);
    expect(rebinding.status).toBe(403);
    expect(rebinding.json.error.code).toBe(-32000);
    // The valid request, sent exactly as the scenario does (no credential), is the platform's 401.
    const valid = await sendScenarioRequest(serverUrl, new URL(serverUrl).host, null);
    expect(valid.status).toBe(401);
    expect(valid.json).toEqual({ error: 'unauthorized', message: expect.stringContaining('Missing Authorization header') });
  });
});
