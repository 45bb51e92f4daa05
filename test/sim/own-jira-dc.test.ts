/**
 * A user's own Jira Data Center, driven as nobody had tuned on it: the 14 real tools of
 * `@atlassian-dc-mcp/jira` 0.34.0 (npm, github.com/b1ff/atlassian-dc-mcp; `tools/list` over stdio,
 * servers/atlassian-dc-jira-tools.json; no output schemas), through the real platform with no model.
 * The scenario is the one a QA person wrote for the drive: two projects, five issues by key, a
 * workflow and its transitions.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { describedMock, useSimulatorHarness } from '../support/simulator-harness.js';
import type { ToolDefinition } from '../../src/domain/registry.js';

let harness: Harness;
useSimulatorHarness('mcpsim-own-jira-dc-', (started) => (harness = started));

const tools = JSON.parse(readFileSync(new URL('./servers/atlassian-dc-jira-tools.json', import.meta.url), 'utf8')) as ToolDefinition[];

const instance = [
  'The Jira Data Center of Fjord Outfitters. I am Priya Nair (priya.nair@fjord.example), the QA lead.',
  'Projects: Web Shop (key SHOP, project 10100, lead Priya Nair) and Mobile App (key MOB, project 10200, lead Lars Berg).',
  'Issue types: Bug (issue type 1), Task (issue type 3), Story (issue type 10001).',
  "The workflow's statuses are To Do, In Progress, In Review and Done; its transitions are Start Progress (transition 11, to In Progress), Send to Review (transition 21, to In Review), Done (transition 31, to Done) and Reopen (transition 41, to To Do).",
  'Issues: SHOP-12 "Checkout button unresponsive on Safari" in Web Shop, Bug, In Progress, assigned to Lars Berg, reported by Priya Nair, created March 2; SHOP-13 "Add gift wrapping option" in Web Shop, Story, To Do, assigned to Priya Nair, created March 4; SHOP-9 "Update shipping rates for Norway" in Web Shop, Task, Done, assigned to Ines Duarte, created February 20; MOB-4 "Crash when opening order history" in Mobile App, Bug, In Review, assigned to Ines Duarte, created March 5; MOB-5 "Dark mode for settings screen" in Mobile App, Story, To Do, unassigned, created March 6.',
  'SHOP-12 has a comment from Lars Berg: "Reproduced on Safari 17.2, not on Chrome".',
].join('\n');

const mock = () =>
  describedMock(harness, {
    server: '@atlassian-dc-mcp/jira',
    displayName: 'Jira Data Center',
    tools,
    namespace: 'work',
    connection: 'jira',
    scenario: instance,
  });

type Issue = { key: string; summary?: string; projectId?: string; status?: unknown };

describe('a Jira Data Center server driven with no model', () => {
  it('keys each described issue by the key the scenario writes (SHOP-12), not a made-up PROJ-1 beside it', async () => {
    const call = await mock();
    const issue = (await call('jira_getIssue', { issueKey: 'SHOP-12' })) as Issue & Record<string, unknown>;
    expect(issue).toEqual(expect.objectContaining({ key: 'SHOP-12', summary: 'Checkout button unresponsive on Safari' }));
    expect(issue).not.toHaveProperty('issueKey');
  });

  it("finds a project's issues by the project's key in JQL (`project = MOB`), as the issue keys name it", async () => {
    const call = await mock();
    const { issues } = (await call('jira_searchIssues', { jql: 'project = MOB' })) as { issues: Issue[] };
    expect(issues.map((found) => found.key).sort()).toEqual(['MOB-4', 'MOB-5']);
  });

  it('keeps the status each issue is described in, where only a transition tool moves it, and finds issues by it in JQL', async () => {
    const call = await mock();
    expect(await call('jira_getIssue', { issueKey: 'SHOP-12' })).toEqual(expect.objectContaining({ status: 'In Progress' }));
    const { issues } = (await call('jira_searchIssues', { jql: 'project = MOB AND status = "To Do"' })) as { issues: Issue[] };
    expect(issues.map((found) => found.key)).toEqual(['MOB-5']);
  });

  it('moves an issue by a listed transition to the state that transition leads to, not to its name', async () => {
    const call = await mock();
    const { transitions } = (await call('jira_getTransitions', { issueKey: 'SHOP-13' })) as { transitions: { id: string; to?: unknown }[] };
    expect(transitions.find((transition) => transition.id === '11')).toEqual(expect.objectContaining({ to: { name: 'In Progress' } }));
    await call('jira_transitionIssue', { issueKey: 'SHOP-13', transitionId: '11' });
    expect(await call('jira_getIssue', { issueKey: 'SHOP-13' })).toEqual(expect.objectContaining({ status: 'In Progress' }));
    const { issues } = (await call('jira_searchIssues', { jql: 'status = "In Progress"' })) as { issues: Issue[] };
    expect(issues.map((found) => found.key).sort()).toEqual(['SHOP-12', 'SHOP-13']);
  });

  it('searches the text of issues with JQL `text ~` and a field with `summary ~`, as a contains', async () => {
    const call = await mock();
    const keys = async (jql: string) =>
      ((await call('jira_searchIssues', { jql })) as { issues: Issue[] }).issues.map((found) => found.key);
    expect(await keys('text ~ "checkout"')).toEqual(['SHOP-12']);
    expect(await keys('project = MOB AND text ~ "order history"')).toEqual(['MOB-4']);
    expect(await keys('summary ~ "norway"')).toEqual(['SHOP-9']);
  });

  it('lists every transition the workflow names, each usable by its id (Done, transition 31, moves MOB-4 to Done)', async () => {
    const call = await mock();
    const { transitions } = (await call('jira_getTransitions', { issueKey: 'MOB-4' })) as { transitions: { id: string; name?: string }[] };
    expect(transitions.map((transition) => [transition.id, transition.name])).toEqual([
      ['11', 'Start Progress'],
      ['21', 'Send to Review'],
      ['31', 'Done'],
      ['41', 'Reopen'],
    ]);
    await call('jira_transitionIssue', { issueKey: 'MOB-4', transitionId: '31' });
    expect(await call('jira_getIssue', { issueKey: 'MOB-4' })).toEqual(expect.objectContaining({ status: 'Done' }));
  });

  it('keeps whom each issue is assigned to, and finds them by `assignee = "…"`, `currentUser()` and Jira\'s Unresolved', async () => {
    const call = await mock();
    expect(JSON.stringify(await call('jira_getIssue', { issueKey: 'SHOP-12' }))).toContain('Lars Berg');
    const keys = async (jql: string) =>
      ((await call('jira_searchIssues', { jql })) as { issues: Issue[] }).issues.map((found) => found.key);
    expect(await keys('assignee = "Ines Duarte" AND resolution = Unresolved')).toEqual(['MOB-4']);
    expect(await keys('assignee = "Ines Duarte"')).toEqual(['SHOP-9', 'MOB-4']);
    expect(await keys('assignee = currentUser()')).toEqual(['SHOP-13']);
  });

  it('links two existing issues: both show the link, and no issue is made', async () => {
    const call = await mock();
    const link = (await call('jira_linkIssues', { inwardIssueKey: 'SHOP-12', outwardIssueKey: 'MOB-4', linkType: 'Relates' })) as Record<
      string,
      unknown
    >;
    expect(link).not.toHaveProperty('error');
    expect(String(link.key ?? '')).not.toMatch(/^(SHOP|MOB)-\d+$/);
    const { issues } = (await call('jira_searchIssues', { jql: 'project = SHOP OR project = MOB' })) as { issues: Issue[] };
    expect(issues).toHaveLength(5);
    expect(JSON.stringify(await call('jira_getIssue', { issueKey: 'SHOP-12' }))).toContain('MOB-4');
    expect(JSON.stringify(await call('jira_getIssue', { issueKey: 'MOB-4' }))).toContain('SHOP-12');
  });

  it("keeps a comment's id on the comment, not as a field of every issue, and a posted comment answers its id", async () => {
    const call = await mock();
    expect(await call('jira_getIssue', { issueKey: 'MOB-5' })).not.toHaveProperty('comment');
    const posted = (await call('jira_postIssueComment', { issueKey: 'MOB-4', comment: 'Verified fixed on build 2.3.1' })) as {
      id?: string;
    };
    expect(posted.id).toMatch(/^\d+$/);
    const { comments } = (await call('jira_getIssueComments', { issueKey: 'MOB-4' })) as { comments: { id: string }[] };
    expect(comments.map((comment) => comment.id)).toEqual([posted.id]);
  });
});
