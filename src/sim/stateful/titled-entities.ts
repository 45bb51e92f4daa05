/**
 * Whether a service calls what names an entity its `title`: a tool of the entity takes a `title`,
 * sorts by `TITLE` (Shopify's `get-products(sortKey: TITLE)`) or says its search matches a title
 * (Calibre's `search_books`: 'title:"The Spell of the Yukon"'), and none takes or sorts by a `name`.
 * Entities the simulator makes up for such a service carry a `title`, as the service's answers do.
 */
import type { ToolDefinition } from '../../domain/registry.js';
import type { ToolShape } from '../../reading/tool-shape.js';

/** By server tool list, then entity. */
const cache = new WeakMap<readonly ToolDefinition[], Map<string, boolean>>();

/**
 * @example
 *   isTitledEntity(tools, shapes, 'product'); // true where get-products(sortKey: 'ID' | 'TITLE' | 'VENDOR')
 */
export function isTitledEntity(tools: readonly ToolDefinition[], shapes: ReadonlyMap<string, ToolShape>, entity: string): boolean {
  let byEntity = cache.get(tools);
  if (!byEntity) cache.set(tools, (byEntity = new Map()));
  let titled = byEntity.get(entity);
  if (titled === undefined) byEntity.set(entity, (titled = readTitled(tools, shapes, entity)));
  return titled;
}

function readTitled(tools: readonly ToolDefinition[], shapes: ReadonlyMap<string, ToolShape>, entity: string): boolean {
  let title = false;
  for (const tool of tools) {
    const shape = shapes.get(tool.name);
    const choices = shape?.dispatch ? Object.values(shape.dispatch.choices) : shape ? [shape] : [];
    if (!choices.some((choice) => choice.entity === entity)) continue;
    const words = schemaWords(tool.inputSchema);
    if (words.has('name')) return false;
    if (words.has('title') || /\btitle\b/i.test(tool.description ?? '')) title = true;
  }
  return title;
}

/** The property names and string enum values of a schema, lower-cased, at any depth. */
function schemaWords(schema: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) for (const item of schema) schemaWords(item, into);
  else if (schema !== null && typeof schema === 'object') {
    for (const [key, value] of Object.entries(schema as Record<string, unknown>)) {
      if (key === 'properties' && value !== null && typeof value === 'object')
        for (const name of Object.keys(value)) into.add(name.toLowerCase());
      if (key === 'enum' && Array.isArray(value)) for (const item of value) if (typeof item === 'string') into.add(item.toLowerCase());
      if (key !== 'description') schemaWords(value, into);
    }
  }
  return into;
}
