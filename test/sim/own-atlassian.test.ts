/**
 * A user's Confluence and Jira Cloud site, driven as nobody had tuned on it: the 40 real tools of
 * `mcp-atlassian` 2.1.0 (npm, github.com/Vijay-Duke/mcp-atlassian; `tools/list` over stdio with
 * placeholder credentials, servers/mcp-atlassian-tools.json), through the real platform with no
 * model. The scenario is the one a QA person wrote for the drive: spaces and projects written by
 * their key and quoted name, pages under other pages.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { describedMock, useSimulatorHarness } from '../support/simulator-harness.js';
import type { ToolDefinition } from '../../src/domain/registry.js';

let harness: Harness;
useSimulatorHarness('mcpsim-own-atlassian-', (started) => (harness = started));

const tools = JSON.parse(readFileSync(new URL('./servers/mcp-atlassian-tools.json', import.meta.url), 'utf8')) as ToolDefinition[];

const site =
  'The Atlassian site acme.atlassian.net. I am Priya Nair (priya@acme.io). ' +
  'Confluence spaces: ENG "Engineering" and HR "People Team". ' +
  'Pages in ENG: "Runbooks" (id 1001); "Deploy runbook" (id 1002) under Runbooks, written by Priya Nair; ' +
  '"Incident checklist" (id 1003) under Runbooks; "Architecture overview" (id 1004). ' +
  'Pages in HR: "Onboarding guide" (id 2001). ' +
  'Jira projects: SHOP "Webshop" and OPS "Operations".';

const issues =
  ' Issues: SHOP-12 "Checkout fails on Safari", In Progress; SHOP-13 "Add Apple Pay", To Do; OPS-4 "Rotate TLS certificates", Done.';

const mock = (given: { issues?: boolean } = {}) =>
  describedMock(harness, {
    server: '@qa/atlassian',
    displayName: 'Atlassian',
    tools,
    namespace: 'work',
    connection: 'atl',
    scenario: given.issues ? site + issues : site,
  });

type Page = { id: string; title?: string; spaceKey?: string; parentId?: string };

describe('a Confluence and Jira site driven with no model', () => {
  it('seeds spaces written by their key and quoted name (`ENG "Engineering"`), keyed by that key', async () => {
    const call = await mock();
    const { spaces } = (await call('list_confluence_spaces', {})) as { spaces: { key: string; name: string }[] };
    expect(spaces.map(({ key, name }) => [key, name])).toEqual([
      ['ENG', 'Engineering'],
      ['HR', 'People Team'],
    ]);
    expect(await call('get_confluence_space', { spaceKey: 'HR' })).toEqual(expect.objectContaining({ key: 'HR', name: 'People Team' }));
  });

  it('keeps a Jira project’s written key beside the name (`SHOP "Webshop"`)', async () => {
    const call = await mock();
    const listed = (await call('list_jira_projects', {})) as Record<string, Record<string, unknown>[]>;
    const projects = Object.values(listed).find(Array.isArray) ?? [];
    expect(projects.map((project) => project.name)).toEqual(['Webshop', 'Operations']);
    expect(JSON.stringify(projects)).toContain('"SHOP"');
  });

  it('puts pages in the space their heading names, and under the page "under Runbooks" names, so its children are listed', async () => {
    const call = await mock();
    expect(await call('read_confluence_page', { pageId: '1002' })).toEqual(
      expect.objectContaining({ id: '1002', title: 'Deploy runbook', spaceKey: 'ENG', parentId: '1001' }),
    );
    const { children } = (await call('list_confluence_page_children', { pageId: '1001' })) as { children: Page[] };
    expect(children.map((page) => page.id)).toEqual(['1002', '1003']);
    await call('create_confluence_page', { spaceKey: 'ENG', title: 'Rollback runbook', content: '# Steps', parentId: '1001' });
    const after = (await call('list_confluence_page_children', { pageId: '1001' })) as { children: Page[] };
    expect(after.children.map((page) => page.title)).toEqual(['Deploy runbook', 'Incident checklist', 'Rollback runbook']);
  });

  it('answers a page’s ancestors as the pages its parent field leads up to, root first (`list_confluence_page_ancestors`)', async () => {
    const call = await mock();
    const made = (await call('create_confluence_page', { spaceKey: 'ENG', title: 'Rollback', content: 'x', parentId: '1002' })) as Page;
    const { ancestors } = (await call('list_confluence_page_ancestors', { pageId: made.id })) as { ancestors: Page[] };
    expect(ancestors.map((page) => page.title)).toEqual(['Runbooks', 'Deploy runbook']);
    expect(await call('list_confluence_page_ancestors', { pageId: '1001' })).toEqual({ ancestors: [], total: 0 });
  });

  it('answers "my unresolved issues" with the unfinished issues whose assignee is the caller', async () => {
    const call = await mock({ issues: true });
    const keys = async () =>
      ((await call('get_my_unresolved_issues', {})) as { issues: { key: string }[] }).issues.map((issue) => issue.key);
    // No issue names anyone yet: every unfinished one, and not the Done OPS-4.
    expect(await keys()).toEqual(['SHOP-12', 'SHOP-13']);
    const mine = (await call('create_jira_issue', { projectKey: 'SHOP', issueType: 'Bug', summary: 'Coupon', assignee: 'Priya Nair' })) as {
      key: string;
    };
    await call('create_jira_issue', { projectKey: 'SHOP', issueType: 'Bug', summary: 'Refunds', assignee: 'Omar Price' });
    expect(await keys()).toEqual([mine.key]);
  });
});
