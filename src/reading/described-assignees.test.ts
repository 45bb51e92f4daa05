import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { readServer } from './read-server.js';
import { toDescribedWorld } from './described-world.js';
import { tool, text } from './written-tools.test-support.js';

const list = { type: 'array', items: text };
const issuesOf = (tools: ToolDefinition[], words: string) => Object.values(toDescribedWorld(readServer(tools), words).entities.issue ?? {});

describe('who a described issue is assigned to', () => {
  it("keeps the person's name where the tracker's writes take an assignee by name (Jira's `assignee`)", () => {
    const tools = [
      tool('create_issue', { projectKey: text, summary: text, assignee: text }, 'Create an issue'),
      tool('get_issue', { issueKey: text }, 'Get an issue'),
    ];
    const [issue] = issuesOf(tools, 'Issues: SHOP-12 "Checkout fails" (assigned to Omar Price).');
    expect(issue).toMatchObject({ assignee: 'Omar Price' });
  });

  it('keeps a list of one login where the writes take `assignees` by username, for the caller named by first name (GitHub)', () => {
    const assignees = { ...list, description: 'Usernames to assign to this issue' };
    const tools = [
      tool('get_me', {}, 'Get details of the authenticated GitHub user'),
      tool('create_issue', { owner: text, repo: text, title: text, assignees }, 'Create a new issue'),
      tool('list_issues', { owner: text, repo: text }, 'List issues'),
    ];
    const [issue] = issuesOf(tools, 'Grace Hopper (login grace) is signed in. Issues: #42 "Fix login" (assigned to Grace).');
    expect(issue).toMatchObject({ assignees: ['grace'] });
  });

  it("keeps the user's id where the writes take an assignee id, and makes a user of a person the world does not hold yet", () => {
    const tools = [
      tool('get_user', {}, 'Get the current user'),
      tool('create_issue', { teamId: text, title: text, assigneeId: text }, 'Create an issue'),
      tool('list_issues', { teamId: text }, 'List issues'),
    ];
    const world = toDescribedWorld(
      readServer(tools),
      'I am Mia Novak. Issues: "Rotate keys", assigned to Mia; "Audit logs", assigned to Leo Brandt.',
    );
    const users = world.entities.user!;
    const byName = Object.fromEntries(Object.entries(users).map(([id, user]) => [user.name, id]));
    expect(Object.values(world.entities.issue!).map((issue) => issue.assigneeId)).toEqual([byName['Mia Novak'], byName['Leo Brandt']]);
  });
});
