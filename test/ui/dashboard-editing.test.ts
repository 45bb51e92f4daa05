/**
 * The dashboard's last two daily-use items (issue 29, point 3), keyboard only, in Debian's
 * Chromium on the demo: switching between the system and a virtual clock while the server runs,
 * and creating and editing a connection through `PUT /connect/{ns}/{id}` with the API's
 * validation errors beside the field they name.
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

/** Replaces what the focused field holds, as a keyboard user does. */
async function retype(selector: string, text: string) {
  await tabTo(page, selector);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  if (text !== '') await page.keyboard.type(text);
}

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

describe('creating and editing a connection, keyboard only', () => {
  it("creates a mock connection, showing the API's validation error beside its field first", async () => {
    await page.goto(`${demo.url}/ui`);
    await tabTo(page, 'a[href="/ui/connections/new"]');
    await Promise.all([page.waitForURL(`${demo.url}/ui/connections/new`), page.keyboard.press('Enter')]);
    expect(await seriousViolations(page)).toEqual([]);
    await tabTo(page, '#connection-namespace');
    await page.keyboard.type('demo');
    expect(await page.locator('#connection-namespace').inputValue()).toBe('demo');
    await tabTo(page, '#connection-connectionId');
    await page.keyboard.type('forecast');
    await tabTo(page, '#connection-name');
    await page.keyboard.type('Forecast');
    await tabTo(page, '#connection-server');
    await page.keyboard.type('not a name!');
    expect(await page.locator('#connection-mock').isChecked()).toBe(true);
    await tabTo(page, '#connection-metadata');
    await page.keyboard.type('{"team": "weather"}');
    await tabTo(page, 'form button[type="submit"]');
    await Promise.all([page.waitForURL(`${demo.url}/ui/connections/new`), page.keyboard.press('Enter')]);

    const serverError = await page.locator('#server-error').innerText();
    expect(serverError).toMatch(/^server: must match /);
    expect(await page.locator('#connection-server').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#connection-server').getAttribute('aria-describedby')).toContain('server-error');
    expect(await page.locator('.field-error').count()).toBe(1);
    expect(await page.locator('#connection-connectionId').inputValue()).toBe('forecast');
    expect(await page.locator('#connection-mock').isChecked()).toBe(true);
    expect((await demo.api('GET', '/connect/demo/forecast')).status).toBe(404);
    expect(await seriousViolations(page)).toEqual([]);

    await retype('#connection-server', '@qa/weather');
    await tabTo(page, 'form button[type="submit"]');
    await Promise.all([page.waitForURL(`${demo.url}/ui/connections/demo/forecast`), page.keyboard.press('Enter')]);
    await page.getByText('Connection demo/forecast created.').waitFor();
    expect((await demo.api('GET', '/connect/demo/forecast')).body).toMatchObject({
      connectionId: 'forecast',
      name: 'Forecast',
      metadata: { team: 'weather' },
      mock: { enabled: true },
      status: { state: 'connected' },
    });
  });

  it('refuses an id already taken, beside the id, instead of editing that connection', async () => {
    await page.goto(`${demo.url}/ui/connections/new?namespace=demo`);
    await tabTo(page, '#connection-connectionId');
    await page.keyboard.type('forecast');
    await tabTo(page, '#connection-mcpUrl');
    await page.keyboard.type('http://127.0.0.1:9/mcp');
    await tabTo(page, '#connection-mock');
    await page.keyboard.press('Space');
    await tabTo(page, 'form button[type="submit"]');
    await Promise.all([page.waitForURL(`${demo.url}/ui/connections/new`), page.keyboard.press('Enter')]);
    expect(await page.locator('#connectionId-error').innerText()).toBe(
      '"forecast" is already a connection in demo; choose another id, or edit that one',
    );
    expect(await page.locator('#connection-mock').isChecked()).toBe(false);
    expect((await demo.api('GET', '/connect/demo/forecast')).body.mcpUrl).not.toBe('http://127.0.0.1:9/mcp');
  });

  it('edits the name and metadata, showing an emptied name as the error beside the name, and keeps the mock', async () => {
    await page.goto(`${demo.url}/ui`);
    await tabTo(page, 'a[aria-label="Edit connection demo/forecast"]', 300);
    await Promise.all([page.waitForURL(`${demo.url}/ui/connections/demo/forecast/edit`), page.keyboard.press('Enter')]);
    expect(await page.locator('#connection-name').inputValue()).toBe('Forecast');
    expect(JSON.parse(await page.locator('#connection-metadata').inputValue())).toEqual({ team: 'weather' });
    expect(await page.locator('main').innerText()).toContain('A mock connection.');
    expect(await seriousViolations(page)).toEqual([]);

    await retype('#connection-name', '');
    await tabTo(page, 'form button[type="submit"]');
    await Promise.all([page.waitForURL(/\/edit$/), page.keyboard.press('Enter')]);
    expect(await page.locator('#name-error').innerText()).toMatch(/^name: /);
    expect(await page.locator('#connection-name').getAttribute('aria-invalid')).toBe('true');
    expect(await seriousViolations(page)).toEqual([]);
    expect((await demo.api('GET', '/connect/demo/forecast')).body.name).toBe('Forecast');

    await retype('#connection-name', 'Oslo forecast');
    await retype('#connection-metadata', '{"team": "oslo"}');
    await tabTo(page, 'form button[type="submit"]');
    await Promise.all([page.waitForURL(`${demo.url}/ui/connections/demo/forecast`), page.keyboard.press('Enter')]);
    await page.getByText('Connection demo/forecast saved.').waitFor();
    expect((await demo.api('GET', '/connect/demo/forecast')).body).toMatchObject({
      name: 'Oslo forecast',
      metadata: { team: 'oslo' },
      mock: { enabled: true },
    });
  });

  it('shows metadata that is not JSON as the error beside the metadata', async () => {
    await page.goto(`${demo.url}/ui/connections/demo/forecast/edit`);
    await retype('#connection-metadata', '{team: oslo');
    await tabTo(page, 'form button[type="submit"]');
    await Promise.all([page.waitForURL(/\/edit$/), page.keyboard.press('Enter')]);
    expect(await page.locator('#metadata-error').innerText()).toBe('metadata: must be a JSON object, e.g. {"team": "sales"}');
    expect((await demo.api('GET', '/connect/demo/forecast')).body.metadata).toEqual({ team: 'oslo' });
  });

  it('does not bring back a connection deleted while its edit page was open', async () => {
    expect((await demo.api('PUT', '/connect/demo/brief', { server: '@qa/weather', mock: { enabled: true } })).status).toBe(201);
    await page.goto(`${demo.url}/ui/connections/demo/brief/edit`);
    expect((await demo.api('DELETE', '/connect/demo/brief')).status).toBe(200);
    await retype('#connection-name', 'Brief');
    await tabTo(page, 'form button[type="submit"]');
    await Promise.all([page.waitForURL(/\/edit$/), page.keyboard.press('Enter')]);
    expect(await page.locator('.notice.error').innerText()).toContain('not found');
    expect((await demo.api('GET', '/connect/demo/brief')).status).toBe(404);
  });
});

describe('the playground, keyboard only', () => {
  it('calls a tool with raw JSON arguments while its required fields are empty, and sends only the JSON', async () => {
    await page.goto(`${demo.url}/ui/connections/triage/tracker`);
    // get_issue requires "number"; its field stays empty, as a user who pastes JSON leaves it.
    await tabTo(page, 'details:has(form[aria-label="Call get_issue"]) > summary');
    await page.keyboard.press('Enter');
    expect(await page.locator('form[aria-label="Call get_issue"] [required]').count()).toBeGreaterThan(0);
    await tabTo(page, 'form[aria-label="Call get_issue"] ~ details > summary');
    await page.keyboard.press('Enter');
    await tabTo(page, '#raw-get_issue');
    await page.keyboard.type('{"number": 102}');
    await page.keyboard.press('Tab');
    expect(await page.evaluate('document.activeElement?.textContent')).toBe('Call get_issue with this JSON');
    await page.keyboard.press('Enter');
    await page.locator('#result-get_issue .badge').waitFor();
    expect(await page.locator('#result-get_issue').innerText()).toContain('mina.k');
    const memory = await demo.api('GET', '/__mcpsim/connections/triage/tracker/memory');
    const last = memory.body.calls.at(-1);
    expect(last).toMatchObject({ tool: 'get_issue', arguments: { number: 102 } });
    expect(await seriousViolations(page)).toEqual([]);
  });
});
