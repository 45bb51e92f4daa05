/**
 * The setup page behind `setupUrl`, driven by a real headless Chromium (Debian's, through
 * playwright-core): a person opens the link, types what the connection lacks, submits, and
 * the connection is stored (headers encrypted) and probed again.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './support/harness.js';
import { startUpstream, type Upstream } from './support/upstream-servers.js';

const chromiumPath = '/usr/bin/chromium';
/** Flags from ../shared/notes/stack.md: no sandbox as root, and no calls to Google hosts. */
const chromiumArgs = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const namespace = 'setup';

describe('the setup page in a browser', () => {
  let harness: Harness;
  let browser: Browser;
  const upstreams: Upstream[] = [];

  beforeAll(async () => {
    if (!existsSync(chromiumPath)) throw new Error(`${chromiumPath} is missing: install it with "apt-get install -y chromium" (.ci/run does)`);
    harness = await startHarness('socket', { upstreamTimeoutMs: 1000 });
    await harness.call('PUT', `/namespaces/${namespace}`);
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  }, 30_000);
  afterAll(async () => {
    await browser?.close();
    await harness?.close();
    await Promise.all(upstreams.map((upstream) => upstream.close()));
  });

  it('takes a credential for an upstream that answered 401, stores it encrypted, and connects', async () => {
    const upstream = await startUpstream('healthy', { name: 'locked-crm', requireHeader: { name: 'authorization', value: 'Bearer from-the-browser' } });
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
    for (const file of readdirSync(harness.dataDir)) expect(readFileSync(join(harness.dataDir, file)).includes('from-the-browser')).toBe(false);
    // And the relay now uses it.
    const tools = await harness.call('GET', `/connect/${namespace}/crm/.tools`);
    expect(tools.body.tools.map((tool: { name: string }) => tool.name)).toEqual(['echo', 'add']);
    await page.close();
  });

  it('asks for the headers and query values a registry server declares, and says what is still missing', async () => {
    const upstream = await startUpstream('healthy', { name: 'tracker', requireHeader: { name: 'x-tracker-key', value: 'k-123' } });
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
    const partial = await fetch(created.body.status.setupUrl, { method: 'POST', body: new URLSearchParams({ 'header:X-Tracker-Key': 'wrong' }) });
    expect(partial.status).toBe(200);
    expect(await partial.text()).toContain('Saved, but still missing: query parameter region.');
    const page = await browser.newPage();
    await page.goto(created.body.status.setupUrl);
    expect(await page.locator('form').textContent()).toContain('(set; leave empty to keep it)');
    await page.getByLabel('Region').fill('eu');
    await page.getByRole('button', { name: 'Save and connect' }).click();
    await page.waitForSelector('#notice');
    expect(await page.locator('#notice').textContent()).toBe('Saved, but the server still answers 401 Unauthorized: check the credentials.');
    await page.getByLabel('Tracker key').fill('k-123');
    await page.getByRole('button', { name: 'Save and connect' }).click();
    await page.waitForSelector('#notice.ok');
    expect(await page.locator('#notice').textContent()).toBe('Connected to tracker 1.2.3. You can close this page.');
    const stored = await harness.call('GET', `/connect/${namespace}/tracker`);
    expect(stored.body).toMatchObject({ mcpUrl: `${upstream.url}?region=eu`, status: { state: 'connected' } });
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
