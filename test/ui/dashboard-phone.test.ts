/**
 * The dashboard on a 390 px wide phone screen, in Debian's Chromium: the demo started with no
 * arguments on a fresh data directory, logged in through the banner's link. No page scrolls
 * sideways and no card's content (a table above all) runs out of its card; axe stays clean.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.js';
import { openDemoDashboard, type DemoDashboard } from '../support/demo-dashboard.js';

let dashboard: DemoDashboard;
let demo: DemoDashboard['demo'];
let page: DemoDashboard['page'];
beforeAll(async () => {
  dashboard = await openDemoDashboard({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    prepare: async (started) => {
      // Calls, so that the timelines and worlds have rows.
      await started.api('POST', '/connect/demo/github/.tools/list_issues', { owner: 'acme', repo: 'widgets' });
      await started.api('POST', '/connect/triage/tracker/.tools/list_issues', { state: 'open' });
    },
  });
  ({ demo, page } = dashboard);
}, 60_000);

afterAll(async () => {
  await dashboard?.close();
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
