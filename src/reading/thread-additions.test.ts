import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { inferServerShapes } from './tool-operation.js';

const text = { type: 'string' };
const number = { type: 'integer' };

function tool(name: string, properties: Record<string, unknown>, required: string[]): ToolDefinition {
  return { name, description: '', inputSchema: { type: 'object', properties, required } };
}

const messages = [
  tool('read_private_message', { topic_id: number }, ['topic_id']),
  tool('create_private_message', { title: text, raw: text, usernames: { type: 'array', items: text } }, ['title', 'raw']),
  tool('create_post', { topic_id: number, raw: text }, ['topic_id', 'raw']),
  tool('reply_private_message', { topic_id: number, raw: text }, ['topic_id', 'raw']),
  tool('invite_to_private_message', { topic_id: number, username: text }, ['topic_id']),
];

describe('a call that adds to an existing conversation', () => {
  it('reads a reply to a message named by its id as a post in it, made as the server’s create of posts makes one', () => {
    expect(inferServerShapes(messages).get('reply_private_message')).toMatchObject({ operation: 'create', entity: 'post' });
  });

  it('reads an invite to a message as an update of it that adds the person to the list its create takes', () => {
    expect(inferServerShapes(messages).get('invite_to_private_message')).toMatchObject({
      operation: 'update',
      entity: 'private_message',
      idArgument: 'topic_id',
      listField: { field: 'usernames', argument: 'username', remove: false },
    });
  });

  it('keeps a reply a create of its own type where no other create writes into the thread', () => {
    const alone = messages.filter((candidate) => candidate.name !== 'create_post');
    expect(inferServerShapes(alone).get('reply_private_message')).toMatchObject({ operation: 'create', entity: 'private_message' });
  });
});
