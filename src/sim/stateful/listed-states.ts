/**
 * Workflow states a parent record lists: a tracker's team holds `states: [{id, name}]` (Linear's
 * `get_teams` shows "teams with their states"; a scenario's "Each team's workflow states are
 * Backlog, Todo, …", reading/described-sublists.ts). A new issue of the team starts in the first
 * of them, as a service starts new work in its workflow's first state, and an update's `stateId`
 * (the state field's name and `Id`) that names one of them, by its id or its name, moves the issue
 * there: the state field holds the state's name, as the lists and their `states` filter read it.
 */
import { fieldValue, toNormalName } from '../../domain/world-query.js';
import { isRecord } from '../../domain/json-record.js';
import { toPlural } from '../../reading/entity-words.js';
import type { AnswerInput } from './world-conventions.js';

interface ListedState {
  id: unknown;
  name: string;
}

/**
 * The first state the new entity's parent lists, under the type's state field; null where no parent lists states.
 *
 * @example
 *   listedStartState(createIssue); // { name: 'state', value: 'Backlog' }
 */
export function listedStartState(input: AnswerInput): { name: string; value: unknown } | null {
  const field = input.model.entityTypes.get(input.shape.entity)?.state?.field;
  const first = field === undefined ? undefined : listedStates(input, input.args, field)[0];
  return field === undefined || first === undefined ? null : { name: field, value: first.name };
}

/**
 * The changes with a `<stateField>Id` that names a listed state replaced by the state field set to
 * its name; the changes unchanged where it names none.
 *
 * @example
 *   toListedState(updateIssue, { stateId: '874da4a1-…' }, issue.fields, 'state'); // { state: 'In Progress' }
 */
export function toListedState(
  input: AnswerInput,
  changes: Record<string, unknown>,
  fields: Readonly<Record<string, unknown>>,
  stateField: string,
): Record<string, unknown> {
  const given = Object.keys(changes).find((name) => toNormalName(name) === `${toNormalName(stateField)}id`);
  const value = given === undefined ? undefined : changes[given];
  if (given === undefined || (typeof value !== 'string' && typeof value !== 'number')) return changes;
  const text = String(value).trim().toLowerCase();
  const state = listedStates(input, { ...fields, ...changes }, stateField).find(
    (listed) => String(listed.id).toLowerCase() === text || listed.name.toLowerCase() === text,
  );
  if (state === undefined) return changes;
  const { [given]: _named, ...rest } = changes;
  return { ...rest, [stateField]: state.name };
}

/** The states the parent the fields name lists (`teamId` → that team's `states`), else the first parent record that lists any. */
function listedStates(input: AnswerInput, fields: Readonly<Record<string, unknown>>, stateField: string): ListedState[] {
  const word = toPlural(stateField);
  const parents = input.model.entityTypes.get(input.shape.entity)?.parents ?? [];
  for (const parent of parents) {
    const id = fieldValue(fields, parent.argument);
    const record = typeof id === 'string' || typeof id === 'number' ? input.world.entities[parent.type]?.[String(id)] : undefined;
    const states = record === undefined ? [] : toStates(fieldValue(record, word));
    if (states.length > 0) return states;
  }
  for (const parent of parents)
    for (const record of Object.values(input.world.entities[parent.type] ?? {})) {
      const states = toStates(fieldValue(record, word));
      if (states.length > 0) return states;
    }
  return [];
}

/** A list of states as a record holds it: `{id, name}` items, or plain names. */
function toStates(value: unknown): ListedState[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item): ListedState[] => {
    if (typeof item === 'string') return [{ id: item, name: item }];
    const name = isRecord(item) ? fieldValue(item, 'name') : undefined;
    return isRecord(item) && typeof name === 'string' ? [{ id: fieldValue(item, 'id'), name }] : [];
  });
}
