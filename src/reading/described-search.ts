/**
 * A search named for no kind of thing (`search_content`, `search_all`, `find_items`) searches what
 * its description says it searches: "Full-text search across page titles and bodies" searches the
 * server's pages, not a `content` type nothing makes (whose answers would be web results). Pure.
 */
import type { ToolDefinition } from '../domain/registry.js';
import { isPlural, toWords } from './entity-words.js';
import { propertiesOf, requiredOf } from './tool-id-argument.js';
import type { ToolShape } from './tool-shape.js';

/** Words that name no kind of thing a service keeps: a search for them searches what its description names. */
const genericWords = new Set([
  'content',
  'contents',
  'item',
  'items',
  'all',
  'everything',
  'text',
  'data',
  'result',
  'results',
  'anything',
]);

/**
 * The search's shape with the entity its description names, when its own entity is a generic
 * word no other tool acts on and the description names exactly one entity the server's other
 * tools make, read or list; any other shape unchanged.
 *
 * @example
 *   withDescribedSearch(shapes.get('search_content')!, searchContent, shapes).entity; // 'page'
 */
export function withDescribedSearch(shape: ToolShape, tool: ToolDefinition, shapes: ReadonlyMap<string, ToolShape>): ToolShape {
  if (shape.operation !== 'search' || !genericWords.has(shape.entity) || typeof tool.description !== 'string') return shape;
  const others = [...shapes.values()].filter((other) => other.tool !== tool.name);
  if (others.some((other) => other.entity === shape.entity)) return shape;
  const kept = new Set(
    others.filter((other) => ['create', 'read', 'list'].includes(other.operation) && other.entity !== 'item').map((other) => other.entity),
  );
  const sentence = tool.description.toLowerCase();
  const named = [...kept].filter((entity) => new RegExp(`\\b${entity.split('_').join('[ _-]')}s?\\b`).test(sentence));
  return named.length === 1 ? { ...shape, entity: named[0]! } : shape;
}

const articles = new Set(['a', 'an', 'the', 'all', 'any']);

/**
 * Whether a description starts by searching: "Search for a book by its title", "Searches
 * teams by a query", "Find stories containing a link" (a find of a plural; "Find a contact by
 * email" reads one). A read or list named `get_*_by_title` so described searches.
 *
 * @example
 *   startsAsSearch({ description: 'Search for a book by its title.', inputSchema: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] } }); // true
 *   startsAsSearch({ description: 'Find all lists containing a record', inputSchema: { type: 'object', properties: { recordId: { type: 'string' } } } }); // false
 */
export function startsAsSearch(tool: Pick<ToolDefinition, 'description' | 'inputSchema'>): boolean {
  // What it searches by is text it is given (`title`, `query`), not the id of what it looks under ("Find all lists containing a record").
  if (!takesText(tool)) return false;
  const words = (tool.description ?? '').trim().toLowerCase().split(/\s+/);
  const first = words[0] ?? '';
  if (first === 'search' || first === 'searches') return true;
  if (first !== 'find' && first !== 'finds') return false;
  const noun = words.slice(1).find((word) => !articles.has(word)) ?? '';
  return isPlural(noun.replace(/[^a-z]/g, ''));
}

const idWords = new Set(['id', 'ids', 'uuid', 'uid', 'gid', 'iid', 'key', 'number', 'identifier']);

const queryNames = new Set(['query', 'q', 'search', 'term', 'keyword', 'keywords']);

/** Whether a tool must be given a string that is no id (a title, a name), or takes a free-text query. */
function takesText(tool: Pick<ToolDefinition, 'inputSchema'>): boolean {
  const required = requiredOf(tool);
  return Object.entries(propertiesOf(tool)).some(
    ([name, schema]) =>
      schema.type === 'string' && (queryNames.has(name.toLowerCase()) || (required.has(name) && !idWords.has(toWords(name).at(-1) ?? ''))),
  );
}
