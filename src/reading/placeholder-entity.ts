/**
 * A placeholder noun (`data`, `info`, `information`, `details`) names no entity: it is the data
 * of the noun written before it. `get_project_data(project_id)` reads a project, `index_data`
 * "Index data." an index, `prometheus_build_info` "Get Prometheus build information" a build.
 * The word before the placeholder is that noun where it is no verb, or where the description
 * writes it before a placeholder as a noun phrase ("build information"): `export_data` "Export
 * query results" exports, and keeps its reading. Pure.
 */
import type { ToolDefinition } from '../domain/registry.js';
import { toFullEntityWord, toSingular, toWords } from './entity-words.js';
import { toVerbMeaning } from './tool-verbs.js';
import type { ToolShape } from './tool-shape.js';

const placeholders = new Set(['data', 'info', 'information', 'details', 'detail']);

/**
 * The noun whose data the tool's name reads, as the entity, with why; the shape as it is where its
 * entity is a noun of its own or the name writes none before its placeholder.
 *
 * @example
 *   withPlaceholderOwner({ ...shape, entity: 'data' }, { name: 'get_project_data', ... }, new Set()).entity; // 'project'
 */
export function withPlaceholderOwner(
  shape: ToolShape,
  tool: ToolDefinition,
  serviceWords: ReadonlySet<string>,
  types: ReadonlySet<string>,
): ToolShape {
  if (shape.dispatch || (shape.entity !== 'item' && !placeholders.has(shape.entity))) return shape;
  const words = toWords(tool.name).filter((word) => !serviceWords.has(word));
  const at = words.findLastIndex((word) => placeholders.has(word));
  if (at < 1) return shape;
  // The description's words, without the tool's own name where it repeats it ("call analyze_data").
  const described = toWords((tool.description ?? '').split(tool.name).join(' . '));
  const writesAsNoun = (word: string) => described.some((other, index) => other === word && placeholders.has(described[index + 1] ?? ''));
  const nouns: string[] = [];
  for (let index = at - 1; index >= 0; index--) {
    const word = words[index]!;
    if (toVerbMeaning(word) !== undefined && !writesAsNoun(word)) break;
    nouns.unshift(word);
  }
  if (nouns.length === 0) return shape;
  const entity = [...nouns.slice(0, -1), toFullEntityWord(toSingular(nouns[nouns.length - 1]!))].join('_');
  // The noun is the server's (another tool keeps it), or the description writes it as the placeholder's owner ("Index data.").
  if (!types.has(entity) && !writesAsNoun(nouns[nouns.length - 1]!)) return shape;
  return {
    ...shape,
    entity,
    entityWhy: `"${words[at]}" of the name is a placeholder that names no entity: it is the ${words[at]} of the ${entity.replace(/_/g, ' ')} written before it`,
  };
}
