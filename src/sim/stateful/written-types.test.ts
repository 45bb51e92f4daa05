import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../../domain/registry.js';
import { inferServerShapes } from '../../reading/tool-operation.js';
import { isWrittenType } from './written-types.js';

const text = { type: 'string' };
const tool = (name: string, properties: Record<string, unknown>): ToolDefinition => ({
  name,
  inputSchema: { type: 'object', properties, required: Object.keys(properties) },
});
const written = (tools: ToolDefinition[], read: string) => {
  const shapes = inferServerShapes(tools);
  return isWrittenType({ shape: shapes.get(read)!, shapes });
};

describe('isWrittenType', () => {
  it('is true for a type an upsert of the server writes, read by a plain name', () => {
    const notebook = [
      tool('notebook_write', { book: text, fileName: text, body: text }),
      tool('notebook_read', { book: text, fileName: text }),
    ];
    expect(written(notebook, 'notebook_read')).toBe(true);
  });

  it('is true for a type a create makes', () => {
    const shelf = [tool('create_recipe', { title: text }), tool('get_recipe', { title: text })];
    expect(written(shelf, 'get_recipe')).toBe(true);
  });

  it('is false for a type no tool writes: reference data the service only shows', () => {
    const weather = [tool('get_forecast', { city: text }), tool('list_cities', {})];
    expect(written(weather, 'get_forecast')).toBe(false);
  });
});
