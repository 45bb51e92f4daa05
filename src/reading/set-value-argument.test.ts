import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { readServer } from './read-server.js';
import { isSetValue } from './set-value-argument.js';

const tool = (name: string, properties: Record<string, Record<string, unknown>>, required = Object.keys(properties)): ToolDefinition => ({
  name,
  description: `${name.replace(/_/g, ' ')}.`,
  inputSchema: { type: 'object', properties, required },
});
const text = { type: 'string' };

describe('an argument in the entity’s words that holds the value a tool sets', () => {
  const model = readServer([
    tool('list_shapes', {}),
    tool('set_border_width', { shapeId: { ...text, description: 'The ID of the shape' }, width: { type: 'number' } }),
    tool('set_fill_mode', { shapeId: text, mode: { type: 'string', enum: ['SOLID', 'NONE'] } }),
    tool('set_caption_text', { shapeId: text, text: { ...text, description: 'New caption text' } }),
    tool('update_lane_order', { laneId: text, order: { ...text, description: 'New order: "first" or "last"' } }),
    tool('get_branch', { repo_id: text, branch: text }),
    tool('update_note_body', { note_id: text, body: { ...text, description: 'The body content' } }),
  ]);

  it.each([
    ['set_border_width', 'shapeId'],
    ['set_fill_mode', 'shapeId'],
    ['set_caption_text', 'shapeId'],
    ['update_lane_order', 'laneId'],
    ['update_note_body', 'note_id'],
  ])('reads %s as acting on %s, not on the value it sets', (name, id) => {
    expect(model.shapes.get(name)?.idArgument).toBe(id);
  });

  it('keeps a plain string in the entity’s words the key (a branch by its name)', () => {
    expect(model.shapes.get('get_branch')?.idArgument).toBe('branch');
  });

  it('keeps an array a list of what is acted on, and a value with no real id beside it the key', () => {
    const properties = { nodeId: text, text: { type: 'array', items: text }, width: { type: 'number' } };
    expect(isSetValue('text', properties)).toBe(false);
    expect(isSetValue('width', properties)).toBe(true);
    expect(isSetValue('width', { width: { type: 'number' }, name: text })).toBe(false);
  });
});

describe('an update named for a field with a numbered enum', () => {
  it('reads the number as a level set like any value, not a state moved to', () => {
    const model = readServer([
      tool('list_tickets', {}),
      tool('set_ticket_urgency', { ticketId: text, urgency: { type: 'number', enum: [0, 1, 2, 3] } }),
      tool('set_ticket_phase', { ticketId: text, phase: { type: 'string', enum: ['open', 'done'] } }),
    ]);
    expect(model.shapes.get('set_ticket_urgency')?.idArgument).toBe('ticketId');
    expect(model.kindOf('set_ticket_urgency').kind).toBe('update');
    expect(model.kindOf('set_ticket_phase').kind).toBe('transition');
  });
});
