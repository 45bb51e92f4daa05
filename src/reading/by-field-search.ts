/**
 * A read of many named for the field it picks them by searches: `get_emails_by_sender(sender)`,
 * `get_emails_by_date_range(start, end)`, `get_authors_by_name(name)`. A read verb, a plural
 * noun and `by` a field that is neither an id (`get_cards_by_list_id` lists a list's cards) nor
 * a kind of thing the server keeps (`get_issues_by_project` lists a project's issues). A list
 * verb keeps its list (`list_users_by_org`), and a singular read by a field stays a read
 * (`get_checklist_by_name`). Pure.
 */
import type { ToolDefinition } from '../domain/registry.js';
import { isPlural, toFullWord, toSingular, toWords } from './entity-words.js';
import type { ToolShape } from './tool-shape.js';
import { toVerbMeaning } from './tool-verbs.js';

/** Last words of a field that name one thing by its id: what is picked by one is listed under it. */
const idWords = new Set(['id', 'ids', 'uid', 'uuid', 'gid', 'iid', 'key', 'number', 'slug', 'handle', 'identifier', 'sha']);

/**
 * The shape as a search when the tool reads many by a field, else unchanged.
 *
 * @example
 *   withByFieldSearch(shapes.get('get_emails_by_sender')!, getEmailsBySender, entities).operation; // 'search'
 */
export function withByFieldSearch(shape: ToolShape, tool: ToolDefinition, entities: ReadonlySet<string>): ToolShape {
  if (shape.operation !== 'list' || shape.basis !== 'name' || shape.dispatch) return shape;
  const words = toWords(tool.name);
  const by = words.indexOf('by');
  const verb = words.slice(0, Math.max(by, 0)).findIndex((word) => toVerbMeaning(word)?.operation === 'read');
  if (by === -1 || verb === -1 || by === words.length - 1 || !isPlural(words[by - 1]!)) return shape;
  const field = words.slice(by + 1);
  if (idWords.has(field.at(-1)!)) return shape;
  const kept = (run: readonly string[]) => entities.has(run.map((word) => toFullWord(toSingular(word))).join('_'));
  if (kept(field) || field.some((word) => kept([word]))) return shape;
  return { ...shape, operation: 'search' };
}
