/**
 * The dashboard as a new user meets it in the demo, keyboard only, in Debian's Chromium: the demo
 * started with no arguments on a fresh data directory, logged in through the banner's link. The
 * registry's counts and pages, "mock this server" under the id the form shows, honest labels for
 * hosted-URL connections, a confirmation before a reset, and the world as a table per type.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.js';
import { tabTo } from '../support/keyboard.js';
import { openDemoDashboard, type DemoDashboard } from '../support/demo-dashboard.js';

let dashboard: DemoDashboard;
let demo: DemoDashboard['demo'];
let page: DemoDashboard['page'];
beforeAll(async () => {
  dashboard = await openDemoDashboard();
  ({ demo, page } = dashboard);
}, 60_000);

afterAll(async () => {
  await dashboard?.close();
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

describe('the world, keyboard only', () => {
  it('shows a table per type with a column per field, and folds a nested value until opened', async () => {
    expect((await demo.api('PUT', '/connect/demo/shapes', { server: '@qa/weather', mock: { enabled: true } })).status).toBe(201);
    const world = {
      entities: { forecast: { oslo: { city: 'Oslo', temperature: 3, tags: ['cold', 'dry'], wind: { speed: 7, direction: 'N' } } } },
      facts: [],
    };
    expect((await demo.api('PUT', '/__mcpsim/connections/demo/shapes/simulation', { world })).status).toBe(200);
    await page.goto(`${demo.url}/ui/connections/demo/shapes`);
    const table = page.locator('#world table', { has: page.locator('caption', { hasText: 'forecast' }) });
    expect(await table.locator('th').allInnerTexts()).toEqual(['id', 'city', 'temperature', 'tags', 'wind']);
    expect(await table.locator('tbody td').allInnerTexts()).toEqual(['oslo', 'Oslo', '3', 'cold, dry', '2 fields']);
    await tabTo(page, '#world summary');
    await page.keyboard.press('Enter');
    expect(await table.locator('tbody td').nth(4).innerText()).toContain('"speed":7');
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe('a scenario run, keyboard only', () => {
  it("shows each step's checks and what each expected", async () => {
    await page.goto(`${demo.url}/ui/scenarios`);
    await tabTo(page, 'button[aria-label="Run steps of issue-triage"]');
    await Promise.all([page.waitForURL(/\/ui\/scenarios/), page.keyboard.press('Enter')]);
    await page.getByRole('heading', { name: 'Steps of issue-triage' }).waitFor();
    const checks = await page.locator('ul.checks li').allInnerTexts();
    expect(checks).toContain('passed isError: isError is false');
    expect(checks).toContain('passed contains: text contains "Closed issue #102"');
    expect(checks).toContain('passed jsonPath $.count: is 4');
    expect(checks.some((check) => check.startsWith('skipped check: '))).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe('namespaces and connections, keyboard only', () => {
  it('creates a namespace, deletes a connection and then the namespace, each delete confirmed first', async () => {
    await page.goto(`${demo.url}/ui`);
    await tabTo(page, '#new-namespace');
    await page.keyboard.type('scratch');
    await Promise.all([page.waitForURL(`${demo.url}/ui`), page.keyboard.press('Enter')]);
    await page.getByText('Namespace scratch created.').waitFor();
    const names = async () => ((await demo.api('GET', '/namespaces')).body.namespaces as { name: string }[]).map((n) => n.name);
    expect(await names()).toContain('scratch');
    expect(
      (await demo.api('PUT', '/connect/scratch/clock', { server: '@modelcontextprotocol/time', mock: { enabled: true } })).status,
    ).toBe(201);
    await page.reload();
    expect(await seriousViolations(page)).toEqual([]);

    await tabTo(page, 'button[aria-label="Delete connection scratch/clock"]');
    await Promise.all([page.waitForURL(/\/delete$/), page.keyboard.press('Enter')]);
    expect(await page.locator('h1').innerText()).toBe('Delete the connection scratch/clock?');
    expect(await seriousViolations(page)).toEqual([]);
    await tabTo(page, 'input[name="confirm"] ~ button');
    await Promise.all([page.waitForURL(`${demo.url}/ui`), page.keyboard.press('Enter')]);
    await page.getByText('Connection scratch/clock deleted.').waitFor();
    expect((await demo.api('GET', '/connect/scratch/clock')).status).toBe(404);

    await tabTo(page, 'button[aria-label="Delete namespace scratch"]');
    await Promise.all([page.waitForURL(/\/delete$/), page.keyboard.press('Enter')]);
    expect(await page.locator('h1').innerText()).toBe('Delete the namespace scratch?');
    await tabTo(page, 'input[name="confirm"] ~ button');
    await Promise.all([page.waitForURL(`${demo.url}/ui`), page.keyboard.press('Enter')]);
    await page.getByText('Namespace scratch deleted.').waitFor();
    expect(await names()).not.toContain('scratch');
  });
});
