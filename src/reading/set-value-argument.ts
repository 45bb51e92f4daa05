/**
 * Whether an argument named in the entity's own words holds the value a tool sets rather than
 * the key of the thing it acts on: `set_corner_radius(nodeId, radius)` sets a radius on a node,
 * `update_list_position(listId, position)` a position on a list. Part of the id argument reading
 * (`tool-id-argument.ts`).
 */
import { toWords } from './entity-words.js';

/** Id suffixes that say an argument is a real identifier (`nodeId`, `issue_iid`). */
const keySuffixes = new Set(['id', 'uuid', 'gid', 'iid', 'uid', 'identifier']);

/**
 * A value, not a key: its schema is no plain string or integer (a number, an enum, an object), or
 * its description gives new content ("New text content", "The patch content to apply"); and
 * another argument is a real id, which then names the thing set on.
 */
export function isSetValue(name: string, properties: Record<string, Record<string, unknown>>): boolean {
  const schema = properties[name];
  if (!schema) return false;
  const others = Object.keys(properties).filter((other) => other !== name);
  if (!others.some((other) => keySuffixes.has(toWords(other).at(-1)!))) return false;
  const type = schema.type;
  // An array may list the things acted on (`set_texts(nodeId, text: [{nodeId, text}])` is a batch).
  if (Array.isArray(schema.enum) || (type !== undefined && !['string', 'integer', 'array'].includes(String(type)))) return true;
  const description = typeof schema.description === 'string' ? schema.description : '';
  return /^(the )?new\b|\b(content|value)\b/i.test(description);
}
