/**
 * An update named by the id of another type acts on that type's record: monday.com's
 * `change_item_column_values(boardId, itemId, columnValues)` is read as an update of a `column`
 * (its name's noun) taken by `itemId`, yet `itemId` names an item: a column's values are fields of
 * the item, and the record to change is the item with that id. So where the id argument is named
 * for a type the world holds (`itemId` → `item`), the tool's name names that type too (the owner of
 * what it changes), that type holds the id, and the world keeps no record of the read entity at all,
 * the update acts on that record.
 */
import { entitiesOf, fieldValue, toNormalName, valuesMatch } from '../../domain/world-query.js';
import { toWords } from '../../reading/entity-words.js';
import type { AnswerInput } from './world-conventions.js';

const keySuffix = /(?:id|key|uuid|number)$/;

/**
 * The call as an update of the record its id argument names, or the call unchanged.
 *
 * @example
 *   toIdNamedType(input).shape.entity; // 'item' for change_item_column_values({ itemId: 42, ... }) where item 42 exists
 */
export function toIdNamedType(input: AnswerInput): AnswerInput {
  const { shape, world } = input;
  if (shape.operation !== 'update' || shape.idArgument === null || shape.dispatch) return input;
  const id = input.args[shape.idArgument];
  if (typeof id !== 'string' && typeof id !== 'number') return input;
  const stem = toNormalName(shape.idArgument).replace(keySuffix, '');
  if (stem === '' || stem === toNormalName(shape.entity)) return input;
  const type = Object.keys(world.entities).find((candidate) => toNormalName(candidate) === stem);
  // The name says whose values they are (`change_item_column_values`), and the read entity keeps no record at all.
  if (type === undefined || entitiesOf(world, shape.entity).length > 0 || !toWords(input.tool.name).includes(toNormalName(type)))
    return input;
  const own = [...input.shapes.values()].find((other) => other.entity === type && !other.dispatch);
  const idField = own?.idField ?? 'id';
  if (!holds(input, type, idField, id)) return input;
  return { ...input, shape: { ...shape, entity: type, idField, numericId: own?.numericId ?? shape.numericId } };
}

/** Whether the world holds a record of the type with that id (its key or its id field). */
function holds(input: AnswerInput, type: string, idField: string, id: string | number): boolean {
  return entitiesOf(input.world, type).some((entity) => entity.id === String(id) || valuesMatch(fieldValue(entity.fields, idField), id));
}
