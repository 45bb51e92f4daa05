import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { answersInSnakeCase, toSnakeCase } from './answer-spelling.js';

const described = (description: string) => ({ type: 'string', description });
const tool = (name: string, properties: Record<string, unknown>, description = ''): ToolDefinition => ({
  name,
  description,
  inputSchema: { type: 'object', properties },
});

describe('the spelling of the answers', () => {
  it('is snake_case where the descriptions quote more PascalCase arguments in snake_case than as they are', () => {
    const tools = [
      tool('CreateRoom', { FriendlyName: text(), UniqueName: described('Can be used in place of the `sid`.') }),
      tool('FetchRoom', { Sid: described('Or the `unique_name` of the Room.') }),
      tool('CreateNote', { Body: described('Ignored when `MediaSid` is set.'), MediaSid: text() }),
    ];
    expect(answersInSnakeCase(tools)).toBe(true);
  });

  it('keeps the arguments’ casing where the descriptions quote them as they are, or quote nothing', () => {
    expect(answersInSnakeCase([tool('CreateRoom', { FriendlyName: described('Shown beside `UniqueName`.'), UniqueName: text() })])).toBe(
      false,
    );
    expect(answersInSnakeCase([tool('CreateRoom', { FriendlyName: text(), UniqueName: text() })])).toBe(false);
    expect(answersInSnakeCase([tool('create_room', { friendly_name: described('Like `unique_name`.'), unique_name: text() })])).toBe(false);
  });

  it('spells each part of a dotted name in snake_case', () => {
    expect(toSnakeCase('ConversationSid')).toBe('conversation_sid');
    expect(toSnakeCase('createdAt')).toBe('created_at');
    expect(toSnakeCase('Timers.Inactive')).toBe('timers.inactive');
  });
});

function text() {
  return { type: 'string' };
}
