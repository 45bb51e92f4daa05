/**
 * A user's own Backlog server, described as a QA person would, with no model: the real 63 tools of
 * `backlog-mcp-server` 0.20.4 (servers/backlog-mcp-tools.json), over the real platform (a real
 * SQLite file, `app.fetch` in process).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { describedMock, useSimulatorHarness } from '../support/simulator-harness.js';

let harness: Harness;
useSimulatorHarness('mcpsim-own-backlog-', (started) => (harness = started));

const tools = JSON.parse(readFileSync(new URL('./servers/backlog-mcp-tools.json', import.meta.url), 'utf8')) as unknown[];
const scenario = `Kenji Sato is signed in to the Backlog space "acme". There are two projects: Website Renewal (key WEB)
and Mobile App (key APP).`;
const withIssues = `${scenario} Website Renewal has three issues: WEB-1 "Design new landing page" (In Progress, due
2026-04-20), WEB-2 "Fix broken contact form" (Open) and WEB-3 "Migrate blog posts" (Closed). Mobile App has one issue,
APP-1 "Crash on login with Android 14".`;

/** A new mock of the described space, and a caller of its tools over REST. */
function backlog(connection: string, text = scenario) {
  return describedMock(harness, { server: '@qa/backlog', displayName: 'Backlog', tools, namespace: 'qa', connection, scenario: text });
}

describe('a Backlog space described in words, through its real tools', () => {
  it('answers get_myself with the person the description says is signed in, one of get_users', async () => {
    const call = await backlog('caller');
    const me = await call('get_myself', {});
    expect(me).toMatchObject({ name: 'Kenji Sato' });
    // The caller is one of the space's users.
    const { users } = (await call('get_users', {})) as { users: { id: unknown; name: string }[] };
    expect(users).toContainEqual(expect.objectContaining({ id: me.id, name: 'Kenji Sato' }));
  });

  it('answers get_space with the one space the description names', async () => {
    const call = await backlog('space');
    const space = await call('get_space', {});
    expect(space).toMatchObject({ name: 'acme' });
    expect(await call('get_space', {})).toEqual(space);
  });

  it('finds the issues a description lists by the key written before each, in the project it names', async () => {
    const call = await backlog('keys', withIssues);
    const byKey = await call('get_issue', { issueKey: 'WEB-1' });
    expect(byKey).toMatchObject({ summary: 'Design new landing page', issueKey: 'WEB-1' });
    expect(byKey).not.toHaveProperty('key');
    expect(await call('get_issue', { issueId: byKey.id })).toEqual(byKey);
    expect(await call('get_issue', { issueKey: 'APP-1' })).toMatchObject({ summary: 'Crash on login with Android 14' });
    const { id: web } = (await call('get_project', { projectKey: 'WEB' })) as { id: number };
    const { issues } = (await call('get_issues', { projectId: [web] })) as { issues: { summary: string }[] };
    expect(issues.map((issue) => issue.summary).sort()).toEqual([
      'Design new landing page',
      'Fix broken contact form',
      'Migrate blog posts',
    ]);
    expect(await call('count_issues', { projectId: [web] })).toMatchObject({ count: 3 });
  });

  it('keeps a comment added by the issue key under that issue, listed by its key and by its id', async () => {
    const call = await backlog('comments', withIssues);
    const issue = (await call('get_issue', { issueKey: 'WEB-2' })) as { id: number };
    await call('add_issue_comment', { issueKey: 'WEB-2', content: 'Reproduced on Safari.' });
    await call('add_issue_comment', { issueId: issue.id, content: 'Fixed in staging.' });
    const contents = async (args: Record<string, unknown>) =>
      ((await call('get_issue_comments', args)).comments as { content: string }[]).map((comment) => comment.content).sort();
    expect(await contents({ issueKey: 'WEB-2' })).toEqual(['Fixed in staging.', 'Reproduced on Safari.']);
    expect(await contents({ issueId: issue.id })).toEqual(['Fixed in staging.', 'Reproduced on Safari.']);
    expect(await contents({ issueKey: 'WEB-1' })).toEqual([]);
  });

  it('seeds the comment a description gives an issue by its key, with its text, under that issue', async () => {
    const call = await backlog('described-comment', `${withIssues} WEB-1 has one comment from Yuki Tanaka: "First mockups are in Figma."`);
    const comments = async (args: Record<string, unknown>) =>
      ((await call('get_issue_comments', args)).comments as { content: string }[]).map((comment) => comment.content);
    expect(await comments({ issueKey: 'WEB-1' })).toEqual(['First mockups are in Figma.']);
    expect(await comments({ issueKey: 'WEB-2' })).toEqual([]);
  });

  it("counts a project's issues as the world holds them, before and after one is created", async () => {
    const call = await backlog('count');
    const { id: web } = (await call('get_project', { projectKey: 'WEB' })) as { id: number };
    await call('add_issue', { projectId: web, summary: 'Design new landing page', issueTypeId: 1, priorityId: 2 });
    await call('add_issue', { projectId: web, summary: 'Fix broken contact form', issueTypeId: 1, priorityId: 3 });
    const { id: app } = (await call('get_project', { projectKey: 'APP' })) as { id: number };
    await call('add_issue', { projectId: app, summary: 'Crash on login', issueTypeId: 2, priorityId: 2 });
    expect(await call('count_issues', { projectId: [web] })).toMatchObject({ count: 2 });
    expect(await call('count_issues', { projectId: [app] })).toMatchObject({ count: 1 });
    await call('add_issue', { projectId: web, summary: 'Migrate blog posts', issueTypeId: 1, priorityId: 3 });
    expect(await call('count_issues', { projectId: [web] })).toMatchObject({ count: 3 });
    expect(await call('count_issues', { projectId: [web], priorityId: [2] })).toMatchObject({ count: 1 });
  });
});
