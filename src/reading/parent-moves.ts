/**
 * Which arguments of an update move its entity to another parent. An update often must be given
 * the parents its entity lives under (`update_issue_note(project_id, issue_iid, discussion_id,
 * note_id)`, `set_text_content(nodeId, text)`) or a reference it sets
 * (`add_issue_to_release(issueId, releaseId)`): neither says the entity goes elsewhere. A move
 * says so in its words: a move verb in the name (`move_card(cardId, listId)`,
 * `transfer_issue(issueId, teamId)`) or a word of destination on the argument
 * (`targetMailbox`, `to_column`, `new_cycle_id`). Pure.
 */
import type { ToolDefinition } from '../domain/registry.js';
import { toWords } from './entity-words.js';
import { propertiesOf, requiredOf } from './tool-id-argument.js';
import type { ParentReference } from './tool-parents.js';
import type { ToolShape } from './tool-shape.js';

/** Verbs that take an entity from one parent to another. */
const moveVerbs = new Set(['move', 'transfer', 'relocate', 'reparent']);
/** First words of an argument that name where the entity goes. */
const destinationWords = new Set(['to', 'target', 'destination', 'dest', 'new']);
/** Last words of an argument that name a thing by a key: `listId`, `listName`, `board_key`. */
const keyWords = new Set(['id', 'name', 'key', 'slug', 'uuid', 'number']);
/** First words of an argument that name where the entity comes from (`sourceListName`, `from_column`). */
const sourceWords = new Set(['source', 'from', 'src', 'current', 'old']);

/**
 * The required arguments of an update that say where its entity goes: its parent references with
 * a word of destination, or, when the name's verb moves (`move_*`, `transfer_*`), every required
 * parent reference and every argument with a word of destination (`to_column`, a parent no tool
 * of the server reads). An optional parent reference (`update_card(cardId, idList?)`) is a change
 * the caller may make, and no part of what the tool is.
 *
 * @example
 *   toMoveArguments(moveCard, updateShape, [{ argument: 'listId', entity: 'list', ... }]); // ['listId']
 *   toMoveArguments(updateNote, updateShape, [{ argument: 'discussion_id', entity: 'discussion', ... }]); // []
 */
export function toMoveArguments(tool: ToolDefinition, shape: ToolShape, references: readonly ParentReference[]): string[] {
  if (shape.operation !== 'update') return [];
  const required = requiredOf(tool);
  const moving = toWords(tool.name).some((word) => moveVerbs.has(word));
  const destination = (name: string) => toWords(name).length > 1 && destinationWords.has(toWords(name)[0]!);
  const moves = references
    .map((reference) => reference.argument)
    .filter((name) => required.has(name) && name !== shape.idArgument && (moving || destination(name)));
  // `move_task(taskId?, listId?, listName?)`: a move whose schema requires nothing (its description
  // names the alternatives) moves by each parent reference it takes, except one of where it comes from.
  if (moving && moves.length === 0 && ![...required].some((name) => name !== shape.idArgument)) {
    const own = toWords(shape.entity);
    const referenced = new Set(references.map(({ argument }) => argument));
    for (const name of Object.keys(propertiesOf(tool))) {
      const words = toWords(name);
      if (name === shape.idArgument || sourceWords.has(words[0]!) || words.length < 2) continue;
      // `listId`, `listName`: a key of another kind of thing (not `taskName`, the entity's own).
      const keyOfOther = keyWords.has(words.at(-1)!) && words.slice(0, -1).join('_') !== own.join('_');
      if (referenced.has(name) || keyOfOther) moves.push(name);
    }
  }
  if (moving)
    for (const name of Object.keys(propertiesOf(tool)))
      if (required.has(name) && destination(name) && !moves.includes(name) && name !== shape.idArgument) moves.push(name);
  return moves;
}
