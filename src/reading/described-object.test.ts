import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { readServer } from './read-server.js';

const tool = (name: string, description: string, properties: Record<string, unknown> = {}, required: string[] = []): ToolDefinition => ({
  name,
  description,
  inputSchema: { type: 'object', properties, required },
});
const text = { type: 'string' };

describe('a verb that is a noun as often, and an object the description names', () => {
  const tracker = [
    tool('log_time', 'Log a time entry on a project. Returns the entry with its id.', { project_id: text, hours: { type: 'number' } }, [
      'project_id',
      'hours',
    ]),
    tool('list_time_entries', 'List time entries of a project.', { project_id: text }, ['project_id']),
    tool('get_time_entry', 'Get one time entry.', { time_entry_id: text }, ['time_entry_id']),
  ];

  it('reads log_time as a create of the time entry the other tools read', () => {
    const shape = readServer(tracker).shapes.get('log_time')!;
    expect({ operation: shape.operation, entity: shape.entity }).toEqual({ operation: 'create', entity: 'time_entry' });
  });

  it('keeps log a noun where another verb follows it (log_read, log_clear)', () => {
    const model = readServer([tool('log_read', 'Read the log.'), tool('log_clear', 'Clear the log.')]);
    expect(model.shapes.get('log_read')!.operation).toBe('read');
    expect(model.shapes.get('log_clear')!.operation).not.toBe('create');
  });

  it('keeps the name’s entity where the description’s object is another thing', () => {
    const model = readServer([...tracker, tool('create_time', 'Create a time off request.')]);
    expect(model.shapes.get('create_time')!.entity).toBe('time');
  });
});
