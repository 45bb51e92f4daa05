/**
 * Where the records a first list makes up lie: `list_variants(productId: '8')` makes variants of
 * product 8, and where the world holds one of a parent type (the one store a shop was described
 * with), the made-up records lie in it. So a later list by that parent finds them and a read shows
 * whose they are, as the service's records would. Only a parent no tool creates counts (a store, an
 * order, a product of a shop's API): a discount the caller just made has no redemptions yet.
 */
import type { AnswerInput } from './world-conventions.js';
import { writesType } from '../../reading/tool-shape.js';

/**
 * The parent fields a made-up record of the call's type takes: the value the call gives an
 * argument that names a parent the world holds, else the id of the one entity of that parent type
 * the world holds.
 *
 * @example
 *   toReferenceParents(listVariantsInput); // { productId: '8' }
 */
export function toReferenceParents(input: AnswerInput): Record<string, unknown> {
  const model = input.model;
  const fields: Record<string, unknown> = {};
  for (const parent of model.entityTypes.get(input.shape.entity)?.parents ?? []) {
    // A parent the caller can make (`create_discount`) may be new: what the service made before it has no part in it.
    if (parent.type === input.shape.entity || Object.hasOwn(fields, parent.argument) || writesType(input.shapes, parent.type)) continue;
    const held = Object.keys(input.world.entities[parent.type] ?? {});
    const given = input.args[parent.argument];
    // Only a parent the world holds: a list by a name the world never had (`mailbox: 'INBOX'`) keeps its old answer.
    if ((typeof given === 'string' || typeof given === 'number') && held.includes(String(given))) fields[parent.argument] = given;
    else if (given === undefined && held.length === 1 && /id$/i.test(parent.argument)) fields[parent.argument] = held[0];
  }
  return fields;
}
