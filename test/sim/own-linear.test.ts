/**
 * A user's issue tracker, driven as nobody had tuned on it: the 19 real tools of `linear-mcp` 1.2.0
 * (npm, github.com/dvcrn/linear-mcp; `tools/list` over stdio, servers/linear-mcp-tools.json; no
 * output schemas), through the real platform (a real SQLite file, `app.fetch` in process), with
 * no model. The scenario is the one a QA person wrote for the drive.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { describedMock, useSimulatorHarness } from '../support/simulator-harness.js';
import type { ToolDefinition } from '../../src/domain/registry.js';

let harness: Harness;
useSimulatorHarness('mcpsim-own-linear-', (started) => (harness = started));

const tools = JSON.parse(readFileSync(new URL('./servers/linear-mcp-tools.json', import.meta.url), 'utf8')) as ToolDefinition[];

const workspace =
  'The Linear workspace of Northwind Labs. I am Mara Lindqvist (mara@northwind.dev), lead of the Engineering team. Teams: Engineering (key ENG; Mara Lindqvist, Jonas Weber, Aiko Tanaka) and Design (key DES; Sofia Reyes). Each team\'s workflow states are Backlog, Todo, In Progress, In Review, Done and Canceled. Labels: Bug, Feature, Chore. Projects: "Checkout v2" (Engineering, started) and "Brand refresh" (Design, planned). Issues: ENG-101 "Payment form loses card on back" in Checkout v2, In Progress, priority 1, assigned to Jonas Weber, label Bug; ENG-102 "Add Apple Pay" in Checkout v2, Todo, priority 2, assigned to Aiko Tanaka, label Feature; ENG-97 "Upgrade Node to 20" Done, priority 3, assigned to Mara Lindqvist, label Chore; DES-14 "New logo exploration" in Brand refresh, Backlog, assigned to Sofia Reyes. ENG-101 has a comment from Aiko: "Reproduced on Safari 17 only".';

const mock = (scenario = workspace) =>
  describedMock(harness, { server: '@qa/linear', displayName: 'Linear', tools, namespace: 'work', connection: 'linear', scenario });

type Issue = { id: string; title: string; state?: string; teamId?: string; priority?: number };

describe('a Linear server driven with no model', () => {
  it('answers the person the scenario speaks as, not the workspace it opens with', async () => {
    const call = await mock();
    expect(await call('linear_get_user', {})).toEqual(expect.objectContaining({ name: 'Mara Lindqvist', email: 'mara@northwind.dev' }));
  });

  it('seeds every team of a list whose parentheses hold semicolons, and files each issue under the team its key names', async () => {
    const call = await mock();
    const { teams } = (await call('linear_get_teams', {})) as { teams: { id: string; name: string }[] };
    expect(teams.map((team) => team.name).sort()).toEqual(['Design', 'Engineering']);
    // Two teams' ids are two random UUIDs, not one counted on from the other's last digits.
    const [first, second] = teams.map((team) => team.id);
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(first!.slice(0, 30)).not.toBe(second!.slice(0, 30));
    const engineering = teams.find((team) => team.name === 'Engineering')!.id;
    const { issues } = (await call('linear_search_issues', { teamIds: [engineering] })) as { issues: Issue[] };
    expect(issues.map((issue) => issue.id).sort()).toEqual(['ENG-101', 'ENG-102', 'ENG-97']);
  });

  it('keeps the workflow state each issue is described in, as written, and filters by state names', async () => {
    const call = await mock();
    const { issues } = (await call('linear_search_issues', {})) as { issues: Issue[] };
    expect(Object.fromEntries(issues.map((issue) => [issue.id, issue.state]))).toEqual({
      'ENG-101': 'In Progress',
      'ENG-102': 'Todo',
      'ENG-97': 'Done',
      'DES-14': 'Backlog',
    });
    const open = (await call('linear_search_issues', { states: ['In Progress', 'Todo'] })) as { issues: Issue[] };
    expect(open.issues.map((issue) => issue.id).sort()).toEqual(['ENG-101', 'ENG-102']);
  });

  it('finds issues by a list of identifiers, and no longer once one is deleted', async () => {
    const call = await mock();
    const found = (await call('linear_search_issues_by_identifier', { identifiers: ['ENG-101', 'ENG-97'] })) as { issues: Issue[] };
    expect(found.issues.map((issue) => issue.id).sort()).toEqual(['ENG-101', 'ENG-97']);
    await call('linear_delete_issue', { id: 'ENG-97' });
    expect(((await call('linear_search_issues_by_identifier', { identifiers: ['ENG-97'] })) as { issues: Issue[] }).issues).toEqual([]);
  });

  it('applies a bulk update given as `update: {...}` to each issue, not as a field called update', async () => {
    const call = await mock();
    const updated = (await call('linear_bulk_update_issues', { issueIds: ['ENG-101', 'ENG-102'], update: { priority: 0 } })) as {
      issues: Issue[];
    };
    expect(updated.issues.map((issue) => [issue.id, issue.priority])).toEqual([
      ['ENG-101', 0],
      ['ENG-102', 0],
    ]);
    const read = (await call('linear_search_issues_by_identifier', { identifiers: ['ENG-102'] })) as { issues: Record<string, unknown>[] };
    expect(read.issues[0]).toEqual(expect.objectContaining({ priority: 0 }));
    expect(read.issues[0]).not.toHaveProperty('update');
  });

  it('makes the issues a project is created with as issues of its own, under the project', async () => {
    const call = await mock();
    const { teams } = (await call('linear_get_teams', {})) as { teams: { id: string; name: string }[] };
    const teamId = teams.find((team) => team.name === 'Engineering')!.id;
    const project = (await call('linear_create_project_with_issues', {
      project: { name: 'Payouts', teamIds: [teamId] },
      issues: [{ title: 'Payout schedule', description: 'Weekly', teamId }],
    })) as { id: string; issues: Issue[] };
    expect(project.issues).toEqual([expect.objectContaining({ id: 'ENG-103', title: 'Payout schedule', projectId: project.id })]);
    const found = (await call('linear_search_issues', { query: 'Payout schedule' })) as { issues: Issue[] };
    expect(found.issues.map((issue) => issue.id)).toEqual(['ENG-103']);
    const { projects } = (await call('linear_list_projects', {})) as { projects: Record<string, unknown>[] };
    expect(projects.find((listed) => listed.id === project.id)).not.toHaveProperty('issues');
  });

  it("keeps a project's described status and filters by `filter: { status: { eq } }`", async () => {
    const call = await mock();
    const planned = (await call('linear_list_projects', { filter: { status: { eq: 'planned' } } })) as { projects: { name: string }[] };
    expect(planned.projects.map((project) => project.name)).toEqual(['Brand refresh']);
  });

  it('starts a new comment unresolved, where the server resolves and unresolves comments', async () => {
    const call = await mock();
    const comment = (await call('linear_create_comment', { issueId: 'ENG-101', body: 'Fixed in #412' })) as Record<string, unknown>;
    expect(Object.values(comment)).toContain('unresolved');
    const resolved = (await call('linear_resolve_comment', { id: comment.id })) as Record<string, unknown>;
    expect(Object.values(resolved)).toContain('resolved');
  });

  it('lists records in the order the scenario tells them, and a new one after them', async () => {
    const call = await mock();
    const { teams } = (await call('linear_get_teams', {})) as { teams: { id: string; name: string }[] };
    expect(teams.map((team) => team.name)).toEqual(['Engineering', 'Design']);
    const before = (await call('linear_search_issues', {})) as { issues: Issue[] };
    expect(before.issues.map((issue) => issue.id)).toEqual(['ENG-101', 'ENG-102', 'ENG-97', 'DES-14']);
    await call('linear_create_issue', { title: 'Refund flow', description: 'Partial refunds', teamId: teams[0]!.id });
    const after = (await call('linear_search_issues', {})) as { issues: Issue[] };
    expect(after.issues.map((issue) => issue.id)).toEqual(['ENG-101', 'ENG-102', 'ENG-97', 'DES-14', 'ENG-103']);
  });

  it('starts a new issue in the first workflow state the scenario describes', async () => {
    const call = await mock();
    const { teams } = (await call('linear_get_teams', {})) as { teams: { id: string; name: string }[] };
    const teamId = teams.find((team) => team.name === 'Engineering')!.id;
    const created = (await call('linear_create_issue', { title: 'Refund flow', description: 'Partial refunds', teamId })) as Issue;
    expect(created.state).toBe('Backlog');
    const backlog = (await call('linear_search_issues', { states: ['Backlog'] })) as { issues: Issue[] };
    expect(backlog.issues.map((issue) => issue.id)).toEqual(['DES-14', created.id]);
  });

  it('files an issue described "in Checkout v2" under that project', async () => {
    const call = await mock();
    const { projects } = (await call('linear_list_projects', {})) as { projects: { id: string; name: string }[] };
    const projectOf = Object.fromEntries(projects.map((project) => [project.id, project.name]));
    const { issues } = (await call('linear_search_issues', {})) as { issues: (Issue & { projectId?: string })[] };
    expect(Object.fromEntries(issues.map((issue) => [issue.id, issue.projectId && projectOf[issue.projectId]]))).toEqual({
      'ENG-101': 'Checkout v2',
      'ENG-102': 'Checkout v2',
      'ENG-97': undefined,
      'DES-14': 'Brand refresh',
    });
  });

  it('moves issues to the workflow state a `stateId` names, by the id a team lists or by its name', async () => {
    const call = await mock();
    const { teams } = (await call('linear_get_teams', {})) as { teams: { name: string; states: { id: string; name: string }[] }[] };
    const inReview = teams[0]!.states.find((state) => state.name === 'In Review')!.id;
    await call('linear_bulk_update_issues', { issueIds: ['ENG-101', 'ENG-102'], update: { stateId: inReview } });
    await call('linear_bulk_update_issues', { issueIds: ['DES-14'], update: { stateId: 'Todo' } });
    const { issues } = (await call('linear_search_issues', {})) as { issues: Record<string, unknown>[] };
    expect(Object.fromEntries(issues.map((issue) => [issue.id, issue.state]))).toEqual({
      'ENG-101': 'In Review',
      'ENG-102': 'In Review',
      'ENG-97': 'Done',
      'DES-14': 'Todo',
    });
    expect(issues[0]).not.toHaveProperty('stateId');
    const review = (await call('linear_search_issues', { states: ['In Review'] })) as { issues: Issue[] };
    expect(review.issues.map((issue) => issue.id)).toEqual(['ENG-101', 'ENG-102']);
  });

  it('shows each team with the workflow states and labels the scenario describes', async () => {
    const call = await mock();
    const { teams } = (await call('linear_get_teams', {})) as {
      teams: { name: string; states: { id: string; name: string }[]; labels: { id: string; name: string }[] }[];
    };
    for (const team of teams) {
      expect(team.states.map((state) => state.name)).toEqual(['Backlog', 'Todo', 'In Progress', 'In Review', 'Done', 'Canceled']);
      expect(team.labels.map((label) => label.name)).toEqual(['Bug', 'Feature', 'Chore']);
    }
  });
});

describe("a Linear server's people, labels and team keys", () => {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
  type Listed = { issues: (Issue & { assigneeId?: string; labelIds?: string[] })[] };

  it('shows each issue assigned to the person the scenario names, and finds issues by assignee, after a reassignment and a create too', async () => {
    const call = await mock();
    const me = (await call('linear_get_user', {})) as { id: string };
    const { issues } = (await call('linear_search_issues', {})) as Listed;
    const assignee = Object.fromEntries(issues.map((issue) => [issue.id, issue.assigneeId]));
    expect(assignee['ENG-97']).toBe(me.id);
    // Jonas, Aiko and Sofia are users of their own, in the service's id format.
    expect(new Set(Object.values(assignee)).size).toBe(4);
    for (const id of Object.values(assignee)) expect(id).toMatch(uuid);
    const jonas = assignee['ENG-101']!;
    const by = async (id: string) =>
      ((await call('linear_search_issues', { assigneeIds: [id] })) as Listed).issues.map((issue) => issue.id);
    expect(await by(jonas)).toEqual(['ENG-101']);
    expect(await by(me.id)).toEqual(['ENG-97']);
    await call('linear_bulk_update_issues', { issueIds: ['ENG-102'], update: { assigneeId: me.id } });
    expect(await by(me.id)).toEqual(['ENG-102', 'ENG-97']);
    const teamId = issues[0]!.teamId!;
    const created = (await call('linear_create_issue', {
      title: 'Refund flow',
      description: 'Partial refunds',
      teamId,
      assigneeId: jonas,
    })) as Issue;
    expect(await by(jonas)).toEqual(['ENG-101', created.id]);
  });

  it("shows the labels an issue is described with, by the ids its team's labels have", async () => {
    const call = await mock();
    const { teams } = (await call('linear_get_teams', {})) as { teams: { labels: { id: string; name: string }[] }[] };
    const labelOf = Object.fromEntries(teams[0]!.labels.map((label) => [label.id, label.name]));
    const { issues } = (await call('linear_search_issues', {})) as Listed;
    expect(Object.fromEntries(issues.map((issue) => [issue.id, issue.labelIds?.map((id) => labelOf[id])]))).toEqual({
      'ENG-101': ['Bug'],
      'ENG-102': ['Feature'],
      'ENG-97': ['Chore'],
      'DES-14': undefined,
    });
  });

  it('gives each team the key the scenario writes, and numbers the issues made in a team after its key', async () => {
    const call = await mock(
      'The Linear workspace of Acme. I am Mia Novak. Teams: Checkout (CHK) and Platform (key PLT). Labels: Bug, Chore. Issues: PLT-7 "Rotate keys" (Todo, assigned to Mia, labels Bug and Chore).',
    );
    const { teams } = (await call('linear_get_teams', {})) as { teams: { id: string; name: string; key?: string }[] };
    expect(teams.map((team) => [team.name, team.key])).toEqual([
      ['Checkout', 'CHK'],
      ['Platform', 'PLT'],
    ]);
    const [checkout, platform] = teams.map((team) => team.id);
    const create = async (teamId: string) =>
      ((await call('linear_create_issue', { title: 'Task', description: 'Work', teamId })) as Issue).id;
    expect([await create(checkout!), await create(checkout!), await create(platform!)]).toEqual(['CHK-1', 'CHK-2', 'PLT-8']);
    const me = (await call('linear_get_user', {})) as { id: string; name: string };
    const [rotate] = ((await call('linear_search_issues_by_identifier', { identifiers: ['PLT-7'] })) as Listed).issues;
    expect(rotate).toMatchObject({ assigneeId: me.id, teamId: platform });
    expect(rotate!.labelIds).toHaveLength(2);
  });
});
