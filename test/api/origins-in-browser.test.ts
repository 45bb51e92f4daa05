/**
 * The attacks of docs/decisions.md, "Origins and hosts" made by a real headless Chromium (Debian's, through
 * playwright-core) against a server on 127.0.0.1 with the well-known development key. Chromium
 * maps the foreign name `evil.test` to 127.0.0.1 itself (`--host-resolver-rules`, which the run's one
 * browser is launched with: support/browser-server.ts), so a page can be
 * "on another site" without DNS: a second local server serves the pages, and the page is foreign
 * or local only by the name it was opened under.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { developmentApiKey } from '../../src/domain/api-key.js';
import { connectChromium } from '../support/chromium.js';
import { startHarness, type Harness } from '../support/harness.js';
import { mint } from '../support/tokens.js';

const key = developmentApiKey;

/** What a page's fetch ended with: the response it could read, or the error the browser gave it. */
type Outcome = { read: true; status: number; body: string } | { read: false; error: string };

/** Runs `fetch(url, init)` inside the page, as a script on that page would. */
function fetchFrom(page: Page, url: string, init: RequestInit = {}): Promise<Outcome> {
  return page.evaluate(
    async ({ url, init }) => {
      try {
        const response = await fetch(url, init);
        return { read: true as const, status: response.status, body: await response.text() };
      } catch (error) {
        return { read: false as const, error: String(error) };
      }
    },
    { url, init },
  );
}

describe('web pages against a local server with the development key', () => {
  let harness: Harness;
  let pages: Server;
  let pagesPort: number;
  let browser: Browser;

  beforeAll(async () => {
    harness = await startHarness('socket', { apiKey: key });
    pages = createServer((_, response) => response.end('<!doctype html><title>a page</title><p>a page</p>'));
    await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
    pagesPort = (pages.address() as AddressInfo).port;
    browser = await connectChromium();
  }, 30_000);
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => pages?.close(resolve));
    await harness?.close();
  });

  const open = async (origin: string) => {
    const page = await browser.newPage();
    await page.goto(`${origin}/`);
    return page;
  };

  it('a page on a foreign origin cannot read the API with the key, nor make it act', async () => {
    const page = await open(`http://evil.test:${pagesPort}`);
    const api = harness.baseUrl;
    const read = await fetchFrom(page, `${api}/connect/demo`, { headers: { authorization: `Bearer ${key}` } });
    expect(read).toEqual({ read: false, error: 'TypeError: Failed to fetch' });
    // The preflight is refused, so the write is never sent.
    const write = await fetchFrom(page, `${api}/connect/demo/planted`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ server: '@modelcontextprotocol/time', mock: { enabled: true } }),
    });
    expect(write.read).toBe(false);
    expect((await harness.call('GET', '/connect/demo/planted', { key })).status).toBe(404);
    // A simple request needs no preflight; it cannot carry the key, and it is refused before any route runs.
    const call = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'get_current_time', arguments: { timezone: 'UTC' } },
    });
    const simple = await fetchFrom(page, `${api}/connect/demo/time/mcp`, {
      method: 'POST',
      mode: 'no-cors',
      headers: { 'content-type': 'text/plain' },
      body: call,
    });
    expect(simple).toEqual({ read: true, status: 0, body: '' });
    expect((await harness.call('GET', '/__mcpsim/connections/demo/time/memory', { key })).body.calls).toEqual([]);
    await page.close();
  });

  it('a page whose name was pointed at this server (DNS rebinding) gets 403 host_not_allowed, even same-origin', async () => {
    const port = new URL(harness.baseUrl).port;
    const page = await browser.newPage();
    const navigation = await page.goto(`http://evil.test:${port}/connect/demo`);
    expect(navigation?.status()).toBe(403);
    expect(JSON.parse(await navigation!.text())).toMatchObject({ error: 'host_not_allowed' });
    const sameOrigin = await fetchFrom(page, '/connect/demo', { headers: { authorization: `Bearer ${key}` } });
    expect(sameOrigin).toMatchObject({ read: true, status: 403 });
    expect(JSON.parse((sameOrigin as { body: string }).body).error).toBe('host_not_allowed');
    await page.close();
  });

  it("a developer's page on localhost uses the API and a connection's MCP endpoint with a service token", async () => {
    const token = await mint(harness, [{ namespaces: ['demo'], resources: ['connections'], operations: ['read', 'execute'] }], key);
    const page = await open(`http://localhost:${pagesPort}`);
    const list = await fetchFrom(page, `${harness.baseUrl}/connect/demo`, { headers: { authorization: `Bearer ${token}` } });
    expect(list).toMatchObject({ read: true, status: 200 });
    expect(
      JSON.parse((list as { body: string }).body).connections.map((connection: { connectionId: string }) => connection.connectionId),
    ).toContain('time');
    const tools = await fetchFrom(page, `${harness.baseUrl}/connect/demo/time/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(tools).toMatchObject({ read: true, status: 200 });
    expect(JSON.parse((tools as { body: string }).body).result.tools.length).toBeGreaterThan(0);
    await page.close();
  });
});
