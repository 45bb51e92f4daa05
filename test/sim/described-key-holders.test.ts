/**
 * A record a description names by the key it wrote before its name holds what a later sentence
 * says that key has (`WEB-1 has two comments`): the real tools of a Backlog server
 * (servers/backlog-mcp-tools.json) over the real platform (`app.fetch`, real SQLite), no model
 * (src/reading/described-holdings.ts).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { describedMock, useSimulatorHarness } from '../support/simulator-harness.js';

let harness: Harness;
useSimulatorHarness('mcpsim-described-key-holders-', (started) => (harness = started));

const file = JSON.parse(readFileSync(new URL('./servers/backlog-mcp-tools.json', import.meta.url), 'utf8')) as unknown;
const tools = (Array.isArray(file) ? file : (file as { tools: unknown[] }).tools) as unknown[];
const scenario = `There are two projects: Website Renewal (key WEB) and Mobile App (key APP). Website Renewal has three issues:
WEB-1 "Design new landing page" (due 2026-04-20), WEB-2 "Fix broken contact form" and WEB-3 "Migrate blog posts".
WEB-1 has two comments. Mobile App has one issue, APP-1 "Crash on login".`;

describe('what a record named by its key has', () => {
  it('seeds the counted things under the record the key names, listed by that key and by no other', async () => {
    const call = await describedMock(harness, {
      server: '@qa/backlog',
      displayName: 'Backlog',
      tools,
      namespace: 'qa',
      connection: 'keys',
      scenario,
    });
    const comments = async (args: Record<string, unknown>) => {
      const answer = (await call('get_issue_comments', args)) as Record<string, unknown>;
      return (Array.isArray(answer) ? answer : (Object.values(answer).find(Array.isArray) ?? [])) as Record<string, unknown>[];
    };
    const onFirst = await comments({ issueKey: 'WEB-1' });
    expect(onFirst).toHaveLength(2);
    for (const comment of onFirst) expect(comment).toEqual(expect.objectContaining({ issueKey: 'WEB-1' }));
    expect(await comments({ issueKey: 'WEB-2' })).toEqual([]);
    expect(await comments({ issueKey: 'APP-1' })).toEqual([]);
  });
});
