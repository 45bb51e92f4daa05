/**
 * A membership change its description writes: "Remove an issue from a cycle" with `issue_id` and
 * `cycle_id`, "Add a member to a project" with `projectId` and `userId`. Both the member and the
 * holder stay; what changes is the list that ties them, so it is an update of that list, never a
 * create of a member or a delete of it. Read from the description's first verb, its object and
 * the noun after `to`/`from`, and from the required arguments that name them (`<noun>_id`), the
 * way any service writes it; the name may say `delete_cycle_issue` or `addProjectMember`. Pure.
 */
import type { ToolDefinition } from '../domain/registry.js';
import { toSingular, toWords } from './entity-words.js';
import { propertiesOf, requiredOf } from './tool-id-argument.js';
import type { ToolShape } from './tool-shape.js';

/** A membership verb and whether it removes. */
const verbs: ReadonlyMap<string, boolean> = new Map([
  ['add', false],
  ['adds', false],
  ['assign', false],
  ['assigns', false],
  ['remove', true],
  ['removes', true],
  ['unassign', true],
  ['unassigns', true],
]);
const determiners = new Set(['a', 'an', 'the', 'one', 'its', 'this', 'that', 'existing', 'specific', 'given']);
const stopWords = new Set(['in', 'of', 'on', 'by', 'with', 'and', 'or', 'for', 'so', 'to', 'using']);
const idWords = new Set(['id', 'uuid', 'gid', 'uid', 'key', 'identifier', 'public']);

/**
 * The update of a membership list a tool's description writes, or null.
 *
 * @example
 *   toDescribedMembership(shape, { name: 'delete_cycle_issue', description: 'Remove an issue from a cycle', inputSchema });
 *   // { ...shape, operation: 'update', entity: 'issue', idArgument: 'issue_id', listField: { field: 'cycle_ids', argument: 'cycle_id', remove: true } }
 */
export function toDescribedMembership(
  shape: ToolShape,
  tool: ToolDefinition,
  shapes: readonly ToolShape[],
  tools: readonly ToolDefinition[],
): ToolShape | null {
  if (shape.dispatch || shape.basis === 'override' || shape.operation === 'read' || shape.operation === 'list') return null;
  // `addUserToTeam` answering the membership's own `id`: a membership record is made, a create.
  if (ownsId(tool.outputSchema)) return null;
  const written = writtenMembership(tool.description ?? '');
  if (written === null) return null;
  const properties = propertiesOf(tool);
  const required = [...requiredOf(tool)].filter((name) => isSingleId(properties[name]));
  const holder = required.find((name) => namesNoun(name, written.holder));
  if (holder === undefined) return null;
  // A list of the holder's changes only where the holder is something the server keeps: "Removes a feature flag from
  // the project", where no tool makes, lists or reads projects, deletes the flag from where it lives.
  if (!shapes.some((other) => other.entity === written.holder)) return null;
  // `featureFlagKey` names the "flag" of "Remove a feature flag from the project": the argument may say more of its noun.
  const member = required.find((name) => name !== holder && (namesNoun(name, written.member) || endsInNoun(name, written.member)));
  const memberEntity =
    member === undefined
      ? written.member
      : toWords(member)
          .filter((word) => !idWords.has(word))
          .join('_');
  // The member lives on its own (another tool reads or changes it without the holder): a board's member that only its board
  // knows is a membership record, deleted when it is removed.
  const independent = (entity: string) =>
    shapes.some(
      (other) =>
        other.tool !== tool.name &&
        other.entity === entity &&
        other.operation !== 'list' &&
        other.operation !== 'search' &&
        !requiredOf(tools.find((candidate) => candidate.name === other.tool) ?? { inputSchema: {} }).has(holder),
    );
  const why = `its description says it ${written.remove ? 'removes' : 'adds'} a ${written.member} ${written.remove ? 'from' : 'to'} a ${written.holder}, both named by arguments: it changes that list`;
  const base = { ...shape, operation: 'update' as const, strict: true, upsert: false, sets: {}, basis: 'description' as const };
  if (member !== undefined) {
    if (!independent(memberEntity)) return null;
    return {
      ...base,
      entity: memberEntity,
      idArgument: member,
      idField: 'id',
      numericId: isNumeric(properties[member]),
      listField: { field: `${written.holder}_ids`, argument: holder, remove: written.remove, why },
    };
  }
  // "Add a member to a project" with `projectId` and `userId`: the holder's list of members changes, by the other id.
  const other = required.filter((name) => name !== holder);
  if (other.length !== 1 || !isIdName(other[0]!)) return null;
  return {
    ...base,
    entity: written.holder,
    idArgument: holder,
    idField: 'id',
    numericId: isNumeric(properties[holder]),
    listField: { field: `${written.member}_ids`, argument: other[0]!, remove: written.remove, why },
  };
}

/** The first sentence's verb, the noun of its object and the noun after `to`/`from`: "Remove an issue from a cycle". */
function writtenMembership(description: string): { member: string; holder: string; remove: boolean } | null {
  const sentence = /^[^.\n(]*/.exec(description.replace(/^\[[^\]]*\]\s*/, '').trim())?.[0] ?? '';
  const words = sentence.split(/\s+/).map((word) => word.toLowerCase().replace(/[^a-z-]/g, ''));
  const remove = verbs.get(words[0] ?? '');
  if (remove === undefined) return null;
  const join = words.findIndex((word, index) => index > 1 && word === (remove ? 'from' : 'to'));
  if (join === -1) return null;
  const object = words.slice(1, join).filter((word) => !determiners.has(word));
  const tail = words.slice(join + 1);
  const stop = tail.findIndex((word) => stopWords.has(word));
  const after = (stop === -1 ? tail : tail.slice(0, stop)).filter((word) => !determiners.has(word));
  // One noun each side, or an adjective and a noun: "a member to a project", "the issue from its parent cycle".
  if (object.length < 1 || object.length > 2 || after.length < 1) return null;
  const member = toSingular(object[object.length - 1]!);
  const holder = toSingular(after[after.length - 1]!);
  if (member === holder || !/^[a-z]+$/.test(member) || !/^[a-z]+$/.test(holder)) return null;
  return { member, holder, remove };
}

/** `cycle_id`, `cycleId`, `cycle_uuid` name a cycle. */
function namesNoun(argument: string, noun: string): boolean {
  const words = toWords(argument);
  const last = words[words.length - 1];
  if (last === undefined || !idWords.has(last)) return false;
  return words.filter((word) => !idWords.has(word)).join('_') === noun;
}

/** `featureFlagKey` ends in the noun "flag" before its id word. */
function endsInNoun(argument: string, noun: string): boolean {
  const words = toWords(argument);
  const last = words.at(-1);
  if (last === undefined || !idWords.has(last)) return false;
  const named = words.filter((word) => !idWords.has(word));
  return named.length > 1 && named.at(-1) === noun;
}

/** `userId`, `member_uuid`: an argument that names something by its id. */
function isIdName(argument: string): boolean {
  return idWords.has(toWords(argument).at(-1) ?? '');
}

/** An output object with an `id` of its own: the call makes a record. */
function ownsId(schema: unknown): boolean {
  const properties = (schema as { properties?: Record<string, unknown> } | undefined)?.properties;
  return properties !== undefined && 'id' in properties;
}

function isSingleId(schema: Record<string, unknown> | undefined): boolean {
  return schema !== undefined && (schema.type === 'string' || schema.type === 'integer' || schema.type === 'number');
}

function isNumeric(schema: Record<string, unknown> | undefined): boolean {
  return schema?.type === 'integer' || schema?.type === 'number';
}
