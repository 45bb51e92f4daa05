/**
 * The demo's dashboard in Debian's Chromium, as a dashboard test meets it: the demo started with
 * no arguments on a fresh data directory, one page of the given size, logged in through the
 * banner's one-time link. `close()` stops both and removes the data directory.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { connectChromium } from './chromium.js';
import { startDemo, type DemoServer } from './demo-server.js';

export interface DemoDashboard {
  demo: DemoServer;
  browser: Browser;
  page: Page;
  close(): Promise<void>;
}

/**
 * Starts the demo, runs `prepare` on it (calls that give the pages rows), and logs a page in.
 *
 * @example
 *   const dashboard = await openDemoDashboard({ viewport: { width: 390, height: 844 }, isMobile: true });
 *   await dashboard.page.goto(`${dashboard.demo.url}/ui/registry`);
 */
export async function openDemoDashboard({
  viewport = { width: 1000, height: 800 },
  isMobile = false,
  prepare,
}: {
  viewport?: { width: number; height: number };
  isMobile?: boolean;
  prepare?: (demo: DemoServer) => Promise<void>;
} = {}): Promise<DemoDashboard> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mcpsim-dashboard-'));
  const demo = await startDemo(['--data-dir', dataDir]);
  await prepare?.(demo);
  const browser = await connectChromium();
  const page = await (await browser.newContext({ viewport, isMobile })).newPage();
  page.setDefaultTimeout(8000);
  await page.goto(demo.loginUrl);
  return {
    demo,
    browser,
    page,
    async close() {
      await browser.close();
      await demo.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
