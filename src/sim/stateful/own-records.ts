/**
 * The caller's own records. A list asked for "my" things (`wit_work_item(action: my)` "get work
 * items relevant to the authenticated user", `repo_branch(action: list_mine)`, `list_my_issues`)
 * shows only the records that name the caller: assigned to, created by or owned by them, in
 * whatever field the service keeps the person (`assignedTo: 'Dana Whitfield'`, `owner: {email}`).
 */
import { asksForOwn } from '../../reading/choice-phrase.js';
import type { EntityRecord } from '../../domain/world-query.js';
import { isRecord } from '../../domain/json-record.js';
import { callerOf } from './caller-alias.js';
import type { AnswerInput } from './world-conventions.js';

/**
 * The records a list keeps: where the call asks for the caller's own, those that name the caller;
 * else all of them.
 *
 * @example
 *   ownRecords(myWorkItems, [dana, omar]); // [dana] where Dana Whitfield is the caller
 */
export function ownRecords(input: AnswerInput, records: readonly EntityRecord[]): readonly EntityRecord[] {
  const dispatch = input.shapes.get(input.tool.name)?.dispatch?.argument;
  const picked = dispatch === undefined ? undefined : input.args[dispatch];
  if (!asksForOwn(typeof picked === 'string' ? picked : input.tool.name)) return records;
  const caller = callerOf(input.world, input.model);
  const names = new Set(
    [caller.name, caller.email, caller.login, caller.username, caller.displayName]
      .filter((value): value is string => typeof value === 'string')
      .map((value) => value.toLowerCase()),
  );
  return records.filter((record) => Object.entries(record.fields).some(([field, value]) => field !== 'name' && namesCaller(value, names)));
}

/** Whether a field's value is the caller: their name, email or login, or an object or a list holding one. */
function namesCaller(value: unknown, names: ReadonlySet<string>): boolean {
  if (typeof value === 'string') return names.has(value.toLowerCase());
  if (Array.isArray(value)) return value.some((item) => namesCaller(item, names));
  return isRecord(value) && Object.values(value).some((item) => typeof item === 'string' && names.has(item.toLowerCase()));
}
