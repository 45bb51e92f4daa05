/**
 * The setup page behind `setupUrl`, driven by a real headless Chromium (Debian's, through
 * playwright-core): a person opens the link, types what the connection lacks, submits, and
 * the connection is stored (headers encrypted) and probed again.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectChromium } from '../support/chromium.js';
import { startHarness, testApiKey, type Harness } from '../support/harness.js';
import { startUpstream, type Upstream } from '../support/upstream-servers.js';

const namespace = 'setup';

/** What a browser gets from the page: its nonce cookie and the form's CSRF token. */
async function openForm(setupUrl: string): Promise<{ cookie: string; csrf: string; response: Response; html: string }> {
  const response = await fetch(setupUrl);
  const html = await response.text();
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0]!;
  const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
  return { cookie, csrf, response, html };
}

describe('the setup page in a browser', () => {
  let harness: Harness;
  let browser: Browser;
  const upstreams: Upstream[] = [];

  beforeAll(async () => {
    harness = await startHarness('socket', { upstreamTimeoutMs: 1000 });
    await harness.call('PUT', `/namespaces/${namespace}`);
    browser = await connectChromium();
  }, 30_000);
  afterAll(async () => {
    await browser?.close();
    await harness?.close();
    await Promise.all(upstreams.map((upstream) => upstream.close()));
  });

  it('takes a credential for an upstream that answered 401, stores it encrypted, and connects', async () => {
    const upstream = await startUpstream('healthy', {
      name: 'locked-crm',
      requireHeader: { name: 'authorization', value: 'Bearer from-the-browser' },
    });
    upstreams.push(upstream);
    const created = await harness.call('PUT', `/connect/${namespace}/crm`, { body: { mcpUrl: upstream.url, name: 'CRM' } });
    expect(created.body.status.state).toBe('auth_required');
    const page = await browser.newPage();
    await page.goto(created.body.status.setupUrl);
    expect(await page.locator('h1').textContent()).toBe('Set up “CRM”');
    expect(await page.locator('[data-state]').getAttribute('data-state')).toBe('auth_required');
    await page.getByLabel('Authorization').fill('Bearer from-the-browser');
    await page.getByRole('button', { name: 'Save and connect' }).click();
    await page.waitForSelector('#notice');
    expect(await page.locator('#notice').textContent()).toBe('Connected to locked-crm 1.2.3. You can close this page.');
    expect(await page.content()).not.toContain('from-the-browser');
    const stored = await harness.call('GET', `/connect/${namespace}/crm`);
    expect(stored.body).toMatchObject({ status: { state: 'connected' }, serverInfo: { name: 'locked-crm' } });
    // The value is in the database only encrypted.
    for (const file of readdirSync(harness.dataDir))
      expect(readFileSync(join(harness.dataDir, file)).includes('from-the-browser')).toBe(false);
    // And the relay now uses it.
    const tools = await harness.call('GET', `/connect/${namespace}/crm/.tools`);
    expect(tools.body.tools.map((tool: { name: string }) => tool.name)).toEqual(['echo', 'add']);
    await page.close();
  });

  it('asks for the headers and query values a registry server declares, and says what is still missing', async () => {
    // The upstream needs the query value too: the relay must send the real one, not the *** the URL shows.
    const upstream = await startUpstream('healthy', {
      name: 'tracker',
      requireHeader: { name: 'x-tracker-key', value: 'k-123' },
      requireQuery: { name: 'region', value: 'eu-secret-region' },
    });
    upstreams.push(upstream);
    const server = {
      displayName: 'Tracker',
      deploymentUrl: upstream.url,
      config: {
        headers: { 'X-Tracker-Key': { label: 'Tracker key', description: 'From Settings → API', required: true } },
        query: { region: { label: 'Region', required: true } },
      },
      tools: [{ name: 'list_issues', inputSchema: { type: 'object' } }],
    };
    expect((await harness.call('PUT', '/servers/@qa/tracker', { body: server })).status).toBe(201);
    const created = await harness.call('PUT', `/connect/${namespace}/tracker`, { body: { server: '@qa/tracker' } });
    expect(created.body.status).toMatchObject({ state: 'input_required', missing: { headers: ['X-Tracker-Key'], query: ['region'] } });
    // Without a browser: a submit that leaves a required value out is saved and names what is missing.
    const form = await openForm(created.body.status.setupUrl);
    const partial = await fetch(created.body.status.setupUrl, {
      method: 'POST',
      headers: { cookie: form.cookie },
      body: new URLSearchParams({ csrf: form.csrf, 'header:X-Tracker-Key': 'wrong' }),
    });
    expect(partial.status).toBe(200);
    expect(await partial.text()).toContain('Saved, but still missing: query parameter region.');
    const page = await browser.newPage();
    await page.goto(created.body.status.setupUrl);
    expect(await page.locator('form').textContent()).toContain('(set; leave empty to keep it)');
    await page.getByLabel('Region').fill('eu-secret-region');
    await page.getByRole('button', { name: 'Save and connect' }).click();
    await page.waitForSelector('#notice');
    expect(await page.locator('#notice').textContent()).toBe(
      'Saved, but the server still answers 401 Unauthorized: check the credentials.',
    );
    await page.getByLabel('Tracker key').fill('k-123');
    await page.getByRole('button', { name: 'Save and connect' }).click();
    await page.waitForSelector('#notice.ok');
    expect(await page.locator('#notice').textContent()).toBe('Connected to tracker 1.2.3. You can close this page.');
    const stored = await harness.call('GET', `/connect/${namespace}/tracker`);
    // The typed query value is a secret like a header: masked in mcpUrl, on the page, and at rest.
    expect(stored.body).toMatchObject({ mcpUrl: `${upstream.url}?region=***`, status: { state: 'connected' } });
    expect(await page.content()).not.toContain('eu-secret-region');
    harness.platform.stores.memory.flush();
    for (const file of readdirSync(harness.dataDir))
      expect(readFileSync(join(harness.dataDir, file)).includes('eu-secret-region')).toBe(false);
    // And the relay sends the real value.
    const tools = await harness.call('GET', `/connect/${namespace}/tracker/.tools`);
    expect(tools.body.tools.map((tool: { name: string }) => tool.name)).toEqual(['echo', 'add']);
    await page.close();
  });

  it('shows a plain refusal for a forged link, and for one whose connection was deleted', async () => {
    const upstream = await startUpstream('unauthorized');
    upstreams.push(upstream);
    const created = await harness.call('PUT', `/connect/${namespace}/gone`, { body: { mcpUrl: upstream.url } });
    expect(created.body.status.state).toBe('auth_required');
    await harness.call('DELETE', `/connect/${namespace}/gone`);
    const page = await browser.newPage();
    expect((await page.goto(created.body.status.setupUrl))?.status()).toBe(404);
    const forged = await page.goto(`${harness.baseUrl}/__mcpsim/setup/WyJ4Il0.AAAAAAAAAAAAAAAAAAAAAAAA`);
    expect(forged?.status()).toBe(404);
    expect(await page.locator('h1').textContent()).toBe('This setup link is not valid');
    await page.close();
  });
});

