/**
 * Who may approve a CLI login (docs/decisions.md, "CLI login"): one click needs a caller on this
 * machine (the socket's remote address), a loopback public URL and the development key; otherwise
 * an API key of the approving account or a dashboard session of it. Pending logins are bounded in
 * number and expire on real time; their ids are never echoed or logged.
 */
import { request as httpRequest } from 'node:http';
import { networkInterfaces } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { createCliLogins, maxPendingCliLogins } from '../../src/api/cli-logins.js';
import { developmentApiKey, toStoredKey } from '../../src/domain/api-key.js';
import { createManualClock } from '../../src/domain/clock.js';
import { createSeededRandom } from '../../src/domain/random.js';
import { createPlatform, type Platform } from '../../src/platform/platform.js';
import { startServer, type RunningServer } from '../../src/node/start-server.js';
import { addAccount } from '../support/accounts.js';
import { startHarness, testApiKey, type Harness } from '../support/harness.js';

const otherKey = 'approver-test-other-key';

/** A browser on the approve page, in process: shows it (keeping the CSRF cookie), then submits its form with `fields`. */
async function approveInProcess(
  platform: Platform,
  authUrl: string,
  fields: Record<string, string>,
  cookie = '',
): Promise<{ shown: string; status: number; text: string }> {
  const url = authUrl.replace(/^https?:\/\/[^/]+/, 'http://mcpsim.test');
  const shown = await platform.app.fetch(new Request(url, { headers: cookie ? { cookie } : {} }));
  const shownText = await shown.text();
  const nonce = (shown.headers.get('set-cookie') ?? '').split(';')[0]!;
  const csrf = /name="csrf" value="([0-9a-f]*)"/.exec(shownText)?.[1] ?? '';
  const cookies = [cookie, nonce].filter(Boolean).join('; ');
  const posted = await platform.app.fetch(
    new Request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookies },
      body: new URLSearchParams({ csrf, ...fields }).toString(),
    }),
  );
  return { shown: shownText, status: posted.status, text: await posted.text() };
}

