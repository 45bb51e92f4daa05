/**
 * A wrapper names its things in its own words and writes the service's word beside them:
 * "Fetch a single expense (Purchase) by ID", "Get Linear saved views (API: CustomView)". The
 * entity is the service's word (`purchase`, `custom_view`), for every tool of the server that reads
 * the same entity, as the service's records and ids are of that type. The word in brackets must
 * follow the entity's own words and be one capitalised name (`(API: updateCustomView)` loses its
 * verb), so "(optional)" or "(ID)" never name a type. Part of the server-wide pass (server-types.ts). Pure.
 */
import type { ToolDefinition } from '../domain/registry.js';
import { toSingular, toWords } from './entity-words.js';
import type { ToolShape } from './tool-shape.js';
import { toVerbMeaning } from './tool-verbs.js';

/**
 * The shapes with each entity the descriptions name in the service's own word re-read as that word.
 *
 * @example
 *   withApiTypeNames(tools, shapes).get('get_expense')?.entity; // 'purchase' where it says "Fetch a single expense (Purchase) by ID"
 */
export function withApiTypeNames(
  tools: readonly ToolDefinition[],
  shapes: ReadonlyMap<string, ToolShape>,
  corrected: (name: string) => boolean,
): Map<string, ToolShape> {
  const named = new Map<string, string>();
  for (const tool of tools) {
    const shape = shapes.get(tool.name);
    if (!shape || shape.dispatch || corrected(tool.name)) continue;
    const name = toApiTypeName(shape.entity, tool.description ?? '');
    if (name !== null && name !== shape.entity && !named.has(shape.entity)) named.set(shape.entity, name);
  }
  if (named.size === 0) return new Map(shapes);
  const result = new Map(shapes);
  for (const [name, shape] of shapes) {
    const type = named.get(shape.entity);
    if (type === undefined || shape.dispatch || corrected(name)) continue;
    const why = `the service's word for ${shape.entity.replace(/_/g, ' ')}, as the server's descriptions write it in brackets after it`;
    result.set(name, { ...shape, entity: type, entityWhy: why });
  }
  return result;
}

/**
 * The service's word a description writes in brackets right after the entity's words, or null.
 *
 * @example
 *   toApiTypeName('saved_view', 'Update a Linear saved view (API: updateCustomView).'); // 'custom_view'
 *   toApiTypeName('expense', 'Create an expense (optional).'); // null
 */
export function toApiTypeName(entity: string, description: string): string | null {
  const entityWords = entity.split('_');
  for (const match of description.matchAll(/([A-Za-z][A-Za-z ]*?)\s*\((?:API:\s*)?([A-Za-z]+)\)/g)) {
    const before = toWords(match[1]!).map(toSingular).slice(-entityWords.length);
    if (before.join('_') !== entity) continue;
    const words = toWords(match[2]!);
    // `updateCustomView` names the type after its verb; a bare name must be capitalised (`Purchase`).
    const type = toVerbMeaning(words[0]!) !== undefined && /^[a-z]/.test(match[2]!) ? words.slice(1) : words;
    if (type.length === 0 || !/^[A-Z][a-z]/.test(match[2]!.replace(/^[a-z]+/, ''))) continue;
    return type.map(toSingular).join('_');
  }
  return null;
}
