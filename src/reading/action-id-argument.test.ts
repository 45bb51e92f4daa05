import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { readServer } from './read-server.js';

const described = (description: string, type = 'string') => ({ type, description });
const tool = (name: string, description: string, properties: Record<string, unknown>, required: string[]): ToolDefinition => ({
  name,
  description,
  inputSchema: { type: 'object', properties, required },
});

describe('the entity a dispatching action names', () => {
  it('reads the argument some actions are said to require as the id, made up when unknown', () => {
    const tools = [
      tool(
        'headlines',
        'Headlines. • list — paginated headlines • detail — full headline. Requires: id',
        { action: described('list: paginated headlines; detail: full headline'), id: described('REQUIRED for detail. Headline ID') },
        ['action'],
      ),
      tool(
        'shelves',
        'Manage shelves. Actions: list, get, update, reorder.',
        {
          action: { type: 'string', enum: ['list', 'get', 'update', 'reorder'], description: 'Action to perform' },
          name: described('Shelf name (required for get/update).'),
        },
        ['action'],
      ),
    ];
    const { shapes } = readServer(tools);
    expect(shapes.get('headlines')).toMatchObject({ operation: 'other', idArgument: 'id', strict: false });
    expect(shapes.get('shelves')).toMatchObject({ idArgument: 'name', idField: 'name' });
  });

  it('leaves an action with no argument that picks what it does, or none that names one, without an id', () => {
    const tools = [
      tool('broadcast', 'Broadcast a note to everyone.', { note_id: described('The note to send') }, []),
      tool('pulse', 'Pulse data. • latest — snapshot', { action: described('latest: snapshot'), size: described('Levels') }, ['action']),
    ];
    const { shapes } = readServer(tools);
    expect(shapes.get('broadcast')?.idArgument).toBeNull();
    expect(shapes.get('pulse')?.idArgument).toBeNull();
  });
});
