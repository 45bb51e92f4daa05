/**
 * A type no tool types the id of takes the ids the service's other types have: FreshBooks'
 * `create_time_entry(date, duration_hours, project_id)` takes no time entry id and no tool returns
 * one by schema, yet every other id of the server (`client_id`, `invoice_id`, `project_id`) is an
 * integer, so a time entry is `7`, not `time_entry_7`. A service gives all its records ids from one
 * scheme (one database's autoincrement, or one kind of opaque key), so where nothing says
 * otherwise a type's ids are what its siblings' are. Read once per service model (id-traits.ts).
 */
import type { ToolDefinition } from '../domain/registry.js';
import type { ToolShape } from './tool-shape.js';
import { idTypesOf, isMostlyNumbers } from './numeric-ids.js';

/**
 * Whether the server's other types have numbers for ids: two at least whose ids the tools type, and every one of them numbers.
 *
 * @example
 *   toServiceNumericIds(tools, shapes); // true where invoice_id and client_id are integers and no typed id is text
 */
export function toServiceNumericIds(tools: readonly ToolDefinition[], shapes: ReadonlyMap<string, ToolShape>): boolean {
  const entities = new Set([...shapes.values()].map((shape) => shape.entity));
  let typed = 0;
  for (const entity of entities) {
    if (entity === 'item') continue;
    const types = idTypesOf(tools, shapes, entity);
    if (types.length === 0) continue;
    if (!isMostlyNumbers(types)) return false;
    typed += 1;
  }
  return typed >= 2;
}
