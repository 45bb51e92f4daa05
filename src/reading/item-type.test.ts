import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { namesItemType } from './item-type.js';

const tool = (name: string, ...properties: string[]): ToolDefinition => ({
  name,
  inputSchema: { type: 'object', properties: Object.fromEntries(properties.map((property) => [property, { type: 'string' }])) },
});

describe('namesItemType', () => {
  it('takes items for a type where tools are named for them and take an item id', () => {
    expect(namesItemType([tool('create_item', 'boardId', 'name'), tool('move_item_to_group', 'itemId', 'groupId')])).toBe(true);
    expect(namesItemType([tool('get-items'), tool('update-item', 'item_id')])).toBe(true);
  });

  it('keeps item the generic word where no tool takes an item id, or no tool is named for items', () => {
    expect(namesItemType([tool('create', 'title'), tool('delete', 'id')])).toBe(false);
    expect(namesItemType([tool('create_item', 'title'), tool('delete_item', 'id')])).toBe(false);
    expect(namesItemType([tool('attach_tag', 'item_id', 'tag_id')])).toBe(false);
  });
});
