import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { inferServerShapes } from './tool-operation.js';

const text = { type: 'string' };
const tool = (name: string, properties: Record<string, unknown>, required: string[]): ToolDefinition => ({
  name,
  inputSchema: { type: 'object', properties, required },
});

describe('the id argument of a tool whose method argument picks the operation', () => {
  it('is the argument most of its choices that name one take', () => {
    const shapes = inferServerShapes([
      tool(
        'greenhouses',
        {
          operation: { type: 'string', enum: ['list', 'get', 'update', 'delete', 'list_vents', 'update_vent'] },
          id: { ...text, description: 'Greenhouse UUID' },
          vent_id: text,
        },
        ['operation'],
      ),
    ]);
    const shape = shapes.get('greenhouses')!;
    expect(shape.dispatch?.argument).toBe('operation');
    expect(shape).toMatchObject({ entity: 'greenhouse', idArgument: 'id' });
    expect(shape.dispatch?.choices['update_vent']).toMatchObject({ idArgument: 'vent_id' });
  });

  it('is none where only choices on another entity name one', () => {
    const shapes = inferServerShapes([
      tool('sheds', { action: { type: 'string', enum: ['list', 'get_hinge', 'delete_hinge'] }, hinge_id: text }, ['action']),
    ]);
    expect(shapes.get('sheds')?.dispatch?.choices['get_hinge']).toMatchObject({ entity: 'hinge', idArgument: 'hinge_id' });
    expect(shapes.get('sheds')).toMatchObject({ idArgument: null });
  });
});
