/**
 * A read named for one thing that takes a page of the answer lists: `show_mdss(limit, offset)`,
 * `show_vpn_communities_star(limit, offset, filter)`. Paging belongs to the method that lists a
 * collection (Google's API design guide gives `page_size` and `page_token` to List alone, and REST
 * APIs page collections, never one resource), so a read given no id of its entity and asked for a
 * page size, an offset or a cursor answers many, whatever number its name has. Pure.
 */
import type { ToolDefinition } from '../domain/registry.js';
import { isPagingArgument } from '../domain/world-query.js';
import { propertiesOf } from './tool-id-argument.js';

/**
 * The paging argument that makes a read without an id a list, or null.
 *
 * @example
 *   pagingArgument({ name: 'show_mdss', inputSchema: { type: 'object', properties: { limit: { type: 'number' } } } }); // 'limit'
 *   pagingArgument({ name: 'get_board', inputSchema: { type: 'object', properties: { board_id: { type: 'string' } } } }); // null
 */
export function pagingArgument(tool: ToolDefinition): string | null {
  return Object.keys(propertiesOf(tool)).find(isPagingArgument) ?? null;
}
