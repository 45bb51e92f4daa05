import { describe, expect, it } from 'vitest';
import { readServer } from './read-server.js';
import { tool, text } from './written-tools.test-support.js';

describe('a name that is its verb alone', () => {
  const tasks = [
    tool('create', { taskListId: text, title: text }, 'Create a new task in Google Tasks'),
    tool('list', { taskListId: text }, 'List all tasks in Google Tasks'),
    tool('search', { query: text }, 'Search for a task in Google Tasks'),
    tool('delete', { taskListId: text, id: text }, 'Delete a task in Google Tasks'),
  ];

  it('acts on the thing its description names after the verb', () => {
    const { shapes } = readServer(tasks);
    expect(Object.fromEntries([...shapes].map(([name, shape]) => [name, `${shape.operation} ${shape.entity}`]))).toEqual({
      create: 'create task',
      list: 'list task',
      search: 'search task',
      delete: 'delete task',
    });
  });

  it('keeps no noun where the description names none after the verb, and a name with a noun keeps it', () => {
    const { shapes } = readServer([
      tool('create', { title: text }, 'Create it now'),
      tool('create_note', { title: text }, 'Create a new task'),
    ]);
    expect(shapes.get('create')?.entity).toBe('item');
    expect(shapes.get('create_note')?.entity).toBe('note');
  });
});
