/**
 * The dashboard's registry (and what it makes, in the connections list) as a new user meets it in the demo, keyboard only, in Debian's
 * Chromium: the demo started with no arguments on a fresh data directory, logged in through the
 * banner's link. The result count reads right (plurals), every server can be reached page by page,
 * and "mock this server" makes the connection under the id the form shows.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.js';
import { launchChromium } from '../support/chromium.js';
import { startDemo, type DemoServer } from '../support/demo-server.js';
import { tabTo } from '../support/keyboard.js';

const dataDir = mkdtempSync(join(tmpdir(), 'mcpsim-dashboard-registry-'));
let demo: DemoServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  demo = await startDemo(['--data-dir', dataDir]);
  browser = await launchChromium();
  page = await (await browser.newContext({ viewport: { width: 1000, height: 800 } })).newPage();
  page.setDefaultTimeout(8000);
  await page.goto(demo.loginUrl);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await demo?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const resultsLine = () => page.locator('#results p.muted').innerText();

describe('the registry page, keyboard only', () => {
  it('counts every server and pages through them all', async () => {
    const total = (await demo.api('GET', '/servers?pageSize=1')).body.pagination.totalCount as number;
    expect(total).toBeGreaterThan(20);
    await page.goto(`${demo.url}/ui/registry`);
    expect(await resultsLine()).toBe(`${total} servers, 1–20 shown (page 1 of ${Math.ceil(total / 20)})`);
    expect(await page.locator('#results li').count()).toBe(20);
    expect(await seriousViolations(page)).toEqual([]);
    const seen = new Set(await page.locator('#results li code').allInnerTexts());
    for (let pageNumber = 2; pageNumber <= Math.ceil(total / 20); pageNumber++) {
      await tabTo(page, 'nav.pager a[href*="page=' + pageNumber + '"]');
      await Promise.all([page.waitForURL(new RegExp(`page=${pageNumber}$`)), page.keyboard.press('Enter')]);
      for (const name of await page.locator('#results li code').allInnerTexts()) seen.add(name);
    }
    expect(seen.size).toBe(total);
    expect(await resultsLine()).toMatch(new RegExp(`^${total} servers, 21–`));
  });

  it('says "1 server matches" for a search with one result', async () => {
    await page.goto(`${demo.url}/ui/registry`);
    await tabTo(page, '#registry-q');
    await page.keyboard.type('weather');
    await page.keyboard.press('Enter');
    await page.waitForURL(/q=weather/);
    expect(await resultsLine()).toBe('1 server matches "weather"');
    expect(await page.locator('nav.pager').count()).toBe(0);
  });

  it('mocks a server under the id the form shows, and refuses an id already taken instead of replacing it', async () => {
    await tabTo(page, '#results a');
    await Promise.all([page.waitForURL(/\/ui\/registry\/qa\/weather$/), page.keyboard.press('Enter')]);
    expect(await page.getByLabel('Connection id').inputValue()).toBe('weather');
    await tabTo(page, '#mock-namespace');
    await page.keyboard.type('demo');
    await tabTo(page, 'form[action$="/mock"] button[type="submit"]');
    await Promise.all([page.waitForURL(`${demo.url}/ui/connections/demo/weather`), page.keyboard.press('Enter')]);
    await page.getByText('Mock connection of qa/weather created in demo.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect((await demo.api('GET', '/connect/demo/weather')).body).toMatchObject({
      connectionId: 'weather',
      status: { state: 'connected' },
    });

    await page.goBack();
    await tabTo(page, '#mock-namespace');
    await page.keyboard.type('demo');
    await tabTo(page, 'form[action$="/mock"] button[type="submit"]');
    await page.keyboard.press('Enter');
    await page.getByText('Could not mock qa/weather: "weather" is already a connection in demo; choose another id').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('labels a connection added through a hosted server URL as simulated, not real', async () => {
    const added = await demo.api('PUT', '/connect/demo/hosted', { mcpUrl: 'https://server.smithery.ai/qa/weather' });
    expect(added.body.status).toEqual({ state: 'connected' });
    await page.goto(`${demo.url}/ui`);
    const row = (id: string) => page.locator('tr', { has: page.locator('.help', { hasText: new RegExp(`^${id}$`) }) });
    expect(await row('hosted').locator('td').nth(3).innerText()).toBe('simulated · hosted URL');
    expect(await row('weather').locator('td').nth(3).innerText()).toBe('mock · http');
    await tabTo(page, 'a[href$="/ui/connections/demo/hosted"]');
    await Promise.all([page.waitForURL(/\/ui\/connections\/demo\/hosted$/), page.keyboard.press('Enter')]);
    expect(await page.locator('section[aria-label="Connection"] p').first().innerText()).toContain('simulated · hosted URL');
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe('destructive actions, keyboard only', () => {
  it('asks before resetting the memory: cancel keeps every call, yes forgets them', async () => {
    for (let call = 0; call < 2; call++)
      await demo.api('POST', '/connect/demo/time/.tools/get_current_time', { timezone: 'Europe/Berlin' });
    const calls = async () => (await demo.api('GET', '/__mcpsim/connections/demo/time/memory')).body.calls.length as number;
    expect(await calls()).toBe(2);
    await page.goto(`${demo.url}/ui/connections/demo/time`);
    await tabTo(page, 'form[action$="/reset"] button');
    await Promise.all([page.waitForURL(/\/reset$/), page.keyboard.press('Enter')]);
    expect(await page.locator('h1').innerText()).toBe('Reset the memory of demo/time?');
    expect(await seriousViolations(page)).toEqual([]);
    await tabTo(page, 'a:is([href$="/ui/connections/demo/time"])');
    await Promise.all([page.waitForURL(/\/ui\/connections\/demo\/time$/), page.keyboard.press('Enter')]);
    expect(await calls()).toBe(2);

    await tabTo(page, 'form[action$="/reset"] button');
    await Promise.all([page.waitForURL(/\/reset$/), page.keyboard.press('Enter')]);
    await tabTo(page, 'input[name="confirm"] ~ button');
    await Promise.all([page.waitForURL(/\/ui\/connections\/demo\/time$/), page.keyboard.press('Enter')]);
    await page.getByText('Memory reset: the next call is call 1.').waitFor();
    expect(await calls()).toBe(0);
  });
});
