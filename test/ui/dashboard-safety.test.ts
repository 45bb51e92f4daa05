/**
 * The dashboard's doors and guards, in process (`app.fetch`, a real SQLite database): the root
 * answers JSON clients with an index and browsers with the login; the login link becomes an
 * HttpOnly, SameSite=Strict cookie; Host (the API's guard, which covers the dashboard), Origin
 * and CSRF checks; escaping; and the dashboard's own guards stay off the API's routes.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPlatform, type Platform } from '../../src/platform/platform.js';
import { createSessions } from '../../src/ui/sessions.js';
import { createHostRule } from '../../src/api/http/host-rule.js';

const apiKey = 'safety-test-key';
const host = '127.0.0.1:4010';

describe('the dashboard door', () => {
  let platform: Platform;
  beforeEach(() => {
    platform = createPlatform({ apiKey });
  });
  afterEach(() => platform.close());

  const request = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
    platform.app.request(path, { ...init, headers: { host, ...init.headers } });

  async function logIn(): Promise<{ cookie: string; csrf: string }> {
    const response = await request(`/?token=${platform.dashboard!.sessions.loginToken}`, { headers: { accept: 'text/html' } });
    const cookie = response.headers.get('set-cookie')!.split(';')[0]!;
    const page = await (await request('/ui', { headers: { cookie } })).text();
    return { cookie, csrf: /name="csrf-token" content="([^"]+)"/.exec(page)![1]! };
  }

  it('answers a JSON client at / with the index, and a browser with the way to the dashboard', async () => {
    for (const accept of [undefined, 'application/json', '*/*']) {
      const response = await request('/', accept ? { headers: { accept } } : {});
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        name: 'mcpsim',
        version: expect.any(String),
        links: {
          openapi: 'http://127.0.0.1:4010/openapi.json',
          health: 'http://127.0.0.1:4010/health',
          dashboard: 'http://127.0.0.1:4010/ui',
        },
      });
    }
    const browser = await request('/', { headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(browser.status).toBe(303);
    expect(browser.headers.get('location')).toBe('/ui/login');
  });

  it('builds links from the public URL it is told, never from the Host header', async () => {
    platform.listeningAt('http://127.0.0.1:5555');
    expect(platform.dashboard!.loginUrl()).toBe(`http://127.0.0.1:5555/?token=${platform.dashboard!.sessions.loginToken}`);
    const index = (await (await request('/', { headers: { host: 'localhost:9' } })).json()) as { links: { health: string } };
    expect(index.links.health).toBe('http://127.0.0.1:5555/health');
    const forced = await forceAuthRequired(platform, 'localhost:9');
    expect(forced.status.setupUrl).toMatch(/^http:\/\/127\.0\.0\.1:5555\/__mcpsim\/setup\//);
  });

  it('puts a configured public URL in the links it hands out, whatever Host the request names', async () => {
    const proxied = createPlatform({ apiKey, publicUrl: 'https://mcpsim.example.com/base' });
    try {
      proxied.listeningAt('http://127.0.0.1:4010');
      const forced = await forceAuthRequired(proxied, '127.0.0.1:4010');
      expect(forced.status.setupUrl).toMatch(/^https:\/\/mcpsim\.example\.com\/base\/__mcpsim\/setup\//);
      expect(proxied.dashboard!.loginUrl()).toMatch(/^https:\/\/mcpsim\.example\.com\/base\/\?token=/);
      // The public host may reach the dashboard.
      expect((await proxied.app.request('/ui/login', { headers: { host: 'mcpsim.example.com' } })).status).toBe(200);
      // Behind a TLS proxy the request reaching mcpsim is plain http, but the cookie is still Secure.
      const login = await proxied.app.request(`/?token=${proxied.dashboard!.sessions.loginToken}`, {
        headers: { host: 'mcpsim.example.com', accept: 'text/html' },
      });
      expect(login.headers.get('set-cookie')).toMatch(/; Secure/);
    } finally {
      proxied.close();
    }
  });

  it('exchanges the login token for an HttpOnly, SameSite=Strict session cookie and sends the browser on without the token', async () => {
    const response = await request(`/?token=${platform.dashboard!.sessions.loginToken}`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/ui');
    const cookie = response.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^mcpsim_session=[\w-]{20,}; Max-Age=43200; Path=\/; HttpOnly; SameSite=Strict$/);
    expect(cookie).not.toContain(platform.dashboard!.sessions.loginToken);
  });

  it('logs in once with the login link: another browser following it again is refused, the one that used it goes on with its session', async () => {
    const link = `/?token=${platform.dashboard!.sessions.loginToken}`;
    const first = await request(link, { headers: { accept: 'text/html' } });
    expect(first.status).toBe(303);
    const cookie = first.headers.get('set-cookie')!.split(';')[0]!;
    const again = await request(link, { headers: { accept: 'text/html' } });
    expect(again.status).toBe(401);
    expect(again.headers.get('set-cookie')).toBeNull();
    expect(await again.text()).toContain('each link logs in once');
    const back = await request(link, { headers: { accept: 'text/html', cookie } });
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe('/ui');
    expect(back.headers.get('set-cookie')).toBeNull();
    expect((await request('/ui', { headers: { cookie } })).status).toBe(200);
    // A cookie of a session that is over does not let the used link in.
    expect((await request(link, { headers: { accept: 'text/html', cookie: 'mcpsim_session=gone' } })).status).toBe(401);
  });

  it('closes the live timeline stream when the session that opened it expires, with an expired event', async () => {
    const { cookie } = await logIn();
    const session = platform.dashboard!.sessions.find(cookie.split('=')[1])!;
    session.expiresAt = Date.now() + 400;
    const response = await request('/ui/connections/demo/time/events', { headers: { cookie } });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    // The race's 5 s bound (12× the 400 ms left) proves the stream ends at expiry, not whenever the client leaves.
    const text = await Promise.race([
      response.text(),
      new Promise<string>((resolve) => setTimeout(() => resolve('still open after 5 s'), 5000)),
    ]);
    expect(text).toContain('event: ready');
    expect(text).toMatch(/event: expired\ndata: \{\}\n\n$/);
    // And a stream asked for after the end is not opened at all.
    expect((await request('/ui/connections/demo/time/events', { headers: { cookie } })).status).toBe(303);
  });

  it('refuses a wrong login token and pages without a session', async () => {
    const wrong = await request('/?token=not-the-token', { headers: { accept: 'text/html' } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('set-cookie')).toBeNull();
    const page = await request('/ui/connections/demo/time');
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe('/ui/login');
  });

  it('logs in with the API key in the login form, but not with a wrong key', async () => {
    const wrong = await request('/ui/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${host}` },
      body: 'key=nope-nope-nope',
    });
    expect(wrong.status).toBe(401);
    const right = await request('/ui/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${host}` },
      body: `key=${apiKey}`,
    });
    expect(right.status).toBe(303);
    expect(right.headers.get('set-cookie')).toMatch(/HttpOnly; SameSite=Strict/);
  });

  it('refuses a form larger than 1 MiB with 413, declared or streamed, before reading it all', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${host}` };
    const big = `key=${'a'.repeat(1024 * 1024 + 1)}`;
    const declared = await request('/ui/login', { method: 'POST', headers: form, body: big });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toMatchObject({ error: 'payload_too_large' });
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let index = 0; index < 40; index++) controller.enqueue(new TextEncoder().encode(index === 0 ? 'key=' : 'a'.repeat(64 * 1024)));
        controller.close();
      },
    });
    const streamed = await request('/ui/login', { method: 'POST', headers: form, body: chunks, duplex: 'half' } as RequestInit & {
      headers: Record<string, string>;
    });
    expect(streamed.status).toBe(413);
  });

  it('refuses a Host that is not the public host, localhost or loopback (DNS rebinding), with a JSON reason', async () => {
    const { cookie } = await logIn();
    const refused = await request('/ui', { headers: { cookie, host: 'attacker.example:4010' } });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: 'host_not_allowed', message: expect.stringContaining('Host "attacker.example:4010"') });
    const token = platform.dashboard!.sessions.loginToken;
    expect((await request(`/?token=${token}`, { headers: { accept: 'text/html', host: 'attacker.example' } })).status).toBe(403);
    for (const allowed of ['localhost:4010', '127.0.0.2:4010', '[::1]:4010'])
      expect((await request('/ui', { headers: { cookie, host: allowed } })).status).toBe(200);
    // One guard for every route: the API refuses the same Host.
    expect((await request('/health', { headers: { host: 'attacker.example' } })).status).toBe(403);
  });

  it('refuses a post without the CSRF token, or from another origin', async () => {
    const { cookie, csrf } = await logIn();
    const post = (body: string, origin: string) =>
      request('/ui/clock', { method: 'POST', headers: { cookie, origin, 'content-type': 'application/x-www-form-urlencoded' }, body });
    expect((await post('advance=1h', `http://${host}`)).status).toBe(403);
    expect((await post(`advance=1h&_csrf=${csrf}x`, `http://${host}`)).status).toBe(403);
    expect((await post(`advance=1h&_csrf=${csrf}`, 'http://attacker.example')).status).toBe(403);
    const accepted = await post(`advance=1h&_csrf=${csrf}`, `http://${host}`);
    expect(accepted.status).toBe(303);
    const header = await request('/ui/clock', {
      method: 'POST',
      headers: { cookie, origin: `http://${host}`, 'x-csrf-token': csrf, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'advance=1h',
    });
    expect(header.status).toBe(303);
  });

  it('escapes what it renders: a connection named like markup shows as text', async () => {
    const name = '<img src=x onerror=alert(1)>"\'&';
    const created = await request('/connect/demo/xss', {
      method: 'PUT',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        server: 'modelcontextprotocol/time',
        mock: { enabled: true },
        name,
        metadata: { note: '</script><script>alert(2)</script>' },
      }),
    });
    expect(created.status).toBeLessThan(300);
    const { cookie } = await logIn();
    for (const path of ['/ui', '/ui/connections/demo/xss']) {
      const page = await (await request(path, { headers: { cookie } })).text();
      expect(page).not.toContain('<img src=x');
      expect(page).not.toContain('<script>alert(2)');
      expect(page).toContain('&lt;img src=x onerror=alert(1)&gt;');
    }
  });

  it('sends security headers with its pages: no framing, a content security policy without inline script', async () => {
    const { cookie } = await logIn();
    const response = await request('/ui', { headers: { cookie } });
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('content-security-policy')).not.toContain('unsafe-inline');
  });
});

