/**
 * Tools that change or delete every entity of a kind their arguments select, with no id:
 * `mark_all_todos_done`, `linear_markAllNotificationsAsRead`, `bulk_mark_read(sender)`,
 * `delete_all_drafts`. The name says so (`all`, `bulk`), and the verb sets a state or deletes:
 * a plain `update_all_settings` merges into one object, not into each of many.
 */
import type { ToolDefinition } from '../domain/registry.js';
import { toWords } from './entity-words.js';
import type { ToolOperation } from './tool-verbs.js';

const everyWords = new Set(['all', 'bulk']);

/**
 * Whether an update or delete with no id argument acts on each entity its arguments select.
 *
 * @example
 *   namesEvery({ name: 'mark_all_todos_done', inputSchema }, 'update', { state: 'done' }); // true
 *   namesEvery({ name: 'update_all_settings', inputSchema }, 'update', {});                // false
 */
export function namesEvery(tool: Pick<ToolDefinition, 'name'>, operation: ToolOperation, sets: Readonly<Record<string, unknown>>): boolean {
  if (!toWords(tool.name).some((word) => everyWords.has(word))) return false;
  return operation === 'delete' || (operation === 'update' && Object.keys(sets).length > 0);
}