describe('approving a CLI login', () => {
  let harness: Harness;
  afterEach(() => harness.close());

  const open = async () =>
    (await harness.call('POST', '/api/auth/cli/session', { key: null })).body as { sessionId: string; authUrl: string };
  const poll = (sessionId: string) => harness.call('GET', `/api/auth/cli/poll/${sessionId}`, { key: null });

  it('asks for a key on a socket from this machine when a secret key is configured, and hands out nothing without one', async () => {
    harness = await startHarness('socket');
    const { sessionId, authUrl } = await open();
    const shown = await fetch(authUrl);
    const text = await shown.text();
    expect(text).toContain('name="apiKey"');
    const cookie = (shown.headers.get('set-cookie') ?? '').split(';')[0]!;
    const csrf = /name="csrf" value="([0-9a-f]*)"/.exec(text)?.[1] ?? '';
    const submit = (body: string) =>
      fetch(authUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', cookie }, body });
    expect((await submit(`csrf=${csrf}`)).status).toBe(401);
    expect((await poll(sessionId)).body).toEqual({ status: 'pending' });
    expect((await submit(`csrf=${csrf}&apiKey=${testApiKey}`)).status).toBe(200);
    expect((await poll(sessionId)).body.status).toBe('success');
  });

  it('never approves with one click in process (no socket, so no caller on this machine), even with the development key', async () => {
    harness = await startHarness('in-process', { apiKey: developmentApiKey, publicUrl: 'http://127.0.0.1:4010' });
    const { sessionId, authUrl } = await open();
    const refused = await approveInProcess(harness.platform, authUrl, {});
    expect(refused.shown).toContain('name="apiKey"');
    expect(refused.status).toBe(401);
    expect((await poll(sessionId)).body).toEqual({ status: 'pending' });
  });

  it('hands out a key of the account whose API key the form carries, and refuses a service token with or without whitespace', async () => {
    harness = await startHarness('in-process');
    const otherId = addAccount(harness.platform, 'other', otherKey);
    const token = (await harness.call('POST', '/tokens', { body: {} })).body.token as string;
    const { sessionId, authUrl } = await open();
    for (const given of [token, ` ${token}`, `\t${token}`])
      expect((await approveInProcess(harness.platform, authUrl, { apiKey: given })).status).toBe(401);
    expect((await poll(sessionId)).body).toEqual({ status: 'pending' });
    expect((await approveInProcess(harness.platform, authUrl, { apiKey: ` ${otherKey}\n` })).status).toBe(200);
    const key = (await poll(sessionId)).body.apiKey as string;
    expect(harness.platform.stores.accounts.findByKeyHash(toStoredKey(key).hash)?.id).toBe(otherId);
  });

  it("approves with one click for a dashboard session, handing out a key of the session's account", async () => {
    harness = await startHarness('in-process');
    const otherId = addAccount(harness.platform, 'other', otherKey);
    const login = await harness.platform.app.fetch(
      new Request('http://mcpsim.test/ui/login', {
        method: 'POST',
        headers: { host: 'mcpsim.test', 'content-type': 'application/x-www-form-urlencoded', origin: 'http://mcpsim.test' },
        body: `key=${otherKey}`,
      }),
    );
    const session = login.headers.get('set-cookie')!.split(';')[0]!;
    const { sessionId, authUrl } = await open();
    const approved = await approveInProcess(harness.platform, authUrl, {}, session);
    expect(approved.shown).toContain('new API key of account “other”');
    expect(approved.shown).not.toContain('name="apiKey"');
    expect(approved.status).toBe(200);
    const key = (await poll(sessionId)).body.apiKey as string;
    expect(harness.platform.stores.accounts.findByKeyHash(toStoredKey(key).hash)?.id).toBe(otherId);
  });

  it('refuses a new login with 503 and retry-after while 100 wait, and never echoes or logs a login id', async () => {
    harness = await startHarness('in-process');
    const ids: string[] = [];
    for (let index = 0; index < maxPendingCliLogins; index++) ids.push((await open()).sessionId);
    const refused = await harness.call('POST', '/api/auth/cli/session', { key: null });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('300');
    expect(refused.body).toEqual({
      error: 'server_busy',
      message:
        '100 CLI logins are waiting for approval, the most this server holds; try again in 300 s (each expires 5 minutes after it was opened)',
    });
    // The ones waiting still work; an unknown one is a 404 that does not repeat the id.
    expect((await poll(ids[0]!)).body).toEqual({ status: 'pending' });
    const unknown = await poll('AAAAAAAAAAAAAAAAAAAAAAAA');
    expect(unknown.status).toBe(404);
    expect(JSON.stringify(unknown.body)).not.toContain('AAAAAAAA');
    const logged = harness.logged.join('\n');
    for (const id of ids) expect(logged).not.toContain(id);
  });
});

describe('pending CLI logins', () => {
  it('expire 5 minutes after they were opened on the clock they are given (the system clock in a server)', () => {
    const platform = createPlatform({ apiKey: testApiKey });
    try {
      const clock = createManualClock('2026-01-01T00:00:00.000Z');
      const logins = createCliLogins({ accounts: platform.stores.accounts, clock, random: createSeededRandom('logins'), maxPending: 2 });
      const first = logins.open();
      clock.advance(4 * 60_000);
      const second = logins.open();
      expect(() => logins.open()).toThrow(/2 CLI logins are waiting for approval.*try again in 60 s/);
      expect(logins.poll(first)).toEqual({ status: 'pending' });
      clock.advance(60_000);
      expect(logins.poll(first)).toBeNull();
      expect(logins.poll(second)).toEqual({ status: 'pending' });
      expect(typeof logins.open()).toBe('string');
    } finally {
      platform.close();
    }
  });
});

/** An IPv4 address of this machine that is not loopback, to reach a server as another machine would; null when there is none. */
function outsideAddress(): string | null {
  for (const addresses of Object.values(networkInterfaces()))
    for (const address of addresses ?? []) if (address.family === 'IPv4' && !address.internal) return address.address;
  return null;
}

describe('a CLI login reached from another machine', () => {
  const outside = outsideAddress();
  let platform: Platform;
  let server: RunningServer;
  afterEach(async () => {
    await server?.close();
    platform?.close();
  });

  it.skipIf(outside === null)(
    'asks for the key when the socket is not from loopback, though the public URL is loopback and the key the development key',
    async () => {
      platform = createPlatform({ apiKey: developmentApiKey });
      server = await startServer({ fetch: platform.app.fetch, port: 0, host: '0.0.0.0' });
      platform.setPublicUrl(`http://127.0.0.1:${server.port}`);
      const opened = (await (await fetch(`http://127.0.0.1:${server.port}/api/auth/cli/session`, { method: 'POST' })).json()) as {
        authUrl: string;
      };
      const path = new URL(opened.authUrl).pathname;
      // The same page over loopback is one click; from the outside address it asks for the key.
      expect(await (await fetch(opened.authUrl)).text()).not.toContain('name="apiKey"');
      const fromOutside = await getText(outside!, server.port, path, `127.0.0.1:${server.port}`);
      expect(fromOutside.status).toBe(200);
      expect(fromOutside.text).toContain('name="apiKey"');
    },
  );
});

/** GET over a socket to `address`, with the Host header a browser would send for the public URL. */
function getText(address: string, port: number, path: string, host: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: address, port, path, headers: { host } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
    });
    request.on('error', reject);
    request.end();
  });
}
