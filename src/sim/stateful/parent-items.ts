/**
 * A parent's `items`: a list whose entity is only the generic word `item` (`get_items_on_board(board_id)`,
 * `get_collection_items(collection_id)`) holds whatever was made under that parent, of every type
 * (frames and sticky notes on a board, dashboards and questions in a collection), when no tool of
 * the server keeps a type of its own called `item`.
 */
import { entitiesOf, fieldValue, valuesMatch } from '../../domain/world-query.js';
import { isIdName } from './world-entity-lookup.js';
import { toWords } from '../../reading/entity-words.js';
import { dataArguments, type Answer, type AnswerInput } from './world-conventions.js';

/**
 * The call with the world's children of the named parent gathered under `item`, for the answer
 * only; the call itself when it is not such a list or nothing names that parent.
 *
 * @example
 *   withParentItems(input).world.entities.item; // { frame_1: {...}, note_7: {...} } for get_items_on_board({ board_id })
 */
export function withParentItems(input: AnswerInput): AnswerInput {
  const { shape, world } = input;
  if (shape.entity !== 'item' || Object.hasOwn(world.entities, 'item')) return input;
  // `board_id`, `collectionId`: an argument that names one entity, other than the bare `id`.
  const parents = Object.entries(dataArguments(input)).filter(
    ([name, value]) => (typeof value === 'string' || typeof value === 'number') && toWords(name).length > 1 && isIdName(name),
  );
  if (parents.length === 0) return input;
  const items: Record<string, Record<string, unknown>> = {};
  for (const type of Object.keys(world.entities)) {
    for (const entity of entitiesOf(world, type)) {
      if (!parents.every(([name, value]) => valuesMatch(fieldValue(entity.fields, name), value))) continue;
      // Question 1 and dashboard 1 of one collection are both there: the second under a key of its own (its fields keep its id).
      items[Object.hasOwn(items, entity.id) ? `${type}:${entity.id}` : entity.id] = entity.fields;
    }
  }
  if (Object.keys(items).length === 0) return input;
  return { ...input, world: { ...world, entities: { ...world.entities, item: items } } };
}

/** The answer without what it would keep under `item`: the children stay under their own types. */
export function withoutItemChanges(answer: Answer): Answer {
  const upserts = answer.changes?.upserts?.filter((upsert) => upsert.type !== 'item');
  if (!answer.changes || upserts === undefined || upserts.length === answer.changes.upserts!.length) return answer;
  return { ...answer, changes: { ...answer.changes, upserts } };
}

/**
 * A call on one generic `item` by its id (`attach_tag(board_id, item_id, tag_id)`) acts on the
 * entity of whatever type has that id (the sticky note, the frame), when no type is called `item`.
 *
 * @example
 *   toNamedItem(input).shape.entity; // 'sticky_note' for attach_tag({ item_id: '3458768747878766660' })
 */
export function toNamedItem(input: AnswerInput): AnswerInput {
  const { shape, world } = input;
  if (shape.entity !== 'item' || shape.idArgument === null || Object.hasOwn(world.entities, 'item')) return input;
  const id = input.args[shape.idArgument];
  if (typeof id !== 'string' && typeof id !== 'number') return input;
  const type = Object.keys(world.entities).find((candidate) => Object.hasOwn(world.entities[candidate]!, String(id)));
  if (type === undefined) return input;
  const own = [...input.shapes.values()].find((other) => other.entity === type);
  return {
    ...input,
    shape: { ...shape, entity: type, idField: own?.idField ?? shape.idField, numericId: own?.numericId ?? shape.numericId },
  };
}
