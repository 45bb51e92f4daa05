import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { inferServerShapes } from './tool-operation.js';

const text = { type: 'string' };
const tool = (name: string, properties: Record<string, unknown>, required: string[] = Object.keys(properties)): ToolDefinition => ({
  name,
  inputSchema: { type: 'object', properties, required },
});

describe('a tool that adds a reference to another entity', () => {
  const tools = [
    tool('get_parcel', { parcel_id: text }),
    tool('list_stickers', {}),
    tool('get_sticker', { sticker_id: text }),
    tool('add_parcel_sticker', { parcel_id: text, sticker_id: text }),
    tool('remove_parcel_sticker', { parcel_id: text, sticker_id: text }),
    tool('attach_stamp', { depot_id: text, stamp_id: text, parcel_id: text }),
    tool('get_depot', { depot_id: text }),
    tool('get_stamp', { stamp_id: text }),
    tool('attach-stickers-to-parcel', { parcel_id: text, stickersToAttach: { type: 'array', items: text } }),
    tool('attach_photo_to_parcel', { parcel_id: text, photo: text }),
    tool('get_depot_courier', { depot_id: text, courier_id: text }),
    tool('remove_depot_courier', { depot_id: text, courier_id: text }),
  ];
  const shapes = inferServerShapes(tools);

  it('adds an existing one named by its id to the list field of the other entity it names', () => {
    expect(shapes.get('add_parcel_sticker')).toMatchObject({
      operation: 'update',
      entity: 'parcel',
      idArgument: 'parcel_id',
      listField: { field: 'stickers', argument: 'sticker_id', remove: false },
    });
    expect(shapes.get('remove_parcel_sticker')).toMatchObject({ operation: 'update', listField: { remove: true } });
  });

  it('attaches to the most specific entity a path names, and reads attach and detach as adding and removing', () => {
    expect(shapes.get('attach_stamp')).toMatchObject({ operation: 'update', entity: 'parcel', idArgument: 'parcel_id' });
    expect(shapes.get('attach-stickers-to-parcel')).toMatchObject({
      operation: 'update',
      entity: 'parcel',
      listField: { argument: 'stickersToAttach' },
    });
  });

  it('creates what attach is given as content, and deletes a child read under its parent', () => {
    expect(shapes.get('attach_photo_to_parcel')?.operation).toBe('create');
    expect(shapes.get('remove_depot_courier')).toMatchObject({ operation: 'delete', entity: 'courier', idArgument: 'courier_id' });
  });
});

describe('a tool that adds text the caller writes to another entity', () => {
  const tools = [
    tool('get_ticket', { ticket_id: text }),
    tool('add_ticket_remark', { ticket_id: text, remark: { ...text, description: 'The remark content' } }),
    tool('add_ticket_tag', { ticket_id: text, tag: { ...text, description: 'Tag to add' } }),
  ];
  const shapes = inferServerShapes(tools);

  it('reads it as a create of that text under the entity, not an update of the entity', () => {
    expect(shapes.get('add_ticket_remark')).toMatchObject({ operation: 'create' });
    expect(shapes.get('add_ticket_remark')?.entity).not.toBe('ticket');
  });

  it('keeps a plain value it attaches an update of the entity', () => {
    expect(shapes.get('add_ticket_tag')).toMatchObject({ operation: 'update', entity: 'ticket' });
  });
});
