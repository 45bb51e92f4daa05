/**
 * A user's Azure DevOps organization, driven as nobody had tuned on it: the 40 real tools of
 * `@azure-devops/mcp` 2.10.0 (npm, github.com/microsoft/azure-devops-mcp; `tools/list` over stdio
 * with `-a envvar`, servers/azure-devops-mcp-tools.json; most tools pick their operation by an
 * `action` argument), through the real platform with no model. The scenario is the one a QA
 * person wrote for the drive.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { describedMock, useSimulatorHarness } from '../support/simulator-harness.js';
import type { ToolDefinition } from '../../src/domain/registry.js';

let harness: Harness;
useSimulatorHarness('mcpsim-own-azure-devops-', (started) => (harness = started));

const tools = JSON.parse(readFileSync(new URL('./servers/azure-devops-mcp-tools.json', import.meta.url), 'utf8')) as ToolDefinition[];

const organization =
  'The Azure DevOps organization contoso. I am Dana Whitfield (dana@contoso.com). Projects: Fabrikam Web and Mobile App. ' +
  'Work items in Fabrikam Web: Epic 1190 "Checkout redesign", Active; Bug 1201 "Checkout button unresponsive on Safari", Active, priority 1; ' +
  'User Story 1202 "Saved payment methods", New, priority 2; Task 1203 "Write API tests for cart", Closed. ' +
  'Pull requests in fabrikam-web: #57 "Fix Safari click handler", active; #55 "Bump dependencies", completed.';

const mock = () =>
  describedMock(harness, {
    server: '@qa/azure-devops',
    displayName: 'Azure DevOps',
    tools,
    namespace: 'work',
    connection: 'ado',
    scenario: organization,
  });

type WorkItem = { id: number; name?: string; project?: string };

describe('an Azure DevOps server driven with no model', () => {
  it('seeds the work items a list headed "Work items in <project>:" gives, by their number after the kind, in that project', async () => {
    const call = await mock();
    const { projects } = (await call('core_list_projects', {})) as { projects: { id: string; name: string }[] };
    const fabrikam = projects.find((project) => project.name === 'Fabrikam Web')!.id;
    const bug = (await call('wit_work_item', { action: 'get', project: 'Fabrikam Web', id: 1201 })) as WorkItem;
    expect(bug).toEqual(expect.objectContaining({ id: 1201, name: 'Checkout button unresponsive on Safari', project: fabrikam }));
    const story = (await call('wit_work_item', { action: 'get', project: 'Fabrikam Web', id: 1202 })) as WorkItem;
    expect(story.name).toBe('Saved payment methods');
  });

  it('reads and writes one kind of pull request: `repo_pull_request` and `repo_pull_request_write` act on the same records', async () => {
    const call = await mock();
    const args = { repositoryId: 'fabrikam-web', project: 'Fabrikam Web', pullRequestId: 57 };
    expect(await call('repo_pull_request', { action: 'get', ...args })).toEqual(
      expect.objectContaining({ id: 57, title: 'Fix Safari click handler', status: 'Active' }),
    );
    await call('repo_pull_request_write', { action: 'update', ...args, status: 'Abandoned' });
    expect(await call('repo_pull_request', { action: 'get', ...args })).toEqual(expect.objectContaining({ id: 57, status: 'Abandoned' }));
  });

  it('searches work items (`search_workitem`) by their text, among the ones the scenario gave', async () => {
    const call = await mock();
    const found = (await call('search_workitem', { searchText: 'Safari' })) as Record<string, WorkItem[]>;
    const items = Object.values(found).find(Array.isArray) ?? [];
    expect(items.map((item) => item.id)).toEqual([1201]);
  });

  it('reads `repo_repository` as repositories, not a doubled `repository_repository`', async () => {
    const call = await mock();
    const listed = (await call('repo_repository', { action: 'list', project: 'Fabrikam Web' })) as Record<string, unknown>;
    expect(Object.keys(listed)).toContain('repositories');
  });
  it('sets the fields a create gives as name/value pairs (`fields: [{name: "System.Title", value}]`): a read shows them', async () => {
    const call = await mock();
    const fields = [
      { name: 'System.Title', value: 'Cart total rounds wrong' },
      { name: 'System.AssignedTo', value: 'Lin Zhou' },
    ];
    const created = (await call('wit_work_item_write', {
      action: 'create',
      project: 'Fabrikam Web',
      workItemType: 'Bug',
      fields,
    })) as WorkItem;
    const read = (await call('wit_work_item', { action: 'get', project: 'Fabrikam Web', id: created.id })) as Record<string, unknown>;
    expect(Object.values(read)).toContain('Cart total rounds wrong');
    expect(read.assignedTo).toBe('Lin Zhou');
    expect(Object.keys(read)).not.toContain('System.Title');
  });

  it('reads each work item `get_batch` names by `ids`, not a type `batch`', async () => {
    const call = await mock();
    const read = (await call('wit_work_item', { action: 'get_batch', project: 'Fabrikam Web', ids: [1201, 1202] })) as Record<
      string,
      unknown
    >;
    const items = (Array.isArray(read) ? read : Object.values(read).find(Array.isArray)) as WorkItem[];
    expect(items.map((item) => [item.id, item.name])).toEqual([
      [1201, 'Checkout button unresponsive on Safari'],
      [1202, 'Saved payment methods'],
    ]);
  });

  it('lists the caller\'s own work items for `action: my` ("get work items relevant to the authenticated user")', async () => {
    const call = await mock();
    const fields = (title: string, person: string) => [
      { name: 'System.Title', value: title },
      { name: 'System.AssignedTo', value: person },
    ];
    await call('wit_work_item_write', {
      action: 'create',
      project: 'Fabrikam Web',
      workItemType: 'Task',
      fields: fields('Mine', 'Dana Whitfield'),
    });
    await call('wit_work_item_write', {
      action: 'create',
      project: 'Fabrikam Web',
      workItemType: 'Task',
      fields: fields('Theirs', 'Omar Price'),
    });
    const mine = (await call('wit_work_item', { action: 'my', project: 'Fabrikam Web' })) as Record<string, unknown>;
    const items = Object.values(mine).find(Array.isArray) as Record<string, unknown>[];
    expect(items.map((item) => item.title)).toEqual(['Mine']);
  });
  it("applies a WIQL query's WHERE (`[System.State] = 'Active'`) to the work items, its macros left to the call", async () => {
    const call = await mock();
    const wiql =
      "SELECT [System.Id] FROM WorkItems WHERE [System.TeamProject] = @project AND [System.State] = 'Active' ORDER BY [System.Id]";
    const found = (await call('wit_query', { action: 'wiql', project: 'Fabrikam Web', wiql })) as Record<string, unknown>;
    const items = Object.values(found).find(Array.isArray) as WorkItem[];
    expect(items.map((item) => item.id)).toEqual([1190, 1201]);
  });
});
