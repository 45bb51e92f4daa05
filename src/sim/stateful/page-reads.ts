/**
 * A read of "a page" of a type's records is one page of their list: monday.com's
 * `get_board_items_page(boardId, cursor, limit)` ("Get all items from a monday.com board with
 * pagination support") is read as the entity `items_page`, of which there is no one record to
 * find; the answer is the board's items, as a list of items by `boardId` gives. A page is of a
 * plural (`items_page`, `records_page`): `chapter_page` or `wiki_page` is one page of one thing and
 * stays a read. The listed type must be one the server's tools act on (`create_item`, `delete_item`).
 */
import { toSingular, toWords } from '../../reading/entity-words.js';
import type { AnswerInput } from './world-conventions.js';

/**
 * The call as a list of the type its page holds, filtered by its arguments (the parent its id
 * argument names among them); the call unchanged when it is not such a read.
 *
 * @example
 *   asPageList(input); // shape { operation: 'list', entity: 'item', idArgument: null } for get_board_items_page(boardId)
 */
export function asPageList(input: AnswerInput): AnswerInput {
  const { shape } = input;
  if (shape.operation !== 'read' || shape.find || shape.dispatch) return input;
  const words = toWords(shape.entity);
  if (words.length < 2 || words.at(-1) !== 'page') return input;
  const held = words.at(-2)!;
  if (toSingular(held) === held) return input;
  const entity = [...words.slice(0, -2), toSingular(held)].join('_');
  const keeper = [...input.shapes.values()].find((candidate) => candidate.entity === entity && !candidate.dispatch);
  if (!keeper) return input;
  return {
    ...input,
    shape: { ...shape, operation: 'list', entity, idArgument: null, idField: keeper.idField, numericId: keeper.numericId },
  };
}
