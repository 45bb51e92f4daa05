/**
 * A read of a type by the id of its parent, not its own: Jira's `jira_comments(action: 'get',
 * issueKey)` ("get: fetch all comments") reads the comments of an issue. There is no one comment
 * with that id; the answer is the list of the comments under that issue, as
 * `list_comments(issueKey)` gives. Three things must agree: the service model reads the argument as
 * the type's parent, the argument is named for that parent's type (`issueKey` for issues), which
 * the server's tools act on, and the tool speaks of the type in the plural ("comments").
 * A name that says `by` that parent (`get_contact_by_business(businessId)`, "Get contacts associated
 * with a business ID") names it a place records are found under, though no tool of its own keeps it.
 */
import { toNormalName } from '../../domain/world-query.js';
import { toPlural, toWords } from '../../reading/entity-words.js';
import type { AnswerInput } from './world-conventions.js';

const keySuffix = /(?:id|ids|key|uuid|name|number|slug)$/;

/**
 * The call as a list of the type under the parent its id argument names; the call unchanged when
 * it is not such a read.
 *
 * @example
 *   asParentList(input); // shape { operation: 'list', entity: 'comment', idArgument: null } for jira_comments(get, issueKey)
 */
export function asParentList(input: AnswerInput): AnswerInput {
  const { shape } = input;
  if (shape.operation !== 'read' || shape.idArgument === null || shape.find) return input;
  const stem = toNormalName(shape.idArgument).replace(keySuffix, '');
  const parents = input.model.entityTypes.get(shape.entity)?.parents ?? [];
  const parent = parents.find(
    (reference) =>
      reference.argument === shape.idArgument && reference.type !== shape.entity && stem !== '' && toNormalName(reference.type) === stem,
  );
  if (!parent || !(actedOn(input, parent.type) || namedBy(input, parent.type)) || !speaksOfMany(input)) return input;
  return { ...input, shape: { ...shape, operation: 'list', idArgument: null } };
}

/** Whether a tool of the server (or one operation of a tool that picks its operation) acts on the type. */
function actedOn(input: AnswerInput, type: string): boolean {
  for (const shape of input.shapes.values())
    if (shape.entity === type || Object.values(shape.dispatch?.choices ?? {}).some((choice) => choice.entity === type)) return true;
  return false;
}

/** `get_contact_by_business`: the tool's name ends with `by` and the parent type's words. */
function namedBy(input: AnswerInput, type: string): boolean {
  return toWords(input.tool.name)
    .join(' ')
    .endsWith(` by ${toWords(type).join(' ')}`);
}

/** "Get or add comments", `jira_comments`: the tool's name or description has the type's plural. */
function speaksOfMany(input: AnswerInput): boolean {
  const plural = toWords(toPlural(input.shape.entity)).join(' ');
  const text = `${toWords(input.tool.name).join(' ')} ${input.tool.description ?? ''}`.toLowerCase();
  return new RegExp(`\\b${plural}\\b`).test(text);
}
