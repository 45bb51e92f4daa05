/**
 * Small defects of the dashboard's doors (issue "Safe on a developer's machine", item 9), each
 * with the request that found it, in process (`app.fetch`, a real SQLite database):
 * - `/ui/login` with a key holding a line break or a character above U+00FF answered 500 and
 *   logged the key (it cannot be a header value, and the check built a request with it);
 * - `/ui/registry/..%2f..%2fnamespaces` answered 500 (the name's dot segments took the
 *   dashboard's own API request to `/namespaces`, whose answer is not a server);
 * - the pages' CSP had no `base-uri`, so an injected `<base>` could redirect relative URLs.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPlatform, type Platform } from '../../src/platform/platform.js';

const apiKey = 'doors-test-key';
const host = '127.0.0.1:4010';

describe('the dashboard doors', () => {
  let platform: Platform;
  const logged: string[] = [];
  beforeEach(() => {
    logged.length = 0;
    platform = createPlatform({
      apiKey,
      logger: { error: (message, error) => void logged.push(`${message}: ${error instanceof Error ? error.stack : String(error)}`) },
    });
  });
  afterEach(() => platform.close());

  const request = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
    platform.app.request(path, { ...init, headers: { host, ...init.headers } });

  async function logIn(): Promise<string> {
    const response = await request(`/?token=${platform.dashboard!.sessions.loginToken}`, { headers: { accept: 'text/html' } });
    return response.headers.get('set-cookie')!.split(';')[0]!;
  }

  it('answers a login key that cannot be a header value with the login page and 401, and logs nothing (the original requests)', async () => {
    for (const key of ['doors-test-key\nx', 'doors-\u0101-key', 'doors test key', '']) {
      const response = await request('/ui/login', {
        method: 'POST',
        headers: { origin: `http://${host}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ key }).toString(),
      });
      expect(response.status).toBe(401);
      expect(await response.text()).toContain('That is not an API key of this server.');
    }
    expect(logged).toEqual([]);
    // The right key still logs in.
    const ok = await request('/ui/login', {
      method: 'POST',
      headers: { origin: `http://${host}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: `key=${apiKey}`,
    });
    expect(ok.status).toBe(303);
  });

  it('answers a registry name with dot segments 404, and never asks the API for another path (the original request)', async () => {
    const cookie = await logIn();
    for (const path of [
      '/ui/registry/..%2f..%2fnamespaces',
      '/ui/registry/%2e%2e%2fnamespaces',
      '/ui/registry/@acme%2f..%2f..%2fnamespaces',
    ]) {
      const response = await request(path, { headers: { cookie } });
      expect(response.status).toBe(404);
      expect(await response.text()).toContain('Server not found');
    }
    expect(logged).toEqual([]);
    expect((await request('/ui/registry/@modelcontextprotocol/time', { headers: { cookie } })).status).toBe(200);
  });

  it("sends base-uri 'none' in the pages' CSP", async () => {
    for (const path of ['/ui/login', '/ui/assets/dashboard.css']) {
      const policy = (await request(path)).headers.get('content-security-policy') ?? '';
      expect(policy.split(';').map((part) => part.trim())).toContain("base-uri 'none'");
    }
  });
});
