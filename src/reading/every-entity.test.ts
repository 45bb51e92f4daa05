import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { readServer } from './read-server.js';
import { describedEveryVerb } from './every-entity.js';
import { tool, text } from './written-tools.test-support.js';

const kindOf = (tools: ToolDefinition[], name: string) => readServer(tools).readings.get(name)!.kind;

describe('a description that says the tool acts on all of them makes a batch', () => {
  it('reads "Delete all messages older than" and "Clear the entire wishlist" as a batch, with no id', () => {
    const tools = [
      tool('get_message', { message_id: text }, 'Get a message'),
      tool('delete_stale', { days: { type: 'number' } }, 'Delete all messages older than a number of days'),
      tool('clear_wishlist', {}, 'Clear the entire wishlist'),
    ];
    expect(kindOf(tools, 'delete_stale')).toBe('batch');
    expect(kindOf(tools, 'clear_wishlist')).toBe('batch');
  });

  it('reads a name with no known verb as a delete of all of them where its description revokes all ("Revoke all tokens")', () => {
    const tools = [tool('get_token', { token_id: text }, 'Get an API token'), tool('signout_every_token', {}, 'Revoke all API tokens')];
    expect(kindOf(tools, 'signout_every_token')).toBe('batch');
    expect(readServer(tools).readings.get('signout_every_token')!.operation).toBe('delete');
  });

  it('leaves a delete of one, and a list of all, as they were', () => {
    const tools = [
      tool('delete_message', { message_id: text }, 'Delete all copies of a message'),
      tool('list_messages', {}, 'List all messages'),
    ];
    expect(kindOf(tools, 'delete_message')).toBe('delete');
    expect(kindOf(tools, 'list_messages')).toBe('list');
  });

  it('names the operation of the first verb, after an adverb', () => {
    expect(describedEveryVerb({ description: 'Permanently deletes every draft' })).toBe('delete');
    expect(describedEveryVerb({ description: 'Delete a draft' })).toBeNull();
  });
});
