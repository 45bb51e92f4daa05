/**
 * A user's own YouTrack server, described as a QA person would, with no model: the real 58 tools of
 * `@vitalyostanin/youtrack-mcp` 0.15.1 (servers/youtrack-mcp-tools.json, its `tools/list` over
 * stdio), over the real platform (a real SQLite file, `app.fetch` in process). Nobody had read this
 * server before it was driven; what it showed is in bench/corpus/tuned-on.json.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { describedMock, useSimulatorHarness } from '../support/simulator-harness.js';

let harness: Harness;
useSimulatorHarness('mcpsim-own-youtrack-', (started) => (harness = started));

const tools = JSON.parse(readFileSync(new URL('./servers/youtrack-mcp-tools.json', import.meta.url), 'utf8')) as unknown[];
const scenario = `Marta Kowalska (login marta, marta@northwind.example) is signed in to the YouTrack of Northwind Labs.
There are two projects: Billing Service and Mobile App. Billing Service has two issues: BILL-1 "Invoice PDF shows wrong VAT"
(Open) and BILL-2 "Add SEPA direct debit" (In Progress). Mobile App has one issue, MOB-1 "Crash on login with Android 14" (Open).`;

/** A new mock of the described instance, and a caller of its tools over REST. */
function youtrack(connection: string, text = scenario) {
  return describedMock(harness, { server: '@qa/youtrack', displayName: 'YouTrack', tools, namespace: 'qa', connection, scenario: text });
}

describe('a YouTrack instance described in words, through its real tools', () => {
  it('answers user_current with the person the description signs in, with the login and email written beside the name', async () => {
    const call = await youtrack('caller');
    expect(await call('user_current', {})).toMatchObject({ name: 'Marta Kowalska', login: 'marta', email: 'marta@northwind.example' });
  });

  it('counts the issues the world holds, as issues_list finds them, and keeps no count among the issues', async () => {
    const call = await youtrack('count');
    const listed = (await call('issues_list', {})) as { issues: { id: string }[]; total: number };
    expect(listed.issues.map((issue) => issue.id).sort()).toEqual(['BILL-1', 'BILL-2', 'MOB-1']);
    expect(await call('issues_count', {})).toMatchObject({ count: 3 });
    await call('issues_count', { projectIds: ['BILL'], statuses: ['Open'] });
    expect(await call('issues_list', {})).toEqual(listed);
    await call('issue_create', { projectId: 'Billing Service', summary: 'Refund flow for SEPA returns' });
    expect(await call('issues_count', {})).toMatchObject({ count: 4 });
  });

  it('filters issues by the lists of projects and states its plural arguments give', async () => {
    const call = await youtrack('filters');
    const ids = async (tool: string, args: Record<string, unknown>) =>
      ((await call(tool, args)) as { issues: { id: string }[] }).issues.map((issue) => issue.id).sort();
    expect(await ids('issues_list', { projectIds: ['Mobile App'] })).toEqual(['MOB-1']);
    expect(await ids('issues_list', { statuses: ['In Progress'] })).toEqual(['BILL-2']);
    expect(await ids('issues_list', { statuses: ['Open', 'Fixed'] })).toEqual(['BILL-1', 'MOB-1']);
    expect(await ids('issues_search', { statuses: ['In Progress'] })).toEqual(['BILL-2']);
    expect(await call('issues_count', { statuses: ['Open'] })).toMatchObject({ count: 2 });
  });

  it("gives a new issue its project's key, numbered after that project's issues", async () => {
    const call = await youtrack('keys');
    expect(await call('issue_create', { projectId: 'Billing Service', summary: 'Refund flow for SEPA returns' })).toMatchObject({
      id: 'BILL-3',
    });
    expect(await call('issue_create', { projectId: 'Mobile App', summary: 'Tablet layout' })).toMatchObject({ id: 'MOB-2' });
    const subtask = await call('issue_create', { projectId: 'Billing Service', summary: 'Mandate form', parentIssueId: 'BILL-2' });
    expect(subtask).toMatchObject({ id: 'BILL-4', parentIssueId: 'BILL-2' });
    expect(await call('issue_details', { issueId: 'BILL-4' })).toMatchObject({ summary: 'Mandate form' });
  });

  it('assigns and reassigns an issue, which a list by assignee then finds', async () => {
    const call = await youtrack('assign');
    expect(await call('issue_assign', { issueId: 'BILL-1', assigneeLogin: 'oleg' })).toMatchObject({ id: 'BILL-1', assigneeLogin: 'oleg' });
    expect(await call('issue_assign', { issueId: 'BILL-1', assigneeLogin: 'priya' })).toMatchObject({ assigneeLogin: 'priya' });
    expect(await call('issue_details', { issueId: 'BILL-1' })).toMatchObject({ assigneeLogin: 'priya' });
    const { issues } = (await call('issues_list', { assigneeLogin: 'priya' })) as { issues: { id: string }[] };
    expect(issues.map((issue) => issue.id)).toEqual(['BILL-1']);
  });

  it('lists only the starred issues in issues_starred_list, as issue_star and issue_unstar leave them', async () => {
    const call = await youtrack('stars');
    const starred = async () => ((await call('issues_starred_list', {})) as { issues: { id: string }[] }).issues.map((issue) => issue.id);
    expect(await starred()).toEqual([]);
    await call('issue_star', { issueId: 'BILL-2' });
    await call('issue_star', { issueId: 'MOB-1' });
    expect((await starred()).sort()).toEqual(['BILL-2', 'MOB-1']);
    await call('issue_unstar', { issueId: 'MOB-1' });
    expect(await starred()).toEqual(['BILL-2']);
  });

  it('reads an assignee given as "me" as the person signed in', async () => {
    const call = await youtrack('me');
    expect(await call('issue_assign', { issueId: 'BILL-1', assigneeLogin: 'me' })).toMatchObject({ assigneeLogin: 'marta' });
    const created = await call('issue_create', { projectId: 'Mobile App', summary: 'Tablet layout', assigneeLogin: 'me' });
    expect(created).toMatchObject({ assigneeLogin: 'marta' });
    const { issues } = (await call('issues_search', { assigneeLogin: 'me' })) as { issues: { id: string }[] };
    expect(issues.map((issue) => issue.id).sort()).toEqual(['BILL-1', created.id].sort());
  });

  it("keeps the tracker's own states a description gives each issue: Submitted, Fixed, Verified", async () => {
    const call = await youtrack(
      'states',
      scenario.replace(
        'Mobile App has one issue, MOB-1 "Crash on login with Android 14" (Open).',
        'Mobile App has three issues: MOB-1 "Crash on login" (Verified), MOB-2 "Dark mode for settings" (Submitted) and MOB-3 "Offline sync" (Fixed).',
      ),
    );
    expect(await call('issue_details', { issueId: 'MOB-2' })).toMatchObject({ state: expect.stringMatching(/^submitted$/i) });
    expect(await call('issue_details', { issueId: 'MOB-3' })).toMatchObject({ state: expect.stringMatching(/^fixed$/i) });
    const { issues } = (await call('issues_search', { state: 'Fixed' })) as { issues: { id: string }[] };
    expect(issues.map((issue) => issue.id)).toEqual(['MOB-3']);
  });
});
