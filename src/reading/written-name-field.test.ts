import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { readServer } from './read-server.js';

const object = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties, required });
const text = { type: 'string' };
const tool = (name: string, properties: Record<string, unknown>, required: string[] = []): ToolDefinition => ({
  name,
  inputSchema: object(properties, required),
});
const nameFieldOf = (tools: ToolDefinition[], type: string) => readServer(tools).idTraitsOf(type).nameField;

describe('the field a write names a record by, as the service model reads it', () => {
  it('is the name or title the create takes, a name first, else the one its update takes where nothing creates the type', () => {
    expect(nameFieldOf([tool('create_task', { title: text, name: text })], 'task')).toBe('name');
    expect(nameFieldOf([tool('create_page', { title: text, parent_id: text })], 'page')).toBe('title');
    expect(nameFieldOf([tool('list_event_types', {}), tool('update_event_type', { id: text, title: text }, ['id'])], 'event_type')).toBe(
      'title',
    );
  });

  it('is the name kept for people, else the type’s own name field, beside the keys a create requires', () => {
    expect(nameFieldOf([tool('create_conversation', { UniqueName: text, FriendlyName: text })], 'conversation')).toBe('FriendlyName');
    expect(nameFieldOf([tool('create_customer', { customer_name: text, customer_group: text }, ['customer_name'])], 'customer')).toBe(
      'customer_name',
    );
    expect(nameFieldOf([tool('create_board', { workspaceId: text, boardName: text }, ['workspaceId', 'boardName'])], 'board')).toBe(
      'boardName',
    );
  });

  it("is a required naming text (a ticket's subject, an event's summary) over a parent, a date or a secret it requires", () => {
    const ticket = tool('create_ticket', { requester_id: text, owner: text, subject: text }, ['requester_id', 'owner', 'subject']);
    expect(nameFieldOf([ticket], 'ticket')).toBe('subject');
    expect(nameFieldOf([tool('create_event', { event: object({ summary: text, start: text }, ['summary']) })], 'event')).toBe('summary');
    expect(nameFieldOf([tool('create_invoice', { txn_date: text, customer: text }, ['txn_date', 'customer'])], 'invoice')).toBe('name');
    expect(nameFieldOf([tool('create_wallet', { privateKey: text, workspace: text }, ['privateKey', 'workspace'])], 'wallet')).toBe('name');
  });

  it("is the text a written thing is (a comment's body), but never a file's content or its commit message", () => {
    expect(nameFieldOf([tool('create_comment', { issue_id: text, body: text }, ['issue_id', 'body'])], 'comment')).toBe('body');
    expect(nameFieldOf([tool('add_comment', { task_id: text, comment_text: text }, ['task_id', 'comment_text'])], 'comment')).toBe(
      'comment_text',
    );
    const note = tool('create_note', { projectName: text, fileName: text, content: text }, ['projectName', 'fileName', 'content']);
    // The note is the file its caller names: the file name names it, not the content.
    expect(nameFieldOf([note], 'note')).toBe('fileName');
    expect(
      nameFieldOf([tool('push_files', { branch: text, files: { type: 'array' }, message: text }, ['branch', 'message'])], 'file'),
    ).toBe('name');
  });

  it('is the key a create takes from its caller (a bucket’s name), unless that key is only an id', () => {
    expect(nameFieldOf([tool('create_shelf', { Shelf: text }, ['Shelf']), tool('delete_shelf', { Shelf: text }, ['Shelf'])], 'shelf')).toBe(
      'Shelf',
    );
    const budgets = [tool('upsert_budget', { budget_id: text, amount: { type: 'number' } }, ['budget_id']), tool('list_budgets', {})];
    expect(nameFieldOf(budgets, 'budget')).toBe('name');
  });

  it("keeps a known service's own field and a commit's message first", () => {
    const github = readServer([tool('create_issue', { owner: text, repo: text, name: text })], {
      serverNames: ['@github/github-mcp-server'],
    });
    expect(github.idTraitsOf('issue').nameField).toBe('title');
    expect(nameFieldOf([tool('create_commit', { name: text, message: text }, ['message'])], 'commit')).toBe('message');
  });
});
