/**
 * Tools that change or delete every entity of a kind their arguments select, with no id:
 * `mark_all_todos_done`, `linear_markAllNotificationsAsRead`, `bulk_mark_read(sender)`,
 * `delete_all_drafts`. The name says so (`all`, `bulk`), or the description's first verb is
 * followed by a word for all of them ("Delete all emails older than ...", "Revoke all sessions",
 * "Clear the entire cart"), and the verb sets a state or deletes: a plain `update_all_settings`
 * merges into one object, not into each of many.
 */
import type { ToolDefinition } from '../domain/registry.js';
import { toWords } from './entity-words.js';
import { toVerbMeaning, type ToolOperation } from './tool-verbs.js';

const everyWords = new Set(['all', 'bulk']);
/** A verb, perhaps after an adverb ("Permanently delete"), then a word for all of them. */
const describedEvery = /^(?:[a-z]+ly\s+)?([a-z]+)\s+(?:all|every|the\s+entire|the\s+whole)\b/i;

/**
 * Whether an update or delete with no id argument acts on each entity its arguments select.
 *
 * @example
 *   namesEvery({ name: 'mark_all_todos_done', inputSchema }, 'update', { state: 'done' }); // true
 *   namesEvery({ name: 'update_all_settings', inputSchema }, 'update', {});                // false
 */
export function namesEvery(
  tool: Pick<ToolDefinition, 'name' | 'description'>,
  operation: ToolOperation,
  sets: Readonly<Record<string, unknown>>,
): boolean {
  if (!toWords(tool.name).some((word) => everyWords.has(word)) && describedEveryVerb(tool) === null) return false;
  return operation === 'delete' || (operation === 'update' && Object.keys(sets).length > 0);
}

/**
 * The operation of a description that says the tool acts on all of them, or null: the verb
 * table's meaning of its first verb ("Revoke all sessions": delete), whatever the name says
 * (`logout_all_sessions` has no verb the table knows).
 *
 * @example
 *   describedEveryVerb({ description: 'Permanently delete all emails in the trash' }); // 'delete'
 *   describedEveryVerb({ description: 'List all projects' });                         // 'list'
 */
export function describedEveryVerb(tool: Pick<ToolDefinition, 'description'>): ToolOperation | null {
  const verb = describedEvery.exec((tool.description ?? '').trim())?.[1]?.toLowerCase();
  if (verb === undefined) return null;
  // "Deletes all", "Pushes all": the verb as the table has it.
  return (toVerbMeaning(verb) ?? toVerbMeaning(verb.replace(/s$/, '')) ?? toVerbMeaning(verb.replace(/es$/, '')))?.operation ?? null;
}
