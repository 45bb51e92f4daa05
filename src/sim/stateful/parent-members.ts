/**
 * Children a parent keeps as a list of ids (`add_cycle_issues(cycle_id, issues)` writes the cycle's
 * `issues`): a list scoped by that parent (`list_cycle_issues(cycle_id)`) shows those children, and
 * a transfer to another parent (`transfer_cycle_issues(cycle_id, new_cycle_id)`) moves the list.
 * Before, the scoped list showed every child of the type (the children hold no `cycle_id`) and the
 * transfer read the new cycle's id as a child's, answering not-found.
 */
import { entitiesOf, toNormalName } from '../../domain/world-query.js';
import { toPlural, toSingular, toWords } from '../../reading/entity-words.js';
import { hasFieldNamed } from './field-names.js';
import type { Answer, AnswerInput } from './world-conventions.js';

/** The words before a parent's name that make it the place a transfer goes. */
const targetWords = new Set(['new', 'target', 'to', 'destination', 'dest']);

interface ParentList {
  type: string;
  id: string;
  fields: Record<string, unknown>;
  field: string;
  members: unknown[];
}

/**
 * A scoped list of a parent's member children read as a read of those ids (`ids: [...]`, which the
 * list answers as a batch); the input as it was otherwise.
 *
 * @example
 *   withParentMembers(input).args; // { ids: ['FIRST-1'] } for list_cycle_issues({ cycle_id: 'c1' }) when c1's issues are ['FIRST-1']
 */
export function withParentMembers(input: AnswerInput): AnswerInput {
  if (input.shape.operation !== 'list') return input;
  for (const [name, value] of Object.entries(input.args)) {
    // Children that name the parent themselves are filtered by that field already.
    if (hasFieldNamed(input.world, input.shape.entity, toNormalName(name))) continue;
    const parent = parentList(input, name, value);
    if (!parent) continue;
    const args = Object.fromEntries(Object.entries(input.args).filter(([other]) => other !== name));
    return { ...input, args: { ...args, ids: parent.members } };
  }
  return input;
}

/**
 * An update or action that names two parents of the type, the second as where to (`new_cycle_id`): moves the
 * first's member children to the second. Null when the call is not one.
 *
 * @example
 *   toMemberTransfer(input); // { value: { moved: ['FIRST-1'], from: 'c1', to: 'c2' }, changes } for transfer_cycle_issues
 */
export function toMemberTransfer(input: AnswerInput): Answer | null {
  if (input.shape.operation !== 'update' && input.shape.operation !== 'other') return null;
  for (const [name, value] of Object.entries(input.args)) {
    const words = toWords(name);
    if (words.length < 2 || !targetWords.has(words[0]!)) continue;
    const target = parentList(input, words.slice(1).join('_'), value);
    const source = target && parentList(input, words.slice(1).join('_'), sourceValue(input, name, target.type));
    if (!target || !source || source.id === target.id) continue;
    const moved = source.members;
    const kept = target.members.filter((member) => !moved.some((other) => String(other) === String(member)));
    const upserts = [
      { type: source.type, id: source.id, fields: { ...source.fields, [source.field]: [] } },
      { type: target.type, id: target.id, fields: { ...target.fields, [target.field]: [...kept, ...moved] } },
    ];
    return { value: { moved, from: source.id, to: target.id }, changes: { upserts } };
  }
  return null;
}

/** The value of the other argument that names a parent of the type (`cycle_id` beside `new_cycle_id`). */
function sourceValue(input: AnswerInput, targetName: string, type: string): unknown {
  return Object.entries(input.args).find(([name]) => name !== targetName && parentType(name) === type)?.[1];
}

/** The parent type an argument names by its id (`cycle_id`, `cycleId` → `cycle`), or null. */
function parentType(name: string): string | null {
  const words = toWords(name);
  if (words.length < 2 || words.at(-1) !== 'id') return null;
  return toSingular(words.slice(0, -1).join('_'));
}

/**
 * The parent the argument names, when the world holds it and its type keeps lists of the call's
 * children (a parent of the type without one yet keeps none).
 */
function parentList(input: AnswerInput, name: string, value: unknown): ParentList | null {
  const type = parentType(name);
  if (type === null || type === input.shape.entity || (typeof value !== 'string' && typeof value !== 'number')) return null;
  const parents = entitiesOf(input.world, type);
  const parent = parents.find((entity) => entity.id === String(value));
  if (!parent) return null;
  const names = new Set([toNormalName(toPlural(input.shape.entity)), `${toNormalName(input.shape.entity)}ids`]);
  const isList = (fields: Record<string, unknown>, key: string) => names.has(toNormalName(key)) && Array.isArray(fields[key]);
  const field =
    Object.keys(parent.fields).find((key) => isList(parent.fields, key)) ??
    parents.flatMap((other) => Object.keys(other.fields).filter((key) => isList(other.fields, key)))[0];
  if (field === undefined) return null;
  const members = Array.isArray(parent.fields[field]) ? (parent.fields[field] as unknown[]) : [];
  return { type, id: parent.id, fields: parent.fields, field, members };
}
