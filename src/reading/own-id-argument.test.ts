import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { readServer } from './read-server.js';

const text = { type: 'string' };
const tool = (name: string, properties: Record<string, unknown>): ToolDefinition => ({
  name,
  inputSchema: { type: 'object', properties, required: Object.keys(properties) },
});

describe('the id argument agreed with the entity a tool is read as', () => {
  it("names a tool read as acting on a board by the board's own id, not the last id it takes", () => {
    const tools = [
      tool('list_boards', {}),
      tool('get_board', { boardId: text }),
      tool('delete_board', { boardId: text }),
      tool('get_organization', { orgId: text }),
      tool('get_board_classification', { orgId: text, teamId: text, boardId: text }),
      tool('update_board_classification', { orgId: text, teamId: text, boardId: text, labelId: text }),
    ];
    const { shapes } = readServer(tools);
    for (const name of ['get_board_classification', 'update_board_classification']) {
      const shape = shapes.get(name)!;
      expect(shape).toMatchObject({ entity: 'board', idArgument: 'boardId' });
    }
  });

  it('names an action read as acting on a type by the own id of it that it must be given', () => {
    const described = (definition: ToolDefinition, description: string): ToolDefinition => ({ ...definition, description });
    const tools = [
      described(tool('get_issue', { issueId: text }), 'Get an issue'),
      described(tool('delete_issue', { issueId: text }), 'Delete an issue'),
      described(tool('convertIssueToSubtask', { issueId: text, parentIssueId: text }), 'Convert an issue to a subtask'),
      tool('get_group', { groupId: text }),
      tool('get_board', { boardId: text }),
      described(tool('ungroup-items', { boardId: text, groupId: text }), 'Ungroup a specific group on a board'),
    ];
    const { shapes } = readServer(tools);
    expect(shapes.get('convertIssueToSubtask')).toMatchObject({ operation: 'other', entity: 'issue', idArgument: 'issueId' });
    expect(shapes.get('ungroup-items')).toMatchObject({ operation: 'other', entity: 'group', idArgument: 'groupId' });
  });

  it('keeps an id argument already named for the entity', () => {
    const tools = [tool('get_issue', { issue_id: text }), tool('get_issue_comment', { issue_id: text, comment_id: text })];
    expect(readServer(tools).shapes.get('get_issue_comment')?.idArgument).toBe('comment_id');
  });

  it("names a tool read as acting on a type by the type's own key under another key word: a name, an address", () => {
    const tools = [
      tool('list_connections', {}),
      tool('get_connection', { connectionId: text }),
      tool('list_tables', { connectionId: text }),
      tool('get_table_schema', { connectionId: text, tableName: text }),
      tool('get_token_info', { tokenAddress: text, network: text }),
      tool('get_token_balance', { tokenAddress: text, ownerAddress: text }),
    ];
    const { shapes } = readServer(tools);
    expect(shapes.get('get_table_schema')).toMatchObject({ entity: 'table', idArgument: 'tableName', idField: 'name' });
    expect(shapes.get('get_token_info')).toMatchObject({ entity: 'token', idArgument: 'tokenAddress', idField: 'address' });
  });
});

describe('an update or delete read as an action for want of an id', () => {
  it('is that update or delete where an argument is described as the entity’s own key', () => {
    const optional = (name: string, properties: Record<string, unknown>): ToolDefinition => ({
      name,
      inputSchema: { type: 'object', properties },
    });
    const name = (description: string) => ({ type: 'string', description });
    const shapes = readServer([
      tool('add_cookie', { name: text, value: text }),
      optional('get_cookies', { name: name('Name of a specific cookie to retrieve') }),
      optional('delete_cookie', { name: name('Name of the cookie to delete. If omitted, all cookies are deleted.') }),
      optional('update_cookie', { value: name('The new value') }),
    ]).shapes;
    expect(shapes.get('delete_cookie')).toMatchObject({ operation: 'delete', idArgument: 'name', idField: 'name' });
    // Nothing described as the cookie's key: still an action on no entity.
    expect(shapes.get('update_cookie')).toMatchObject({ operation: 'other', idArgument: null });
  });
});
