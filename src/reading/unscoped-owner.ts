/**
 * `get-product-variants(first, after, query)` read as `variant`: the first reading drops a leading
 * word that is another tool's entity as the owner (`get_card_comments(cardId)` lists a card's
 * comments). Where the tool takes no argument that names that owner, nothing scopes the list to
 * one of them: the service's word is the whole compound (`product_variant`), which no tool keeps
 * by its last word alone. Part of the server-wide pass (server-types.ts). Pure.
 */
import type { ToolDefinition } from '../domain/registry.js';
import type { AgreedObject } from './agreed-object.js';
import { toFullWord, toSingular, toWords } from './entity-words.js';
import { toArgumentStems } from './owned-entity.js';
import type { ToolShape } from './tool-shape.js';
import { toVerbMeaning } from './tool-verbs.js';

/**
 * The compound of the owner the name writes before the entity and the entity, where no argument
 * of the tool names that owner and no other tool keeps the entity alone; null otherwise.
 *
 * @example
 *   toUnscopedOwner({ ...shape, entity: 'variant' }, tool('list_product_variants', { first: number }), types, kept); // { type: 'product_variant', … }
 */
export function toUnscopedOwner(
  shape: ToolShape,
  tool: ToolDefinition,
  types: ReadonlySet<string>,
  kept: (type: string) => boolean,
): AgreedObject | null {
  if (shape.dispatch || kept(shape.entity)) return null;
  const words = toWords(tool.name).map((word) => toFullWord(toSingular(word)));
  const entity = shape.entity.split('_');
  const at = words.findIndex((_, start) => entity.every((word, offset) => words[start + offset] === word));
  // The owner is the longest run of words before the entity that is a type (`metafield_definition` of `metafield_definition_types`); never the name's verb (`list` of `list_workspaces`).
  const start = [at - 2, at - 1].find(
    (from) => from >= 0 && types.has(words.slice(from, at).join('_')) && (from > 0 || toVerbMeaning(words[0]!) === undefined),
  );
  if (start === undefined) return null;
  const owner = words.slice(start, at).join('_');
  const stems = toArgumentStems(tool);
  // An argument that names the owner (`productId`, `product`) scopes the tool to one of them: the entity stays its own.
  if ([...stems].some((stem) => stem === owner || owner.split('_').some((word) => stem.split('_').includes(word)))) return null;
  const type = `${owner}_${shape.entity}`;
  return {
    type,
    why: `"${owner.replace(/_/g, ' ')}" before "${shape.entity.replace(/_/g, ' ')}" in the name is a type of the server, but no argument names one: the service's word is the compound ${type}`,
  };
}
