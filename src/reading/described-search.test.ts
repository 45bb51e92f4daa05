import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { inferServerShapes } from './tool-operation.js';

const text = { type: 'string' };
const tool = (name: string, description: string, properties: Record<string, unknown> = {}): ToolDefinition => ({
  name,
  description,
  inputSchema: { type: 'object', properties },
});

describe('searches named for no kind of thing', () => {
  const notes = [
    tool('create_note', 'Create a note in a notebook.', { notebook_id: text, title: text, body: text }),
    tool('list_notebooks', 'List the notebooks.'),
    tool('search_everything', 'Search the words of every note.', { text }),
    tool('search_items', 'Search notes and notebooks by their words.', { text }),
  ];
  const shapes = inferServerShapes(notes);

  it('searches the one entity of the server its description names', () => {
    expect(shapes.get('search_everything')).toMatchObject({ operation: 'search', entity: 'note' });
  });

  it('keeps its own word when the description names several entities', () => {
    expect(shapes.get('search_items')?.entity).not.toBe('note');
    expect(shapes.get('search_items')?.entity).not.toBe('notebook');
  });

  it('leaves a search named for an entity as its name reads it', () => {
    const named = inferServerShapes([...notes, tool('search_notebooks', 'Search notebooks that hold a note.', { text })]);
    expect(named.get('search_notebooks')?.entity).toBe('notebook');
  });
});
