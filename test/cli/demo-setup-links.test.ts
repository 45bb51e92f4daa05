/**
 * Every setup link the demo hands out, opened in Debian's Chromium as a new user would: the demo
 * started with no arguments on a fresh data directory, every connection of every namespace read
 * through the API, and each `status.setupUrl` followed. Each must open the styled setup page (the
 * shared stylesheet applies), pass axe, and the simulated ones complete when submitted.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.js';
import { connectChromium } from '../support/chromium.js';
import { startDemo, type DemoServer } from '../support/demo-server.js';

const dataDir = mkdtempSync(join(tmpdir(), 'mcpsim-demo-setup-'));
let demo: DemoServer;
let browser: Browser;
/** `namespace/id` → the connection as `GET /connect/{ns}` lists it. */
const listed = new Map<string, { status: { state: string; setupUrl?: string } }>();

beforeAll(async () => {
  demo = await startDemo(['--data-dir', dataDir]);
  browser = await connectChromium();
  for (const { name } of (await demo.api('GET', '/namespaces')).body.namespaces as { name: string }[])
    for (const connection of (await demo.api('GET', `/connect/${name}`)).body.connections)
      listed.set(`${name}/${connection.connectionId}`, connection);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await demo?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the setup links of the demo', () => {
  it('gives every connection that waits for a person a setup link, the seeded demo/notion included', () => {
    const waiting = [...listed].filter(([, connection]) => ['auth_required', 'input_required'].includes(connection.status.state));
    expect(waiting.map(([id]) => id).sort()).toEqual(['demo/notion', 'flaky/billing', 'flaky/billing-sso']);
    for (const [id, connection] of waiting) expect(connection.status.setupUrl, id).toMatch(new RegExp(`^${demo.url}/__mcpsim/setup/`));
  });

  it('opens each one as the styled setup page of its connection, clean under axe', async () => {
    for (const id of ['demo/notion', 'flaky/billing', 'flaky/billing-sso']) {
      const page = await browser.newPage();
      const response = await page.goto(listed.get(id)!.status.setupUrl!);
      expect(response?.status(), id).toBe(200);
      expect(await page.locator('h1').textContent(), id).toMatch(/^Set up “/);
      expect(await page.locator('code').first().textContent(), id).toBe(id);
      // The shared stylesheet applies (the CSP lets its hash in): no serif default, the masthead is a bar.
      expect(await page.evaluate('getComputedStyle(document.body).fontFamily'), id).toContain('system-ui');
      expect(await page.evaluate("getComputedStyle(document.querySelector('header.top')).display"), id).toBe('flex');
      expect(await seriousViolations(page), id).toEqual([]);
      await page.close();
    }
  });

  it('completes the simulated sign-in of flaky/billing-sso without calling anything, and the connection answers', async () => {
    const page = await browser.newPage();
    await page.goto(listed.get('flaky/billing-sso')!.status.setupUrl!);
    expect(await page.locator('#simulated').textContent()).toContain('simulated');
    await page.getByLabel('Authorization').fill('Bearer anything');
    await page.getByRole('button', { name: 'Save and connect' }).click();
    await page.waitForSelector('#notice');
    expect(await page.locator('#notice').textContent()).toBe('Connected to billing 1.0.0. You can close this page.');
    await page.close();
    const after = await demo.api('GET', '/connect/flaky/billing-sso');
    expect(after.body.status).toEqual({ state: 'connected' });
    const tools = await demo.api('GET', '/connect/flaky/billing-sso/.tools');
    expect(tools.body.tools.map((tool: { name: string }) => tool.name)).toEqual(['list_invoices', 'get_invoice']);
  });
});
