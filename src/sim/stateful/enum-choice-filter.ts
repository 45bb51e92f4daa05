/**
 * A list's closed choice named for no field: `list-conversations(filter: 'awaitingAgent' |
 * 'escalated' | 'unresolved')` offers views whose values name what the records hold, not a field
 * called `filter`. A value one of the records holds in some field, in any spelling (`awaitingAgent`
 * for `status: AWAITING_AGENT`), keeps the records holding it there; a value that is the name of a
 * yes/no field (`escalated`) keeps those where it is true; `un` or `not` before a finished state
 * (`unresolved`, `not_done`) keeps the ones not finished (finished-entities.ts). A value none of
 * them describes filters nothing, as before.
 */
import { fieldValue, isControlArgument, toNormalName } from '../../domain/world-query.js';
import type { ToolDefinition } from '../../domain/registry.js';
import { isFinished, isFinishedState } from './finished-entities.js';
import { propertiesOf } from '../../reading/tool-id-argument.js';

type Fields = Readonly<Record<string, unknown>>;

/**
 * The test a closed-choice argument no field is named for puts on each record, or null.
 *
 * @example
 *   toEnumChoiceFilter('filter', 'awaitingAgent', tool, [{ status: 'AWAITING_AGENT' }], known); // (fields) => status is AWAITING_AGENT
 */
export function toEnumChoiceFilter(
  name: string,
  value: unknown,
  tool: ToolDefinition,
  records: readonly Fields[],
  known: { has(name: string): boolean },
): ((fields: Fields) => boolean) | null {
  if (typeof value !== 'string' || isControlArgument(name) || known.has(toNormalName(name))) return null;
  const choices = (propertiesOf(tool)[name] as { enum?: unknown[] } | undefined)?.enum;
  if (!Array.isArray(choices) || !choices.includes(value)) return null;
  const wanted = toNormalName(value);
  if (wanted === '') return null;
  for (const record of records)
    for (const [field, held] of Object.entries(record))
      if (typeof held === 'string' && toNormalName(held) === wanted) {
        return (fields) => {
          const own = fieldValue(fields, field);
          return typeof own === 'string' && toNormalName(own) === wanted;
        };
      }
  const flag = records.flatMap((record) => Object.keys(record)).find((field) => toNormalName(field) === wanted);
  if (flag !== undefined && records.some((record) => typeof record[flag] === 'boolean')) return (fields) => fields[flag] === true;
  const negated = /^(?:un|not)(.+)$/.exec(wanted)?.[1];
  if (negated !== undefined && isFinishedState(negated)) return (fields) => !isFinished(fields);
  return null;
}
