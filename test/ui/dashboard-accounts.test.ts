/**
 * Dashboard sessions belong to one account and one credential (docs/decisions.md, "Dashboard
 * accounts"): an API key opens a session of its own account, which acts with that key; a service
 * token opens none, whatever whitespace surrounds it; the session ends when its key is removed;
 * the printed login link still opens a session of the local account.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toStoredKey } from '../../src/domain/api-key.js';
import { createManualClock } from '../../src/domain/clock.js';
import { createPlatform, type Platform } from '../../src/platform/platform.js';
import { addAccount } from '../support/accounts.js';

const localKey = 'accounts-test-local-key';
const otherKey = 'accounts-test-other-key';
const host = '127.0.0.1:4010';
const form = { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${host}` };

describe('dashboard sessions and accounts', () => {
  let platform: Platform;
  beforeEach(async () => {
    platform = createPlatform({ apiKey: localKey });
    addAccount(platform, 'other', otherKey);
    // The other account has a namespace and a mock connection of its own.
    expect((await api('PUT', '/namespaces/other-space', otherKey)).status).toBeLessThan(300);
    const created = await api('PUT', '/connect/other-space/clock', otherKey, {
      server: 'modelcontextprotocol/time',
      mock: { enabled: true },
    });
    expect(created.status).toBeLessThan(300);
  });
  afterEach(() => platform.close());

  const request = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
    platform.app.request(path, { ...init, headers: { host, ...init.headers } });
  const api = (method: string, path: string, key: string, body?: unknown) =>
    request(path, {
      method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  async function logInWith(key: string): Promise<{ cookie: string; csrf: string }> {
    const response = await request('/ui/login', { method: 'POST', headers: form, body: new URLSearchParams({ key }).toString() });
    expect(response.status, await response.clone().text()).toBe(303);
    const cookie = response.headers.get('set-cookie')!.split(';')[0]!;
    const page = await (await request('/ui', { headers: { cookie } })).text();
    return { cookie, csrf: /name="csrf-token" content="([^"]+)"/.exec(page)![1]! };
  }

  async function mintToken(): Promise<string> {
    const minted = await api('POST', '/tokens', localKey, { policy: [{ resources: ['servers'], operations: ['read'] }] });
    return ((await minted.json()) as { token: string }).token;
  }

  it("acts as the account whose API key opened it: that account's connections, none of the local account's", async () => {
    const { cookie } = await logInWith(otherKey);
    const list = await (await request('/ui', { headers: { cookie } })).text();
    expect(list).toContain('other-space');
    expect(list).not.toContain('/ui/connections/demo/');
    expect((await request('/ui/connections/other-space/clock', { headers: { cookie } })).status).toBe(200);
    // The local account's connection reads as missing, its page and its live stream alike.
    expect((await request('/ui/connections/demo/time', { headers: { cookie } })).status).toBe(404);
    expect((await request('/ui/connections/demo/time/events', { headers: { cookie } })).status).toBe(404);
  });

  it("does only what the account may: the other account's session cannot move the shared clock or reset the local account's memory", async () => {
    const virtual = createPlatform({ apiKey: localKey, clock: createManualClock('2026-01-01T00:00:00.000Z') });
    try {
      addAccount(virtual, 'other', otherKey);
      const call = await virtual.app.request('/connect/demo/time/.tools/get_current_time', {
        method: 'POST',
        headers: { host, authorization: `Bearer ${localKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ timezone: 'UTC' }),
      });
      expect(call.status).toBe(200);
      const login = await virtual.app.request('/ui/login', { method: 'POST', headers: { host, ...form }, body: `key=${otherKey}` });
      const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
      const page = await (await virtual.app.request('/ui/clock', { headers: { host, cookie } })).text();
      const csrf = /name="csrf-token" content="([^"]+)"/.exec(page)![1]!;
      const post = (path: string, body: string) =>
        virtual.app.request(path, {
          method: 'POST',
          headers: { host, ...form, cookie },
          body: `${body}&_csrf=${encodeURIComponent(csrf)}`,
        });
      expect((await post('/ui/clock', 'advance=1h')).status).toBe(303);
      expect(await (await virtual.app.request('/ui/clock', { headers: { host, cookie } })).text()).toContain(
        'only the local (first) account may move it',
      );
      expect((await post('/ui/connections/demo/time/reset', 'scope=memory&confirm=yes')).status).toBe(303);
      const memory = await virtual.app.request('/__mcpsim/connections/demo/time/memory', {
        headers: { host, authorization: `Bearer ${localKey}` },
      });
      expect(((await memory.json()) as { calls: unknown[] }).calls).toHaveLength(1);
      const clock = await virtual.app.request('/__mcpsim/clock', { headers: { host, authorization: `Bearer ${localKey}` } });
      expect(((await clock.json()) as { now: string }).now).toBe('2026-01-01T00:00:00.000Z');
    } finally {
      virtual.close();
    }
  });

  it('opens no session for a service token, with or without whitespace around it', async () => {
    const token = await mintToken();
    for (const given of [token, ` ${token}`, `\t${token}`, `${token}\n`, `  \t${token} `]) {
      const response = await request('/ui/login', { method: 'POST', headers: form, body: new URLSearchParams({ key: given }).toString() });
      expect(response.status, JSON.stringify(given.slice(0, 3))).toBe(401);
      expect(response.headers.get('set-cookie')).toBeNull();
      expect(await response.text()).toContain('A service token cannot open a dashboard session');
    }
  });

  it('takes the key as the API reads it: whitespace a paste brings around a key is dropped, a wrong key opens nothing', async () => {
    await logInWith(`  ${otherKey}\n`);
    for (const given of ['', ' ', 'not a key', `${otherKey}x`]) {
      const response = await request('/ui/login', { method: 'POST', headers: form, body: new URLSearchParams({ key: given }).toString() });
      expect(response.status).toBe(401);
      expect(await response.text()).toContain('That is not an API key of this server.');
    }
  });

  it('ends when its API key is removed: pages go back to the login, posts get 401, a live stream closes at once', async () => {
    const { cookie, csrf } = await logInWith(otherKey);
    const local = await logInWith(localKey);
    const stream = await request('/ui/connections/other-space/clock/events', { headers: { cookie } });
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const text = stream.text();
    platform.stores.accounts.removeKey(toStoredKey(otherKey).hash);
    // Closed by the removal, not by a later check: the race's 5 s bound tells the two apart on a busy machine.
    const ended = await Promise.race([text, new Promise<string>((resolve) => setTimeout(() => resolve('still open after 5 s'), 5000))]);
    expect(ended).toMatch(/event: expired\ndata: \{\}\n\n$/);
    const page = await request('/ui', { headers: { cookie } });
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe('/ui/login');
    const post = await request('/ui/clock', { method: 'POST', headers: { ...form, cookie }, body: `advance=1h&_csrf=${csrf}` });
    expect(post.status).toBe(401);
    // The key is refused by the API too, and the local account's session goes on.
    expect((await api('GET', '/namespaces', otherKey)).status).toBe(401);
    expect((await request('/ui', { headers: { cookie: local.cookie } })).status).toBe(200);
  });

  it('opens a session of the local account from the printed login link, once', async () => {
    const response = await request(`/?token=${platform.dashboard!.sessions.loginToken}`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(303);
    const cookie = response.headers.get('set-cookie')!.split(';')[0]!;
    expect((await request('/ui/connections/demo/time', { headers: { cookie } })).status).toBe(200);
    expect(platform.dashboard!.accountOf).toBeTypeOf('function');
    const session = platform.dashboard!.sessions.find(cookie.split('=')[1]);
    expect(session?.account.id).toBe(platform.stores.accounts.findLocal()!.id);
  });
});
