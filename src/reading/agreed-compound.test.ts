import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { readServer } from './read-server.js';

const tool = (name: string, properties: Record<string, Record<string, unknown>> = {}): ToolDefinition => ({
  name,
  inputSchema: { type: 'object', properties, required: Object.keys(properties) },
});
const text = { type: 'string' };

describe('one reading per compound the tool names share', () => {
  const ledger = [
    tool('get_all_manual_accounts'),
    tool('get_single_manual_account', { accountId: text }),
    tool('create_manual_account', { name: text, balance: text }),
    tool('update_manual_account', { accountId: text, name: text }),
    tool('delete_manual_account', { accountId: text }),
    tool('update_closed_account_details', { account_id: text, name: text }),
  ];

  it('reads update_manual_account as the manual account its sibling tools read, not the account its id argument names', () => {
    const { shapes } = readServer(ledger);
    expect(shapes.get('get_single_manual_account')?.entity).toBe('manual_account');
    expect(shapes.get('update_manual_account')).toMatchObject({ entity: 'manual_account', idArgument: 'accountId' });
    expect(shapes.get('delete_manual_account')?.entity).toBe('manual_account');
    expect(shapes.get('update_manual_account')?.entityWhy).toContain('manual account');
  });

  it('never re-reads a tool toward the owner in front of the head noun: a list of project members lists members', () => {
    const described = (name: string, description: string, properties: Record<string, Record<string, unknown>>) => ({
      ...tool(name, properties),
      description,
    });
    const { shapes } = readServer([
      described('get_project_members', 'Get members assigned to a project', { projectId: text }),
      described('add_project_member', 'Add a member to a project', {
        projectId: { ...text, description: 'ID of the project to update' },
        userId: text,
      }),
      described('remove_project_member', 'Remove a member from a project', {
        projectId: { ...text, description: 'ID of the project to update' },
        userId: text,
      }),
      tool('get_project', { projectId: text }),
    ]);
    // Adding and removing a member update the project (its list of members); the list still lists members.
    expect(shapes.get('add_project_member')?.entity).toBe('project');
    expect(shapes.get('get_project_members')?.entity).toBe('member');
  });
});
