/**
 * A scale sets the count the record keeps: `resources_scale(scale: 5)` of a Deployment holding
 * `replicas: 3` leaves it `replicas: 5` (or `spec.replicas: 5` where its manifest keeps the count
 * in its spec), never `replicas: 3, scale: 5`. The count is the record's field of a count name
 * (reading/scale-argument.ts), at its top or one object down; a record that holds none takes the
 * count under the argument's own name where that is a count name (`replicas`, `node_count`). A record
 * that shows it in both places (a described Deployment's `replicas` and the `spec.replicas` of a
 * manifest applied to it) changes in both, so no read shows the old count.
 */
import { isRecord } from '../../domain/json-record.js';
import { toNormalName } from '../../domain/world-query.js';
import { countNames, toScaleArgument } from '../../reading/scale-argument.js';
import type { AnswerInput } from './world-conventions.js';

/**
 * The call with a scale tool's count moved to the field the record keeps it in; the call unchanged otherwise.
 *
 * @example
 *   withScaledCount(scaleInput, { name: 'web', replicas: 3 }).args; // { name: 'web', replicas: 5 } for { name: 'web', scale: 5 }
 */
export function withScaledCount(input: AnswerInput, current: Readonly<Record<string, unknown>>): AnswerInput {
  const argument = toScaleArgument(input.tool);
  const count = argument === null ? undefined : input.args[argument];
  if (argument === null || typeof count !== 'number') return input;
  const args: Record<string, unknown> = Object.fromEntries(Object.entries(input.args).filter(([name]) => name !== argument));
  let found = false;
  // Every place the record shows the count: a flat `replicas` and, where its manifest keeps one, `spec.replicas` too.
  const top = countField(current);
  if (top !== undefined) [args[top], found] = [count, true];
  // `spec.replicas`: a manifest keeps the count in the object that holds its desired state.
  for (const [name, value] of Object.entries(current)) {
    const inner = isRecord(value) ? countField(value) : undefined;
    if (inner !== undefined) [args[name], found] = [{ ...(value as Record<string, unknown>), [inner]: count }, true];
  }
  return found ? { ...input, args } : input;
}

/** The first field of a count name (`replicas`, `instances`) that holds a number. */
function countField(fields: Readonly<Record<string, unknown>>): string | undefined {
  return Object.keys(fields).find((name) => countNames.has(toNormalName(name)) && typeof fields[name] === 'number');
}