/**
 * Setup links as credentials (issue 16, item 4): the original requests — an old ticket after the
 * connection was deleted and re-created, a cross-origin POST carrying only the ticket, a ticket
 * printed in the access log, a `setupUrl` built from the request's Host, a page without CSP or
 * X-Frame-Options — and the expiry on the virtual clock.
 */
describe('setup links as credentials', () => {
  let harness: Harness;
  let browser: Browser;
  let upstream: Upstream;
  const logged: string[] = [];

  beforeAll(async () => {
    harness = await startHarness('socket', {
      upstreamTimeoutMs: 1000,
      logger: { error: () => {}, request: (entry) => void logged.push(entry.path) },
    });
    await harness.call('PUT', `/namespaces/${namespace}`);
    upstream = await startUpstream('healthy', { requireHeader: { name: 'authorization', value: 'Bearer right' } });
    browser = await connectChromium();
  }, 30_000);
  afterAll(async () => {
    await browser?.close();
    await harness?.close();
    await upstream?.close();
  });

  const locked = async (id: string) => {
    const created = await harness.call('PUT', `/connect/${namespace}/${id}`, { body: { mcpUrl: upstream.url } });
    expect(created.body.status.state).toBe('auth_required');
    return created.body.status.setupUrl as string;
  };
  const submit = (
    setupUrl: string,
    form: { cookie: string; csrf: string },
    fields: Record<string, string>,
    headers: Record<string, string> = {},
  ) =>
    fetch(setupUrl, {
      method: 'POST',
      headers: { cookie: form.cookie, ...headers },
      body: new URLSearchParams({ csrf: form.csrf, ...fields }),
    });

  it('builds setupUrl on the public URL, never on the Host a request names', async () => {
    const setupUrl = await locked('host');
    expect(setupUrl.startsWith(`${harness.baseUrl}/__mcpsim/setup/`)).toBe(true);
    // A write that names another Host (a write token planting a link) still gets, and stores, a link on the public URL.
    // (An allowed name other than the public one: a foreign name is refused before any route, see origins-and-hosts.test.ts.)
    const port = Number(new URL(harness.baseUrl).port);
    const body = JSON.stringify({ mcpUrl: upstream.url });
    const planted = await new Promise<string>((resolve, reject) => {
      const request = httpRequest(
        {
          hostname: '127.0.0.1',
          port,
          path: `/connect/${namespace}/planted`,
          method: 'PUT',
          setHost: false,
          headers: {
            host: 'planted.localhost:1',
            authorization: `Bearer ${testApiKey}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk) => (text += chunk));
          response.on('end', () => resolve(text));
        },
      );
      request.on('error', reject);
      request.end(body);
    });
    expect(JSON.parse(planted).status.setupUrl.startsWith(`${harness.baseUrl}/__mcpsim/setup/`)).toBe(true);
    const inProcess = await harness.platform.app.fetch(
      new Request(`http://attacker.example/connect/${namespace}/planted`, { headers: { authorization: `Bearer ${testApiKey}` } }),
    );
    expect(
      ((await inProcess.json()) as { status: { setupUrl: string } }).status.setupUrl.startsWith(`${harness.baseUrl}/__mcpsim/setup/`),
    ).toBe(true);
  });

  it('kills a ticket with its connection: after delete and re-create under the same id, the old link opens nothing and stores nothing', async () => {
    const oldUrl = await locked('again');
    const form = await openForm(oldUrl);
    expect(form.response.status).toBe(200);
    await harness.call('DELETE', `/connect/${namespace}/again`);
    const newUrl = await locked('again');
    expect(newUrl).not.toBe(oldUrl);
    expect((await fetch(oldUrl)).status).toBe(404);
    const attack = await submit(oldUrl, form, { 'header:Authorization': 'Bearer attacker' });
    expect(attack.status).toBe(404);
    const namespaceId = harness.platform.stores.namespaces.get(harness.platform.stores.accounts.findLocal()!.id, namespace)!.id;
    expect(harness.platform.stores.connections.getHeaders(namespaceId, 'again')).toBeNull();
    expect((await fetch(newUrl)).status).toBe(200);
  });

  it('expires a ticket on the virtual clock (410), while the connection hands out a fresh link', async () => {
    const setupUrl = await locked('expiring');
    // Valid for an hour at least (expiries are rounded up to 5 minutes), and no more than 65 minutes.
    harness.clock.advance(60 * 60 * 1000 - 1);
    expect((await fetch(setupUrl)).status).toBe(200);
    harness.clock.advance(5 * 60 * 1000 + 1);
    const expired = await fetch(setupUrl);
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain('This setup link has expired');
    const fresh = (await harness.call('GET', `/connect/${namespace}/expiring`)).body.status.setupUrl;
    expect(fresh).not.toBe(setupUrl);
    expect((await fetch(fresh)).status).toBe(200);
  });

  it('refuses a cross-origin POST, or one without the form token, with 403 and stores nothing; setup routes answer no CORS', async () => {
    const setupUrl = await locked('csrf');
    const form = await openForm(setupUrl);
    const foreign = await submit(setupUrl, form, { 'header:Authorization': 'Bearer right' }, { origin: 'http://attacker.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    expect(await foreign.text()).toContain('it came from http://attacker.example');
    // Only the ticket, as a page elsewhere could send it: no cookie, no token.
    const ticketOnly = await fetch(setupUrl, { method: 'POST', body: new URLSearchParams({ 'header:Authorization': 'Bearer right' }) });
    expect(ticketOnly.status).toBe(403);
    const wrongToken = await submit(setupUrl, { cookie: form.cookie, csrf: 'x'.repeat(24) }, { 'header:Authorization': 'Bearer right' });
    expect(wrongToken.status).toBe(403);
    expect((await harness.call('GET', `/connect/${namespace}/csrf`)).body.status.state).toBe('auth_required');
    const preflight = await fetch(setupUrl, {
      method: 'OPTIONS',
      headers: { origin: 'http://attacker.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const read = await fetch(setupUrl, { headers: { origin: 'http://attacker.example' } });
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
    // The same form from the page's own origin is taken.
    const own = await submit(setupUrl, form, { 'header:Authorization': 'Bearer right' }, { origin: new URL(harness.baseUrl).origin });
    expect(own.status).toBe(200);
    expect((await harness.call('GET', `/connect/${namespace}/csrf`)).body.status.state).toBe('connected');
  });

  it('masks tickets in the access log', async () => {
    const setupUrl = await locked('logged');
    await fetch(setupUrl);
    const ticket = setupUrl.slice(setupUrl.lastIndexOf('/') + 1);
    expect(logged).toContain('/__mcpsim/setup/***');
    expect(logged.some((path) => path.includes(ticket))).toBe(false);
  });

  it('sends CSP and X-Frame-Options: DENY on every setup page; in a browser the page keeps its style and cannot be framed', async () => {
    const setupUrl = await locked('framed');
    const answers = [await fetch(setupUrl), await fetch(`${harness.baseUrl}/__mcpsim/setup/WyJ4Il0.AAAAAAAAAAAAAAAAAAAAAAAA`)];
    for (const answer of answers) {
      expect(answer.headers.get('x-frame-options')).toBe('DENY');
      expect(answer.headers.get('content-security-policy')).toMatch(
        /^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'$/,
      );
    }
    const page = await browser.newPage();
    const violations: string[] = [];
    page.on('console', (message) => void (message.text().includes('Content Security Policy') && violations.push(message.text())));
    await page.goto(setupUrl);
    // The inline style sheet (the dashboard's) runs under the CSP: its hash is the one the policy allows.
    expect(await page.evaluate<string>("getComputedStyle(document.querySelector('main')).maxWidth")).toBe('640px');
    expect(await page.evaluate<string>("getComputedStyle(document.querySelector('form')).borderRadius")).toBe('8px');
    expect(violations).toEqual([]);
    await page.setContent(`<iframe id="victim" src="${setupUrl}"></iframe>`);
    await page.waitForTimeout(500);
    const framed = page.frames().find((frame) => frame !== page.mainFrame());
    // Chromium shows its own "blocked" page in the frame instead.
    expect(framed).toBeDefined();
    expect(await framed!.evaluate<string>("document.body.textContent ?? ''").catch(() => '')).not.toContain('Set up');
    await page.close();
  });
});
