import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { describedArchiveFlag } from './archive-flag.js';
import { inferServerShapes } from './tool-operation.js';

const text = { type: 'string' };
const tool = (name: string, properties: Record<string, unknown>, description?: string): ToolDefinition => ({
  name,
  ...(description ? { description } : {}),
  inputSchema: { type: 'object', properties, required: Object.keys(properties).slice(0, 1) },
});

/** A pinboard whose shelves are archived by `hidden`, as its update says; its pins have no flag of their own. */
const pinboard = [
  tool('create_shelf', { name: text }),
  tool('update_shelf', { shelf_id: text, name: text, hidden: { type: 'boolean', description: 'Whether to hide (archive) the shelf' } }),
  tool('archive_shelf', { shelf_id: text }),
  tool('create_pin', { shelf_id: text, title: text }),
  tool('archive_pin', { pin_id: text }),
  tool('unarchive_pin', { pin_id: text }),
  tool('list_pins', { shelf_id: text, showHidden: { type: 'boolean', description: 'Include archived pins' } }),
];

describe('describedArchiveFlag', () => {
  it('reads the boolean a write describes as archiving, not a list option that shows archived ones', () => {
    expect(describedArchiveFlag(pinboard, inferServerShapes(pinboard))).toBe('hidden');
  });

  it('finds none where no write describes one', () => {
    const plain = [tool('create_pin', { title: text }), tool('archive_pin', { pin_id: text }), tool('get_pin', { pin_id: text })];
    expect(describedArchiveFlag(plain, inferServerShapes(plain))).toBeNull();
  });
});

describe('archive verbs on a server that archives by another word', () => {
  it('set that word, both ways', () => {
    const shapes = inferServerShapes(pinboard);
    expect(shapes.get('archive_pin')!.sets).toEqual({ hidden: true });
    expect(shapes.get('unarchive_pin')!.sets).toEqual({ hidden: false });
    expect(shapes.get('archive_shelf')!.sets).toEqual({ hidden: true });
  });

  it('keep `archived` where the entity has a flag of that name', () => {
    const own = [...pinboard, tool('update_pin', { pin_id: text, archived: { type: 'boolean' } })];
    expect(inferServerShapes(own).get('archive_pin')!.sets).toEqual({ archived: true });
  });
});

describe('archive verbs on a server that keeps archiving in a status', () => {
  it('set the state where the archive tool says it sets the status, or a status argument holds archived', () => {
    const described = [
      tool('create_customer', { name: text }),
      tool('archive_customer', { customer_id: text }, "Archive a customer. Sets their status to 'archived'."),
    ];
    expect(inferServerShapes(described).get('archive_customer')!.sets).toEqual({ state: 'archived' });
    const constant = [
      tool('update_customer', { customer_id: text, status: { type: 'string', const: 'archived' } }),
      tool('archive_customer', { customer_id: text }),
    ];
    expect(inferServerShapes(constant).get('archive_customer')!.sets).toEqual({ state: 'archived' });
  });
});
