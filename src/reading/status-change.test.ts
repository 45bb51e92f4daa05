import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { readServer } from './read-server.js';

const text = { type: 'string' };
const tool = (name: string, properties: Record<string, unknown>, required: string[]): ToolDefinition => ({
  name,
  inputSchema: { type: 'object', properties, required },
});

describe('an update named for the status of what it changes', () => {
  const model = readServer([
    tool('update_task_status', { task_id: text, status: text }, ['task_id', 'status']),
    tool('transition_issue', { issue_key: text, transition_id: text }, ['issue_key']),
    tool('update_task', { task_id: text, title: text }, ['task_id']),
    tool('update_state', { project_id: text, state_id: text, name: text }, ['project_id', 'state_id']),
    tool('get_issue', { issue_key: text }, ['issue_key']),
  ]);
  const kindOf = (name: string) => model.kindOf(name).kind;

  it('moves the entity in its lifecycle: a transition', () => {
    expect(kindOf('update_task_status')).toBe('transition');
    expect(kindOf('transition_issue')).toBe('transition');
  });

  it('leaves an update of other fields, or of a status that is itself a record, an update', () => {
    expect(kindOf('update_task')).toBe('update');
    expect(kindOf('update_state')).toBe('update');
  });
});
