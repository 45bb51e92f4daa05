/**
 * The Gmail of own-gmail-described.test.ts served as `mcpsim serve --scenario` serves it: a scenario
 * file (its `clock`, its server's real 13 tools, a mock described in words) applied through the
 * platform's own API (applyScenario: `PUT /connect/...`, then `PUT .../simulation` with no world), on
 * a platform whose virtual clock stands at the scenario's. What the words date without a year is
 * in the scenario's year, as on the simulator's path, and mail sent is from the mailbox's owner.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { testApiKey } from '../support/harness.js';
import { toolAnswers, useSimulatorHarness } from '../support/simulator-harness.js';
import { applyScenario } from '../../src/scenario/apply-scenario.js';
import { loadScenarioText } from '../../src/scenario/load-scenario.js';

let harness: Harness;
useSimulatorHarness('mcpsim-own-gmail-served-', (started) => (harness = started));

const tools = JSON.parse(readFileSync(new URL('./servers/google-docs-mcp-gmail-tools.json', import.meta.url), 'utf8')) as unknown[];
const clock = '2026-11-28T12:00:00.000Z';
const scenarioText = JSON.stringify({
  name: 'gmail-drive',
  clock,
  servers: [{ qualifiedName: '@qa/gmail', displayName: 'Gmail', description: 'Gmail tools of google-docs-mcp', tools }],
  namespaces: [
    {
      name: 'mail',
      connections: [
        {
          id: 'gmail',
          server: '@qa/gmail',
          mock:
            "Maya Chen's Gmail inbox (maya@acme.io). Inbox: an unread message from Priya Shah <priya@acme.io> 'Q3 invoice overdue' " +
            "received Nov 20 about invoice 2231; a draft to ops@acme.io 'Weekly report'.",
        },
      ],
    },
  ],
});

/** The scenario applied as `serve --scenario` applies it, at its clock; a caller of the connection's tools. */
async function served(): Promise<ReturnType<typeof toolAnswers>> {
  const loaded = loadScenarioText(scenarioText, 'gmail.yaml');
  if (!('scenario' in loaded)) throw new Error(JSON.stringify(loaded.problems));
  harness.clock.set(clock);
  await applyScenario(loaded.scenario, {
    fetch: (request) => harness.platform.app.fetch(request),
    baseUrl: harness.baseUrl,
    apiKey: testApiKey,
  });
  return toolAnswers(harness, 'mail/gmail');
}

describe('a Gmail described in words, served from a scenario file', () => {
  it("dates a message received on a day without a year in the scenario clock's year", async () => {
    const call = await served();
    const [invoice] = (await call('listMessages', { q: 'is:unread' })).messages;
    expect(invoice).toMatchObject({ subject: 'Q3 invoice overdue', date: '2026-11-20T09:00:00.000Z' });
    const [draft] = (await call('listDrafts', {})).drafts;
    expect(draft.date.slice(0, 4)).toBe('2026');
    expect(draft.date <= clock).toBe(true);
  });

  it("sends mail from the account the scenario names, dated at the scenario's clock", async () => {
    const call = await served();
    const sent = await call('sendEmail', { to: 'priya@acme.io', subject: 'Re: Q3 invoice overdue', body: 'Paid today.' });
    expect(sent).toMatchObject({ from: 'Maya Chen <maya@acme.io>', date: clock, labelIds: ['SENT'] });
  });
});
