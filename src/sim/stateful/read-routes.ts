/**
 * Where a read is answered from, before it is a read of one record (world-answers.ts): the list
 * under a parent its id argument names (parent-keyed-reads.ts), the list a page of records is
 * one page of (page-reads.ts), or the whole of what the server
 * keeps (whole-world-read.ts), or the one current record a no-argument read means (current-record-read.ts).
 */
import { asParentList } from './parent-keyed-reads.js';
import { asPageList } from './page-reads.js';
import { wholeWorldRead } from './whole-world-read.js';
import { currentRecordRead } from './current-record-read.js';
import { answerList } from './world-list.js';
import { hasFieldNamed } from './field-names.js';
import type { Answer, AnswerInput } from './world-conventions.js';

/**
 * The read's answer: as a list, as the whole world, or by `readOne`.
 *
 * @example
 *   answerRead(input, read); // jira_comments(action: 'get', issueKey): { comments: [...], total: 1 }
 */
export function answerRead(input: AnswerInput, readOne: (input: AnswerInput) => Answer): Answer {
  // `jira_comments(action: 'get', issueKey)`: the comments under the issue.
  const listed = asParentList(input);
  if (listed !== input) return answerList(underNamedParent(listed, input.shape.idArgument!));
  // `get_board_items_page(boardId)`: the board's items, not one "items page".
  const paged = asPageList(input);
  if (paged !== input) return answerList(paged);
  // `read_graph()`, "Read the entire knowledge graph": every record the server's tools made.
  // `get_basket()` after `add_to_basket(...)`: the current one, the latest made.
  return wholeWorldRead(input) ?? currentRecordRead(input) ?? readOne(input);
}

/**
 * `get_contact_by_business(businessId: 'biz_1')` where no contact keeps a business: none is under it. A list leaves out a
 * filter on a field no record holds (world-list.ts), but a read by a parent's id names the one place its records are.
 */
function underNamedParent(input: AnswerInput, argument: string): AnswerInput {
  const { world, shape } = input;
  if (input.args[argument] === undefined || hasFieldNamed(world, shape.entity, argument)) return input;
  return { ...input, world: { ...world, entities: { ...world.entities, [shape.entity]: {} } } };
}
