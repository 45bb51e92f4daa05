import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { inferServerShapes } from './tool-operation.js';

const text = { type: 'string' };
const tool = (name: string, properties: Record<string, unknown>, description = ''): ToolDefinition => ({
  name,
  description,
  inputSchema: { type: 'object', properties, required: Object.keys(properties) },
});

describe('tools that link two records', () => {
  const shapes = inferServerShapes([
    tool('create_task', { title: text }),
    tool('get_task', { taskId: text }),
    tool('link_tasks', { taskId: text, otherTaskId: text, linkType: text }, 'Create a link between two tasks.'),
    tool('unlink_tasks', { linkId: text }, 'Delete a link between two tasks.'),
    tool('link_tag', { taskId: text, tag: text }),
  ]);

  it('reads a link verb before the plural of a type, given two of its records, as a create of the join', () => {
    expect(shapes.get('link_tasks')).toMatchObject({ operation: 'create', entity: 'task_link', idArgument: null });
  });

  it('reads its undoing by the join id as the delete of the join', () => {
    expect(shapes.get('unlink_tasks')).toMatchObject({ operation: 'delete', entity: 'task_link', idArgument: 'linkId' });
  });

  it('leaves a link verb before a singular as it was read', () => {
    expect(shapes.get('link_tag')?.entity).not.toBe('tag_link');
  });
});
