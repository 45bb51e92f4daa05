/**
 * A search named for no kind of thing (`search_content`, `search_all`, `find_items`) searches what
 * its description says it searches: "Full-text search across page titles and bodies" searches the
 * server's pages, not a `content` type nothing makes (whose answers would be web results). Pure.
 */
import type { ToolDefinition } from '../domain/registry.js';
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
