/**
 * The dashboard in a real headless Chromium (Debian's, through playwright-core), against the real
 * `mcpsim serve` started as a child process: log in through the banner's link, look at every
 * page, drive the playground with the keyboard, watch the timeline follow calls live (ours and
 * another client's), snapshot/restore, fork, mock a registry server, mint a token, run a
 * scenario's steps. Every page is checked with axe-core and photographed into screenshots/.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.js';
import { connectChromium } from '../support/chromium.js';
import { cliArguments } from '../support/built-cli.js';

const screenshots = join(import.meta.dirname, '..', '..', 'screenshots');
const apiKey = 'dashboard-test-key';
const focusedName = "document.activeElement?.getAttribute('name')";

interface Served {
  child: ChildProcess;
  url: string;
  loginUrl: string;
}

/** Starts `mcpsim serve` on a free port with the issue-triage scenario and a virtual clock; resolves with its banner's links. */
function startServe(dataDir: string): Promise<Served> {
  const child = spawn(
    process.execPath,
    [
      ...cliArguments(),
      'serve',
      '--port',
      '0',
      '--host',
      '127.0.0.1',
      '--data-dir',
      dataDir,
      '--api-key',
      apiKey,
      '--clock',
      'virtual',
      '--quiet',
      '--scenario',
      'scenarios/issue-triage.yaml',
    ],
    {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'test' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no banner within 20 s:\n${output}`)), 20_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const base = /Base URL\s+(\S+)/.exec(output);
      const login = /Dashboard\s+(\S+)/.exec(output);
      if (base && login && output.includes('Press Ctrl+C')) {
        clearTimeout(timer);
        resolve({ child, url: base[1]!, loginUrl: login[1]! });
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => reject(new Error(`mcpsim serve exited with ${code}:\n${output}`)));
  });
}

/** Checks a page with axe and writes its screenshot. */
async function inspect(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(screenshots, `${name}.png`), fullPage: true });
  expect(await seriousViolations(page), `axe on the ${name} page`).toEqual([]);
}

// A shared CI machine runs the browser beside 400 other test files: a search-as-you-type round trip has
// taken over 8 s there, so waits get 15 s and each test 45 s (a quiet run takes well under 1 s a wait).
describe('the dashboard in a browser', { timeout: 45_000 }, () => {
  let served: Served;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let dataDir: string;
  const api = (method: string, path: string, body?: unknown) =>
    fetch(`${served.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }).then(async (response) => ({ status: response.status, body: await response.json() }));

  beforeAll(async () => {
    mkdirSync(screenshots, { recursive: true });
    dataDir = mkdtempSync(join(tmpdir(), 'mcpsim-dashboard-'));
    served = await startServe(dataDir);
    browser = await connectChromium();
    context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
  }, 40_000);
  afterAll(async () => {
    await browser?.close();
    if (served?.child.exitCode === null) {
      const exited = new Promise((resolve) => served.child.once('exit', resolve));
      served.child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('logs in through the banner link into an HttpOnly, SameSite=Strict cookie, and drops the token from the address bar', async () => {
    expect(served.loginUrl).toMatch(new RegExp(`^${served.url}/\\?token=[\\w-]{20,}$`));
    await page.goto(served.loginUrl);
    expect(page.url()).toBe(`${served.url}/ui`);
    const [cookie] = await context.cookies();
    expect(cookie).toMatchObject({ name: 'mcpsim_session', httpOnly: true, sameSite: 'Strict' });
    await inspect(page, 'connections');
    for (const id of ['github', 'time', 'notion', 'tracker'])
      await expect(page.getByRole('link', { name: new RegExp(id, 'i') }).count()).resolves.toBeGreaterThan(0);
    await expect(page.locator('.badge.input_required').count()).resolves.toBe(1);
  });

  it('filters connections by name', async () => {
    await page.getByLabel('Name contains').fill('track');
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(page.locator('tbody tr').count()).resolves.toBe(1);
    await page.goto(`${served.url}/ui`);
  });

  it('calls a tool from the generated form with the keyboard alone, and the call joins the timeline live with its source badge', async () => {
    await page.getByRole('link', { name: 'Web shop tracker' }).click();
    await page.evaluate('window.notReloaded = true');
    await page.locator('[data-live]').waitFor({ state: 'attached' });
    // Keyboard only: Tab to the state field of list_issues, pick "open", Tab to the button, Enter.
    for (let presses = 0; presses < 40; presses++) {
      await page.keyboard.press('Tab');
      if ((await page.evaluate(focusedName)) === 'arg.state') break;
    }
    expect(await page.evaluate(focusedName)).toBe('arg.state');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate('document.activeElement.value')).toBe('"open"');
    await page.keyboard.press('Tab'); // the call button
    expect(await page.evaluate('document.activeElement.textContent')).toBe('Call list_issues');
    await page.keyboard.press('Enter');
    await page.locator('#result-list_issues .badge.fixture').waitFor();
    expect(await page.locator('#result-list_issues').innerText()).toContain('Typo on checkout page');
    await page.locator('#call-1 .badge.fixture').waitFor();
    expect(await page.locator('#call-1').innerText()).toContain('list_issues');
    // Another client (a plain HTTP request, like curl) calls meanwhile: its call appears too.
    const other = await api('POST', '/connect/triage/tracker/.tools/get_issue', { number: 102 });
    expect(other.status).toBe(200);
    await page.locator('#call-2 .badge.fixture').waitFor();
    expect(await page.locator('#world').innerText()).toContain('mina.k');
    expect(await page.locator('#call-count').innerText()).toBe('2');
    expect(await page.evaluate('window.notReloaded')).toBe(true);
    await inspect(page, 'connection');
  });

  it('takes a snapshot, and restoring it rewinds the timeline and the world after two more calls', async () => {
    await page.getByLabel('Label (optional)').fill('before labelling');
    await page.getByRole('button', { name: 'Take snapshot' }).click();
    await page.getByText('Snapshot before labelling taken.').waitFor();
    // The reloaded page shows calls made once its live stream is open (a loaded machine opens it late).
    await page.locator('[data-live][data-connected="1"]').waitFor({ state: 'attached' });
    await api('POST', '/connect/triage/tracker/.tools/add_label', { number: 102, label: 'good first issue' });
    await api('POST', '/connect/triage/tracker/.tools/close_issue', { number: 102, reason: 'completed' });
    await page.locator('#call-4').waitFor();
    await page.locator('#world', { hasText: 'good first issue' }).waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Restore snapshot before labelling' }).click();
    await page.getByRole('button', { name: 'Yes, restore the snapshot' }).click();
    await page.getByText('Restored: the memory holds 2 calls again.').waitFor();
    await expect(page.locator('#timeline-rows tr').count()).resolves.toBe(2);
    expect(await page.locator('#world').innerText()).not.toContain('good first issue');
    // The top of the page after the rewind: what docs/dashboard-connection.png shows (pngquant'ed).
    await page.screenshot({
      path: join(screenshots, 'connection-top.png'),
      fullPage: true,
      clip: { x: 0, y: 0, width: 1000, height: 1300 },
    });
  });

  it('forks the connection, and both are listed with the same calls', async () => {
    await page.getByRole('button', { name: 'Fork this connection' }).click();
    await page.getByText('Forked from triage/tracker with 2 calls').waitFor();
    expect(page.url()).toBe(`${served.url}/ui/connections/triage/tracker-fork`);
    await expect(page.locator('#timeline-rows tr').count()).resolves.toBe(2);
    await page.getByRole('link', { name: 'Connections' }).click();
    await expect(page.getByRole('link', { name: 'Web shop tracker (fork)' }).count()).resolves.toBe(1);
    await expect(page.getByRole('link', { name: 'Web shop tracker', exact: true }).count()).resolves.toBe(1);
  });

  it('searches the registry as one types and mocks a server', async () => {
    await page.getByRole('link', { name: 'Registry' }).click();
    await page.getByLabel('Search servers').pressSequentially('tracker');
    await page.getByRole('link', { name: 'QA Tracker' }).waitFor();
    await inspect(page, 'registry');
    await page.getByRole('link', { name: 'QA Tracker' }).click();
    await page.getByLabel('Namespace').selectOption('demo');
    await page.getByLabel('Connection name (optional)').fill('Tracker mock');
    await page.getByRole('button', { name: 'Create mock connection' }).click();
    await page.getByText('Mock connection of qa/tracker created in demo.').waitFor();
    await inspect(page, 'server-mocked');
    expect(page.url()).toMatch(new RegExp(`^${served.url}/ui/connections/demo/`));
  });

  it('mints a service token, shown once with a copy button', async () => {
    await page.getByRole('link', { name: 'Tokens' }).click();
    await page.getByLabel(/^Namespaces/).fill('demo');
    await page.getByLabel(/^Operations/).fill('read');
    await page.getByRole('button', { name: 'Mint token' }).click();
    const token = (await page.locator('#minted-token').innerText()).trim();
    expect(token).toMatch(/^mcps_/);
    await expect(page.getByRole('button', { name: 'Copy token' }).count()).resolves.toBe(1);
    await inspect(page, 'tokens');
    const listed = await fetch(`${served.url}/connect/demo`, { headers: { authorization: `Bearer ${token}` } });
    expect(listed.status).toBe(200);
  });

  it("runs a scenario's steps and shows each outcome", async () => {
    await page.getByRole('link', { name: 'Scenarios' }).click();
    await page.getByRole('button', { name: 'Run steps of issue-triage' }).click();
    await page.getByRole('heading', { name: 'Steps of issue-triage' }).waitFor();
    const outcomes = await page.locator('ol > li > .badge').allInnerTexts();
    expect(outcomes.length).toBeGreaterThan(3);
    expect(outcomes.every((outcome) => outcome === 'passed')).toBe(true);
    await inspect(page, 'scenarios');
  });

  it('shows the virtual clock and moves it', async () => {
    await page.getByRole('link', { name: 'Clock' }).click();
    const before = await page.locator('#clock-now').getAttribute('datetime');
    await page.getByLabel(/^Advance by/).fill('1h');
    await page.getByRole('button', { name: 'Advance' }).click();
    const after = await page.locator('#clock-now').getAttribute('datetime');
    expect(Date.parse(after!) - Date.parse(before!)).toBe(3_600_000);
    await inspect(page, 'clock');
  });
});
