import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { describesNew } from './described-new.js';
import { inferServerShapes } from './tool-operation.js';

const tool = (name: string, description: string, properties: Record<string, unknown> = {}): ToolDefinition => ({
  name,
  description,
  inputSchema: { type: 'object', properties, required: Object.keys(properties) },
});

describe('describesNew', () => {
  it('reads a description that opens with a verb of making and "a new" thing', () => {
    expect(describesNew(tool('x', 'Writes a new tape to the shelf. Fails if it exists.'))).toBe(true);
    expect(describesNew(tool('x', 'Launch a new kiln firing'))).toBe(true);
    expect(describesNew(tool('x', 'Create new labels for a jar'))).toBe(true);
  });

  it('does not read a write, or a "new" further on, as making one', () => {
    expect(describesNew(tool('x', 'Writes a tape, replacing one of the same name.'))).toBe(false);
    expect(describesNew(tool('x', 'Moves the tape to a new shelf'))).toBe(false);
    expect(describesNew(tool('x', 'Start the kiln. A new firing begins.'))).toBe(false);
  });

  it('makes a create of a write or a verbless action whose description says it makes a new one', () => {
    const tools = [
      tool('write_tape', 'Writes a new tape to the shelf. Fails if the tape already exists.', {
        shelf_name: { type: 'string' },
        tape_name: { type: 'string' },
        content: { type: 'string' },
      }),
      tool('write_label', 'Writes the label of a tape, replacing what it said.', {
        tape_name: { type: 'string' },
        text: { type: 'string' },
      }),
      tool('kiln_firing', 'Trigger a new kiln firing', { kiln_id: { type: 'string' } }),
    ];
    const shapes = inferServerShapes(tools);
    expect(shapes.get('write_tape')).toMatchObject({ operation: 'create', entity: 'tape', basis: 'description' });
    expect(shapes.get('write_label')).toMatchObject({ operation: 'update', basis: 'name' });
    expect(shapes.get('kiln_firing')).toMatchObject({ operation: 'create', basis: 'description' });
  });
});
