/**
 * A tool that reads a type by its parent's key (Jira's `jira_comments(action: 'get' | 'add',
 * issueKey)`, "get: fetch all comments"), driven with no model over the real platform (a real
 * SQLite file, `app.fetch` in process): what `add` made under an issue is what `get` lists for it,
 * and an issue nobody made is a not-found.
 */
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { toolAnswers, useSimulatorHarness } from '../support/simulator-harness.js';

let harness: Harness;
useSimulatorHarness('mcpsim-parent-keyed-', (started) => (harness = started));

const text = { type: 'string' };
const tools = [
  {
    name: 'jira_issues',
    description: 'Create, get or update Jira issues.',
    inputSchema: {
      type: 'object',
      properties: {
        action: { type: 'string', enum: ['create', 'get', 'update'] },
        issueKey: { ...text, description: 'Issue key (e.g. PROJ-123). Required for: get, update' },
        projectKey: text,
        summary: text,
      },
      required: ['action'],
    },
  },
  {
    name: 'jira_comments',
    description: 'Get or add comments on a Jira issue.',
    inputSchema: {
      type: 'object',
      properties: {
        action: { type: 'string', enum: ['get', 'add'], description: 'get: fetch all comments; add: post a comment' },
        issueKey: { ...text, description: 'Issue key (e.g. PROJ-123)' },
        comment: { description: 'Plain text. Required for: add' },
      },
      required: ['action', 'issueKey'],
    },
  },
  {
    name: 'jira_workflow',
    description: 'Manage issue status transitions. Use get_transitions first, then transition with the ID.',
    inputSchema: {
      type: 'object',
      properties: {
        action: { type: 'string', enum: ['get_transitions', 'transition'] },
        issueKey: { ...text, description: 'Issue key (e.g. PROJ-123)' },
        transitionId: { ...text, description: 'Transition ID from get_transitions. Required for: transition' },
      },
      required: ['action', 'issueKey'],
    },
  },
];

describe('a read by the key of the parent', () => {
  it('lists what was added under that parent', async () => {
    expect((await harness.call('PUT', '/servers/@qa/jira', { body: { tools } })).status).toBe(201);
    await harness.call('PUT', '/namespaces/ops');
    expect((await harness.call('PUT', '/connect/ops/jira', { body: { server: '@qa/jira', mock: { enabled: true } } })).status).toBe(201);
    const empty = { world: { entities: {}, facts: [] } };
    expect((await harness.call('PUT', '/__mcpsim/connections/ops/jira/simulation', { body: empty })).status).toBe(200);
    const call = toolAnswers(harness, 'ops/jira');
    const issue = await call('jira_issues', { action: 'create', projectKey: 'SHOP', summary: 'Checkout hangs' });
    await call('jira_comments', { action: 'add', issueKey: issue.key, comment: 'Reproduced on Safari' });
    const comments = await call('jira_comments', { action: 'get', issueKey: issue.key });
    expect(comments.comments).toEqual([expect.objectContaining({ comment: 'Reproduced on Safari', issueKey: issue.key })]);
    expect((await call('jira_comments', { action: 'get', issueKey: 'ZZZ-999' })).error).toMatch(/not found/);
  });
});
