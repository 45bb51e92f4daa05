/**
 * A batch delete whose items are whole records with no id of their own (a knowledge graph's
 * `delete_relations({ relations: [{ from, to, relationType }] })`): each item names the record
 * whose fields hold every one of its entries, as the service finds it by what it is.
 */
import { entitiesOf, fieldValue, valuesMatch } from '../../domain/world-query.js';
import { itemId } from './world-batches.js';
import type { AnswerInput } from './world-conventions.js';

/**
 * The id each item names: its id entry (world-batches.ts `itemId`), else the id of the one record
 * whose fields match all of the item's entries; undefined for an item that names neither.
 *
 * @example
 *   toItemIds(input, [{ from: 'Ada', to: 'Engine', relationType: 'wrote notes on' }]); // ['relation_1']
 */
export function toItemIds(input: AnswerInput, items: readonly unknown[]): (string | undefined)[] {
  return items.map((item) => itemId(input, item) ?? wholeRecordId(input, item));
}

function wholeRecordId(input: AnswerInput, item: unknown): string | undefined {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return undefined;
  const entries = Object.entries(item);
  if (entries.length === 0) return undefined;
  const matching = entitiesOf(input.world, input.shape.entity).filter((record) =>
    entries.every(([name, value]) => valuesMatch(fieldValue(record.fields, name), value)),
  );
  return matching.length === 1 ? matching[0]!.id : undefined;
}
