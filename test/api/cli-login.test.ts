/**
 * CLI login (docs/decisions.md, "CLI login"), as `smithery auth login` drives it: open a session, poll, a person
 * approves on the authUrl page, the next poll gets a new key of the account (labelled as made by
 * a CLI login) that works, once. One click only for a caller on this machine of a loopback server
 * with the development key; otherwise an API key or a dashboard session. Sessions expire after 5
 * minutes of real time, at most 100 wait at once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { developmentApiKey, toStoredKey } from '../../src/domain/api-key.js';
import { startHarness, type Harness } from '../support/harness.js';

describe('CLI login', () => {
  let harness: Harness;
  afterEach(() => harness.close());

  async function openSession(h: Harness): Promise<{ sessionId: string; authUrl: string }> {
    const opened = await h.call('POST', '/api/auth/cli/session', { key: null });
    expect(opened.status).toBe(200);
    expect(Object.keys(opened.body).sort()).toEqual(['authUrl', 'sessionId']);
    return opened.body;
  }

  /**
   * A browser on the approve page: GET shows it (and sets its CSRF cookie); POST submits its form
   * as the page does, with the cookie and the token the page gave (`raw` posts the form alone).
   */
  async function page(
    h: Harness,
    url: string,
    method: 'GET' | 'POST',
    form = '',
    raw: { headers?: Record<string, string> } | null = null,
  ): Promise<{ status: number; text: string; headers: Headers }> {
    const send = async (request: Request) => {
      const response = h.door === 'socket' ? await fetch(request) : await h.platform.app.fetch(request);
      return { status: response.status, text: await response.text(), headers: response.headers };
    };
    if (method === 'GET') return send(new Request(url));
    const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };
    if (raw) return send(new Request(url, { method, body: form, headers: { ...formHeaders, ...raw.headers } }));
    const shown = await send(new Request(url));
    const cookie = (shown.headers.get('set-cookie') ?? '').split(';')[0]!;
    const csrf = /name="csrf" value="([0-9a-f]*)"/.exec(shown.text)?.[1] ?? '';
    return send(new Request(url, { method, body: [`csrf=${csrf}`, form].filter(Boolean).join('&'), headers: { ...formHeaders, cookie } }));
  }

  it('approves nothing a page on another site submits, and lets no other origin read a login', async () => {
    harness = await startHarness('socket', { apiKey: developmentApiKey });
    const { sessionId, authUrl } = await openSession(harness);
    // A form on another site: its Origin, and no SameSite cookie.
    const crossSite = await page(harness, authUrl, 'POST', '', { headers: { origin: 'https://evil.example' } });
    expect(crossSite.status).toBe(403);
    expect(crossSite.text).toContain('Nothing was approved: it came from https://evil.example');
    // No Origin (a script that hides it) and no cookie: the token does not match.
    expect((await page(harness, authUrl, 'POST', 'csrf=00', { headers: {} })).status).toBe(403);
    expect((await harness.call('GET', `/api/auth/cli/poll/${sessionId}`, { key: null })).body).toEqual({ status: 'pending' });
    // No CORS: a script on another origin cannot read a session or a key.
    for (const [method, path] of [
      ['POST', '/api/auth/cli/session'],
      ['GET', `/api/auth/cli/poll/${sessionId}`],
    ] as const) {
      const response = await fetch(`${harness.baseUrl}${path}`, { method, headers: { origin: 'https://evil.example' } });
      expect(response.headers.get('access-control-allow-origin'), path).toBeNull();
    }
    const preflight = await fetch(`${harness.baseUrl}/api/auth/cli/session`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    // The page itself still approves.
    expect((await page(harness, authUrl, 'POST')).status).toBe(200);
  });

  it('hands out a new labelled key of the account after one click on this machine with the development key, once', async () => {
    harness = await startHarness('socket', { apiKey: developmentApiKey });
    const { sessionId, authUrl } = await openSession(harness);
    expect(authUrl).toBe(`${harness.baseUrl}/api/auth/cli/approve/${sessionId}`);
    expect((await harness.call('GET', `/api/auth/cli/poll/${sessionId}`, { key: null })).body).toEqual({ status: 'pending' });

    const shown = await page(harness, authUrl, 'GET');
    expect(shown.status).toBe(200);
    const local = harness.platform.stores.accounts.findLocal()!;
    expect(shown.text).toContain(`new API key of account “${local.name}”`);
    expect(shown.text).not.toContain('name="apiKey"');
    // Approving is one click, so the page must not be framed: the setup page's security headers.
    expect(shown.headers.get('x-frame-options')).toBe('DENY');
    expect(shown.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");

    const approved = await page(harness, authUrl, 'POST');
    expect(approved.status).toBe(200);
    expect(approved.text).toContain('Approved');

    const polled = await harness.call('GET', `/api/auth/cli/poll/${sessionId}`, { key: null });
    expect(polled.status).toBe(200);
    expect(polled.body).toEqual({ status: 'success', apiKey: expect.stringMatching(/^mcpsim_sk_/), namespace: expect.any(String) });
    const key = polled.body.apiKey as string;
    expect(harness.platform.stores.accounts.keyLabel(toStoredKey(key).hash)).toBe('created by a CLI login');
    expect(harness.platform.stores.accounts.findByKeyHash(toStoredKey(key).hash)?.id).toBe(local.id);
    // The CLI checks the key with GET /servers?pageSize=1.
    expect((await harness.call('GET', '/servers?pageSize=1', { key })).status).toBe(200);

    // Handed out once: the session is over.
    expect((await harness.call('GET', `/api/auth/cli/poll/${sessionId}`, { key: null })).status).toBe(404);
    expect((await page(harness, authUrl, 'POST')).status).toBe(404);
  });

  it('keeps a key handed out by a CLI login across a restart with a configured key', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mcpsim-login-'));
    try {
      harness = await startHarness('in-process', { dataDir, publicUrl: 'http://127.0.0.1' });
      const { sessionId, authUrl } = await openSession(harness);
      expect((await page(harness, authUrl, 'POST', 'apiKey=test-key-0123456789')).status).toBe(200);
      const key = (await harness.call('GET', `/api/auth/cli/poll/${sessionId}`, { key: null })).body.apiKey as string;
      await harness.close();
      harness = await startHarness('in-process', { dataDir, apiKey: 'another-key-456' });
      expect((await harness.call('GET', '/namespaces', { key })).status).toBe(200);
      expect((await harness.call('GET', '/namespaces', { key: 'another-key-456' })).status).toBe(200);
      expect((await harness.call('GET', '/namespaces')).status).toBe(401);
    } finally {
      await harness.close();
      harness = await startHarness('in-process');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('keeps a session waiting however far the virtual clock moves: it expires on real time', async () => {
    harness = await startHarness('in-process');
    const { sessionId } = await openSession(harness);
    harness.clock.advance(60 * 60_000);
    expect((await harness.call('GET', `/api/auth/cli/poll/${sessionId}`, { key: null })).body).toEqual({ status: 'pending' });
  });

  it('builds the authUrl from the public URL, and off loopback approves only with the account key', async () => {
    harness = await startHarness('in-process', { publicUrl: 'https://mcpsim.example.com' });
    const { sessionId, authUrl } = await openSession(harness);
    expect(authUrl).toBe(`https://mcpsim.example.com/api/auth/cli/approve/${sessionId}`);
    const approveUrl = `http://mcpsim.test/api/auth/cli/approve/${sessionId}`;
    expect((await page(harness, approveUrl, 'GET')).text).toContain('name="apiKey"');
    expect((await page(harness, approveUrl, 'POST')).status).toBe(401);
    expect((await page(harness, approveUrl, 'POST', 'apiKey=wrong-key-123')).status).toBe(401);
    expect((await harness.call('GET', `/api/auth/cli/poll/${sessionId}`, { key: null })).body).toEqual({ status: 'pending' });
    expect((await page(harness, approveUrl, 'POST', 'apiKey=test-key-0123456789')).status).toBe(200);
    expect((await harness.call('GET', `/api/auth/cli/poll/${sessionId}`, { key: null })).body.status).toBe('success');
  });

  it('refuses a malformed session id with a 400 naming the rule', async () => {
    harness = await startHarness('in-process');
    const bad = await harness.call('GET', '/api/auth/cli/poll/no%20spaces', { key: null });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('sessionId');
  });
});
