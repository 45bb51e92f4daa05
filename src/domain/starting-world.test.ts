import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from './registry.js';
import { toStartingWorld } from './starting-world.js';

const tool = (name: string, properties: Record<string, unknown> = {}, required: string[] = []): ToolDefinition => ({
  name,
  inputSchema: { type: 'object', properties, required },
});

describe('toStartingWorld', () => {
  it('holds the signed-in user and one entity of each kind the server creates or lists, and nothing it only searches', () => {
    const world = toStartingWorld([
      tool('get_me'),
      tool('list_projects'),
      tool('create_task', { title: { type: 'string' }, assignee: { type: 'string' }, due: { type: 'string' } }, ['title', 'assignee']),
      tool('get_task', { task_id: { type: 'string' } }, ['task_id']),
      tool('search_web', { query: { type: 'string' } }, ['query']),
    ]);
    expect(world).toEqual({
      entities: {
        me: { default: { id: 'default', login: 'ada', name: 'Ada Lovelace', email: 'ada@example.com' } },
        project: { 'project-1': { id: 'project-1', name: 'example-project' } },
        task: { 'task-1': { id: 'task-1', title: 'Example task', assignee: 'ada' } },
      },
      facts: [],
    });
  });

  it('is empty for a server whose tools keep nothing (a clock)', () => {
    expect(toStartingWorld([tool('get_current_time', { timezone: { type: 'string' } })])).toEqual({ entities: {}, facts: [] });
  });
});
