import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { readServer } from './read-server.js';

const tool = (name: string, description: string, properties: Record<string, Record<string, unknown>> = {}): ToolDefinition => ({
  name,
  description,
  inputSchema: { type: 'object', properties, required: Object.keys(properties) },
});
const text = { type: 'string' };

describe('a tool whose description says it answers a rendered image', () => {
  const model = readServer([
    tool('list_slides', 'List slides.'),
    tool('draw_slide', 'Render one slide of a deck as a PNG image', { slideId: text }),
    tool('export_shape', 'Export a shape as an image', { shapeId: text }),
    tool('get_pictures', 'Get images for shapes in a deck', { deckKey: text, ids: { type: 'array', items: text } }),
    tool('get_thumb', 'Gallery Tool - Get thumbnail preview from url.', { url: text }),
    tool('export_container_image', 'Export an image as a tar archive', { image: text }),
    tool('get_image', 'Get image details by its tag', { tag: text }),
  ]);

  it.each(['draw_slide', 'export_shape', 'get_pictures', 'get_thumb'])('answers %s as a screenshot', (name) => {
    expect(model.kindOf(name).kind).toBe('screenshot');
  });

  it('keeps an export to an archive, or a read of an image record, what its verb says', () => {
    expect(model.kindOf('export_container_image').kind).not.toBe('screenshot');
    expect(model.kindOf('get_image').kind).not.toBe('screenshot');
  });

  it('answers data where the tool declares an output schema', () => {
    const declared = { ...tool('export_shape', 'Export a shape as an image', { shapeId: text }), outputSchema: { type: 'object' } };
    expect(readServer([declared]).kindOf('export_shape').kind).not.toBe('screenshot');
  });
});
