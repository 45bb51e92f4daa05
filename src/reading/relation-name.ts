/**
 * The two sides a relation verb's name joins: `add_<X>_to_<Y>`, `remove_<X>_from_<Y>`,
 * `addContactToWorkflow`, and the member first, `contact.removeFromWorkflow`. Across APIs such a
 * name changes a relation (X joins or leaves Y's members, tags, enrolled contacts) and X itself
 * stays; where Y is kept nowhere else on the server (no tool reads or lists workflows), the id
 * argument that names it (`workflowId`, `workflow_id`) is still the value X's `<Y>_ids` gains or
 * loses. Pure.
 */
import type { ToolDefinition } from '../domain/registry.js';
import { toSingular, toWords } from './entity-words.js';
import { propertiesOf, requiredOf, type Properties } from './tool-id-argument.js';
import type { ToolShape } from './tool-shape.js';

/** A relation verb and whether it removes. */
const relationVerbs: ReadonlyMap<string, boolean> = new Map([
  ['add', false],
  ['assign', false],
  ['remove', true],
  ['unassign', true],
]);
const idWords = new Set(['id', 'uuid', 'gid', 'uid', 'key']);

/** What a relation name says: the member's and holder's words (singular, snake_case) and whether it removes. */
export interface RelationName {
  readonly member: string;
  readonly holder: string;
  readonly remove: boolean;
}

/**
 * The member, the holder and the direction a tool name writes, or null.
 *
 * @example
 *   toRelationName('crm_remove_contact_from_workflow'); // { member: 'contact', holder: 'workflow', remove: true }
 *   toRelationName('contact.removeFromWorkflow'); // { member: 'contact', holder: 'workflow', remove: true }
 */
export function toRelationName(toolName: string): RelationName | null {
  const words = toWords(toolName);
  const verbAt = words.findIndex((word) => relationVerbs.has(word));
  if (verbAt === -1) return null;
  const remove = relationVerbs.get(words[verbAt]!)!;
  const joinAt = words.findIndex((word, index) => index > verbAt && word === (remove ? 'from' : 'to'));
  if (joinAt === -1) return null;
  const holder = words.slice(joinAt + 1);
  // `remove_contact_from_workflow`: the member between verb and join; `contact.removeFromWorkflow`: the one before the verb.
  const member = joinAt > verbAt + 1 ? words.slice(verbAt + 1, joinAt) : words.slice(verbAt - 1, verbAt);
  if (member.length === 0 || holder.length === 0) return null;
  const named = { member: toSingular(member.join('_')), holder: toSingular(holder.join('_')), remove };
  return named.member === named.holder ? null : named;
}

/** The required argument that names the holder by its id (`workflowId`, `workflow_id`), or undefined. */
export function holderArgument(holder: string, properties: Properties, required: ReadonlySet<string>): string | undefined {
  return [...required].find((name) => {
    const words = toWords(name);
    if (!idWords.has(words.at(-1) ?? '')) return false;
    const type = properties[name]?.type;
    return (type === 'string' || type === 'integer' || type === 'number') && words.slice(0, -1).join('_') === holder;
  });
}

/**
 * `crm_remove_contact_from_workflow(contactId, workflowId)` where no tool reads, lists or makes
 * workflows: an update of the contact that takes the workflow's id off its `workflow_ids` (adds it,
 * for `add`), never a delete or a create of the contact. Only where the member lives on its own:
 * another tool reads or changes it by the same id argument without the holder's (a feature flag
 * read only within its project is the project's own record, removed with it). Null otherwise.
 */
export function withUnkeptHolder(
  shape: ToolShape,
  tool: ToolDefinition,
  shapes: readonly ToolShape[],
  tools: readonly ToolDefinition[],
): ToolShape | null {
  if (shape.dispatch || shape.basis === 'override') return null;
  const named = toRelationName(tool.name);
  if (named === null || shapes.some((other) => other.entity === named.holder)) return null;
  const properties = propertiesOf(tool);
  const required = requiredOf(tool);
  const holder = holderArgument(named.holder, properties, required);
  if (holder === undefined) return null;
  const member = shapes.find((other) => {
    if (other.tool === tool.name || other.entity !== named.member || other.idArgument === null || !other.strict) return false;
    if (!required.has(other.idArgument) || other.operation === 'create' || other.operation === 'list' || other.operation === 'search')
      return false;
    const definition = tools.find((candidate) => candidate.name === other.tool);
    return definition !== undefined && !requiredOf(definition).has(holder);
  });
  if (member === undefined) return null;
  const why = `its name ${named.remove ? 'removes' : 'adds'} a ${named.member} ${named.remove ? 'from' : 'to'} a ${named.holder} that "${holder}" names: the ${named.member} stays, its list of ${named.holder}s changes`;
  return {
    ...shape,
    operation: 'update',
    entity: member.entity,
    entityWhy: `the ${member.entity} its name adds or removes, named by "${member.idArgument}" as in ${member.tool}`,
    idArgument: member.idArgument,
    idField: member.idField,
    numericId: member.numericId,
    strict: true,
    upsert: false,
    sets: {},
    listField: { field: `${named.holder}_ids`, argument: holder, remove: named.remove, why },
  };
}
