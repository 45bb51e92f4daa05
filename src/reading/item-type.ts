/**
 * When `item` is a type of the service and not the reader's word for a name with no noun. A tool
 * whose name has no noun (`create`, `get_details`) is read as acting on a generic `item`, which no
 * service model keeps. But a service may call its records items (monday.com's boards hold items:
 * `create_item`, `delete_item`, `move_item_to_group(itemId, groupId)`): there the tools name items
 * in their names and take them by an item id (`itemId`, `item_id`, `parentItemId`), and items are a
 * type with parents and states like any other.
 */
import { toWords } from './entity-words.js';
import type { ToolDefinition } from '../domain/registry.js';

/** An argument that names an item by its id: `itemId`, `item_id`, `parentItemId`, `item_ids`. */
const itemIdArgument = /(?:^|_)item_ids?$/;

/**
 * Whether the server's tools make `item` a type of their own: named in tool names and taken by an item id.
 *
 * @example
 *   namesItemType(mondayTools); // true: create_item, delete_item(itemId)
 *   namesItemType([{ name: 'create', inputSchema: { type: 'object', properties: { title: { type: 'string' } } } }]); // false
 */
export function namesItemType(tools: readonly ToolDefinition[]): boolean {
  const named = tools.some((tool) => toWords(tool.name).some((word) => word === 'item' || word === 'items'));
  return (
    named &&
    tools.some((tool) => Object.keys(tool.inputSchema.properties ?? {}).some((name) => itemIdArgument.test(toWords(name).join('_'))))
  );
}
