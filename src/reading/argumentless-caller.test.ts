import { describe, expect, it } from 'vitest';
import { readServer } from './read-server.js';
import { tool, text } from './written-tools.test-support.js';

describe('a read of a user or account that takes no argument at all', () => {
  const tools = [
    tool('get_account', {}, 'Returns information about the user or organization associated with the API token.'),
    tool('get_user_details', {}, 'Details and permissions.'),
    tool('get_user', { user_id: text }, 'Get a user.'),
    tool('list_accounts', {}, 'List accounts.'),
    tool('get_balance', {}, 'Get the balance.'),
  ];
  const { shapes, kindOf } = readServer(tools);
  const kind = (name: string) => kindOf(name, shapes.get(name)!).kind;

  it('answers the caller, as GET /user and GET /account do', () => {
    expect([kind('get_account'), kind('get_user_details')]).toEqual(['current user', 'current user']);
  });

  it('leaves a read of one user by id, a list of accounts and a read of something else', () => {
    expect([kind('get_user'), kind('list_accounts')]).toEqual(['read', 'list']);
    expect(kind('get_balance')).not.toBe('current user');
  });

  it('leaves a read that may be given an argument, though none is required', () => {
    const optional = { ...tool('get_profile'), inputSchema: { type: 'object', properties: { handle: text } } };
    const model = readServer([optional, tool('list_profiles')]);
    expect(model.kindOf('get_profile', model.shapes.get('get_profile')!).kind).not.toBe('current user');
  });
});
