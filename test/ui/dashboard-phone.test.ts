/**
 * The dashboard on a 390 px wide phone screen, in Debian's Chromium: the demo started with no
 * arguments on a fresh data directory, logged in through the banner's link. No page scrolls
 * sideways and no card's content (a table above all) runs out of its card; axe stays clean.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.js';
import { launchChromium } from '../support/chromium.js';
import { startDemo, type DemoServer } from '../support/demo-server.js';

const dataDir = mkdtempSync(join(tmpdir(), 'mcpsim-dashboard-phone-'));
let demo: DemoServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  demo = await startDemo(['--data-dir', dataDir]);
  // Calls, so that the timelines and worlds have rows.
  await demo.api('POST', '/connect/demo/github/.tools/list_issues', { owner: 'acme', repo: 'widgets' });
  await demo.api('POST', '/connect/triage/tracker/.tools/list_issues', { state: 'open' });
  browser = await launchChromium();
  page = await (await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true })).newPage();
  page.setDefaultTimeout(8000);
  await page.goto(demo.loginUrl);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await demo?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const pages = [
  '/ui',
  '/ui/connections/demo/github',
  '/ui/connections/triage/tracker',
  '/ui/registry',
  '/ui/registry/github/github-mcp-server',
  '/ui/tokens',
  '/ui/scenarios',
  '/ui/clock',
  '/ui/connections/new',
  '/ui/connections/demo/github/edit',
];

/** What runs out sideways: the page itself, or a card whose content is wider than the card. */
const overflowing = `(() => {
  const out = [];
  if (document.documentElement.scrollWidth > window.innerWidth) out.push('page ' + document.documentElement.scrollWidth + 'px');
  for (const card of document.querySelectorAll('.card'))
    if (card.scrollWidth > card.clientWidth + 1) out.push((card.getAttribute('aria-label') || card.querySelector('h2')?.textContent || card.className) + ' ' + card.scrollWidth + 'px in ' + card.clientWidth + 'px');
  return out;
})()`;

describe('the dashboard at 390 px', () => {
  it.each(pages)('fits %s into the screen, tables and all', async (path) => {
    await page.goto(`${demo.url}${path}`);
    expect(await page.evaluate(overflowing), JSON.stringify(await page.evaluate(overflowing))).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