/** Forces the demo's `time` connection into auth_required (`PUT .../status`), which hands out a setup link. */
async function forceAuthRequired(platform: Platform, host: string): Promise<{ status: { setupUrl: string } }> {
  const response = await platform.app.request('/__mcpsim/connections/demo/time/status', {
    method: 'PUT',
    headers: { host, authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ state: 'auth_required' }),
  });
  const body = (await response.json()) as { status: { setupUrl: string } };
  if (!body.status) throw new Error(`PUT .../status: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

describe('the access log', () => {
  it('has one line per dashboard page, not the API requests the page made in process', async () => {
    const logged: string[] = [];
    const platform = createPlatform({
      apiKey,
      logger: { error: () => {}, request: ({ method, path }) => void logged.push(`${method} ${path}`) },
    });
    try {
      const login = await platform.app.request(`/?token=${platform.dashboard!.sessions.loginToken}`, {
        headers: { host, accept: 'text/html' },
      });
      const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
      expect((await platform.app.request('/ui/connections/demo/time', { headers: { host, cookie } })).status).toBe(200);
      expect((await platform.app.request('/connect/demo/time', { headers: { host, authorization: `Bearer ${apiKey}` } })).status).toBe(200);
      expect(logged).toEqual(['GET /', 'GET /ui/connections/demo/time', 'GET /connect/demo/time']);
    } finally {
      platform.close();
    }
  });
});

describe('the memory timeline after retention dropped the oldest calls', () => {
  it('pages from the first call the log still holds: no link to older calls past it, and says how many were dropped', async () => {
    const platform = createPlatform({ apiKey, memoryLimits: { maxCalls: 70, maxBytes: 64 * 1024 * 1024 } });
    try {
      for (let call = 0; call < 130; call++) {
        const answer = await platform.app.request('/connect/demo/time/.tools/get_current_time', {
          method: 'POST',
          headers: { host, authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({ timezone: 'UTC' }),
        });
        expect(answer.status).toBe(200);
      }
      const login = await platform.app.request(`/?token=${platform.dashboard!.sessions.loginToken}`, {
        headers: { host, accept: 'text/html' },
      });
      const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
      const page = async (query: string) =>
        (await platform.app.request(`/ui/connections/demo/time${query}`, { headers: { host, cookie } })).text();
      const rows = (html: string) => [...html.matchAll(/<tr id="call-(\d+)">/g)].map((match) => Number(match[1]));

      const newest = await page('');
      expect(rows(newest)).toEqual(Array.from({ length: 50 }, (_, index) => 130 - index));
      expect(newest).toContain('Latest call #<span id="call-count">130</span>; calls before #61 are no longer kept');
      expect(newest).toContain('?before=81">Older calls</a>');

      const oldest = await page('?before=81');
      expect(rows(oldest)).toEqual(Array.from({ length: 20 }, (_, index) => 80 - index));
      expect(oldest).not.toContain('Older calls');
      expect(oldest).toContain('Newest calls');
    } finally {
      platform.close();
    }
  });
});

describe('dashboard sessions', () => {
  it('expire after their lifetime', () => {
    let now = 1_000;
    const sessions = createSessions({ now: () => now, ttlMs: 60_000 });
    const credential = { account: { id: 'acct_local', name: 'local' }, apiKey: 'local-key-123', keyHash: 'ab' };
    const session = sessions.login(sessions.loginToken, credential)!;
    expect(sessions.find(session.id)).toBe(session);
    now += 60_000;
    expect(sessions.find(session.id)).toBeNull();
    expect(sessions.login('wrong', credential)).toBeNull();
  });

  it('allow hosts: the public one, localhost and loopback only', () => {
    const allowed = (host: string, publicUrl: string) =>
      createHostRule({ allowedHosts: [], publicUrl: () => publicUrl, listenUrl: () => null })(host);
    expect(allowed('mcpsim.example.com', 'https://mcpsim.example.com')).toBe(true);
    expect(allowed('app.localhost:3000', 'http://127.0.0.1:4010')).toBe(true);
    expect(allowed('127.0.0.1.attacker.example', 'http://127.0.0.1:4010')).toBe(false);
    expect(allowed('localhost@attacker.example', 'http://127.0.0.1:4010')).toBe(false);
    expect(allowed('', 'http://127.0.0.1:4010')).toBe(false);
  });
});
