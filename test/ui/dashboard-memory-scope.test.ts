/**
 * The dashboard's memory actions for a connection that shares its world, in a real headless
 * Chromium against a platform on 127.0.0.1: snapshot only this connection's calls, reset only
 * them, restore them, reset the whole shared world; the page passes axe.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.js';
import { connectChromium } from '../support/chromium.js';
import { startHarness, type Harness } from '../support/harness.js';
import { createNotesSource } from '../support/notes-source.js';

const notes = {
  displayName: 'Acme Notes',
  tools: [
    {
      name: 'create_note',
      description: 'Create a note.',
      inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
    },
  ],
};

describe('memory scopes in the dashboard', () => {
  let harness: Harness;
  let browser: Browser;
  let page: Page;
  let serial = 0;
  const fixturesDir = mkdtempSync(join(tmpdir(), 'mcpsim-ui-scope-'));

  const createNote = async (id: string, note: string) => {
    const response = await harness.call('POST', `/connect/team/${id}/mcp`, {
      body: { jsonrpc: '2.0', id: ++serial, method: 'tools/call', params: { name: 'create_note', arguments: { id: note } } },
      headers: { accept: 'application/json, text/event-stream' },
    });
    expect(response.status).toBe(200);
  };
  const world = () => page.locator('#world').innerText();

  beforeAll(async () => {
    harness = await startHarness('socket', { toolResults: createNotesSource(fixturesDir) });
    expect((await harness.call('PUT', '/servers/@acme/notes', { body: notes })).status).toBe(201);
    await harness.call('PUT', '/namespaces/team');
    for (const id of ['a', 'b'])
      await harness.call('PUT', `/connect/team/${id}`, { body: { server: '@acme/notes', mock: { enabled: true } } });
    await harness.call('PUT', '/__mcpsim/namespaces/team/shared-world', { body: { enabled: true } });
    await createNote('a', 'note-a1');
    await createNote('b', 'note-b1');
    browser = await connectChromium();
    page = await (await browser.newContext()).newPage();
    page.setDefaultTimeout(8000);
    await page.goto(`${harness.baseUrl}/?token=${harness.platform.dashboard!.sessions.loginToken}`);
  }, 40_000);
  afterAll(async () => {
    await browser?.close();
    await harness?.close();
    if (harness) rmSync(harness.dataDir, { recursive: true, force: true });
    rmSync(fixturesDir, { recursive: true, force: true });
  });

  it("snapshots, resets and restores only this connection's calls, then resets the shared world", async () => {
    await page.goto(`${harness.baseUrl}/ui/connections/team/a`);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel('Label (optional)').fill('a alone');
    await page.getByLabel('Snapshot of').selectOption('connection');
    await page.getByRole('button', { name: 'Take snapshot' }).click();
    await page.getByText("Snapshot a alone of this connection's calls taken.").waitFor();
    await expect(page.getByRole('cell', { name: 'connection a' }).count()).resolves.toBe(1);
    await createNote('a', 'note-a2');
    await createNote('b', 'note-b2');

    await page.getByRole('button', { name: "Reset only this connection's calls (and what they changed)" }).click();
    await page.getByRole('button', { name: 'Yes, reset the memory' }).click();
    await page.getByText("Reset this connection's calls: the shared memory holds 2 calls of the others.").waitFor();
    expect(await world()).not.toMatch(/note-a1|note-a2/);
    expect(await world()).toMatch(/note-b1[\s\S]*note-b2/);

    await page.getByRole('button', { name: 'Restore snapshot a alone' }).click();
    await page.getByRole('button', { name: 'Yes, restore the snapshot' }).click();
    await page.getByText("Restored this connection's calls: the shared memory holds 3 calls again.").waitFor();
    expect(await world()).toContain('note-a1');
    expect(await world()).not.toContain('note-a2');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: "Reset the shared world (every connection's calls and the world)" }).click();
    await page.getByRole('button', { name: 'Yes, reset the memory' }).click();
    await page.getByText('Memory reset: the next call is call 1.').waitFor();
    expect((await harness.call('GET', '/__mcpsim/connections/team/b/memory')).body.calls).toEqual([]);
  });
});
