/**
 * An id argument that names its entity by one of several keys, with a sibling argument that says
 * which: `get_alert(identifier, identifierType: 'id' | 'tiny' | 'alias')`, `get_user(user, user_type:
 * 'id' | 'email')`. The sibling's enum lists the keys, and the caller's choice says which field of
 * the entity the value is. Such an argument is an identifier whatever its name: a value no entity
 * holds under that key is a not-found, never something to make up. Pure.
 */
import type { ToolDefinition } from '../domain/registry.js';
import { toNormalName } from '../domain/world-query.js';
import { propertiesOf } from './tool-id-argument.js';

/** The argument that picks which key an id argument is, and the keys its enum offers. */
export interface KeySelector {
  argument: string;
  keys: string[];
}

/** Words that end a selector's name after the id argument's own: `identifierType`, `id_kind`, `userLookupBy`. */
const selectorWords = ['type', 'kind', 'by', 'lookupby', 'field'];

/**
 * The selector of `idArgument` on `tool`, or null when it has none (an enum of at least two keys).
 *
 * @example
 *   toKeySelector(getAlert, 'identifier'); // { argument: 'identifierType', keys: ['id', 'tiny', 'alias'] }
 */
export function toKeySelector(tool: ToolDefinition, idArgument: string | null): KeySelector | null {
  if (idArgument === null) return null;
  const own = toNormalName(idArgument);
  for (const [name, schema] of Object.entries(propertiesOf(tool))) {
    const normal = toNormalName(name);
    if (name === idArgument || !normal.startsWith(own) || !selectorWords.includes(normal.slice(own.length))) continue;
    const keys = Array.isArray(schema.enum) ? schema.enum.filter((value): value is string => typeof value === 'string') : [];
    // Keys, not categories: one of them is the plain id (`alarmType: smoke | fire` is no way to name an alarm).
    if (keys.length >= 2 && keys.some((key) => /(^|[^a-z])id$|^uuid$/.test(key.toLowerCase()) || toNormalName(key) === 'id'))
      return { argument: name, keys };
  }
  return null;
}

/**
 * The field names an entity may hold a selected key under: the key itself, or it with an id word
 * (`tiny` → `tinyId`); null for the plain id, which the entity's id answers.
 *
 * @example
 *   toKeyFields('alias'); // ['alias', 'aliasid']
 */
export function toKeyFields(key: string): string[] | null {
  const normal = toNormalName(key);
  if (normal === 'id' || normal === 'uuid') return null;
  return [normal, `${normal}id`];
}
