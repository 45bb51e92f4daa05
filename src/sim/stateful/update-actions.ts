/**
 * An update written as a list of named update actions: `actions: [{action: 'changeOrderState',
 * orderState: 'Confirmed'}, {action: 'setLastName', lastName: 'Duarte'}]` (commercetools, and the
 * command-style updates of other commerce and CRM APIs). Each action names what it changes: its
 * name is a verb and the field (`set` + `LastName`), and it carries that field's new value under the
 * field's own name. The actions are the change; the list itself is never stored as a field.
 *
 * `version` beside the actions is the record's current version (optimistic concurrency, as
 * commercetools, Confluence and CouchDB-style APIs take it): a write makes the next one, so the
 * client's following update, which names the version it last read, goes through. Pure.
 */
import type { AnswerInput } from './world-conventions.js';
import { isRecord } from '../../domain/json-record.js';

/** The verbs whose action sets the field it names to the value it carries (`setKey`, `changeEmail`, `transitionState`). */
const settingVerbs = /^(?:set|change|update|transition|rename|replace)$/i;

/**
 * The call with an update-actions argument turned into the fields its actions set, and `version`
 * moved past the current one; the call unchanged when no argument is a list of actions.
 *
 * @example
 *   withUpdateActions(input, { version: 3 }).args; // { id: 'o1', orderState: 'Confirmed', version: 4 } for actions [{ action: 'changeOrderState', orderState: 'Confirmed' }]
 */
export function withUpdateActions(input: AnswerInput, current: Readonly<Record<string, unknown>> | undefined): AnswerInput {
  for (const [name, value] of Object.entries(input.args)) {
    if (!isActionList(value)) continue;
    const args: Record<string, unknown> = Object.fromEntries(Object.entries(input.args).filter(([key]) => key !== name));
    for (const action of value) Object.assign(args, toSetFields(action));
    const version = toNextVersion(input.args.version, current?.version);
    if (version !== undefined) args.version = version;
    return { ...input, args };
  }
  return input;
}

/** A non-empty list of objects that each name their action (`{action: 'setKey', key: 'k'}`). */
function isActionList(value: unknown): value is Record<string, unknown>[] {
  return Array.isArray(value) && value.length > 0 && value.every((item) => isRecord(item) && typeof item.action === 'string');
}

/**
 * The fields one action sets: the value under the field its name ends with, after a setting verb
 * (`changeOrderState` → `orderState`); `setFirstName` with no value clears it. Other actions
 * (`addAddress`, `removeLineItem`) change parts this world does not keep apart, and set nothing.
 */
function toSetFields(action: Record<string, unknown>): Record<string, unknown> {
  const named = String(action.action);
  const fields = Object.keys(action).filter((key) => key !== 'action');
  const field =
    fields.find((key) => named.toLowerCase().endsWith(key.toLowerCase()) && settingVerbs.test(named.slice(0, -key.length))) ??
    toClearedField(named);
  if (field === undefined) return {};
  return { [field]: Object.hasOwn(action, field) ? action[field] : null };
}

/** `setMiddleName` with nothing else: the field `middleName`, cleared. */
function toClearedField(named: string): string | undefined {
  const found = /^(?:set)(\p{Lu}\w*)$/u.exec(named);
  return found ? found[1]!.charAt(0).toLowerCase() + found[1]!.slice(1) : undefined;
}

/** The version after a write: one past the stored one, else past the one the caller names; none where neither is a number. */
function toNextVersion(given: unknown, stored: unknown): number | undefined {
  const base = typeof stored === 'number' ? stored : typeof given === 'number' ? given : undefined;
  return base === undefined ? undefined : base + 1;
}
