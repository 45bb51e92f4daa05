/**
 * A new record continues its siblings' numbers: where the type's records keep a number apart from
 * their id (PagerDuty's `incident_number`, a `number`: reading/described-number.ts), a create that
 * gives none takes the next after the highest its type holds (#1043 after the scenario's #1042),
 * never a made-up one far from them. Where no record holds a number yet, the fit makes one up as before.
 */
import { fieldValue, type EntityRecord } from '../../domain/world-query.js';
import { toNumberField } from '../../reading/described-number.js';
import type { AnswerInput } from './world-conventions.js';

/**
 * The number field a new record of the call's type takes, or nothing.
 *
 * @example
 *   toNextNumber(createIncident, { title: 'Card declines rising' }, incidents); // { incident_number: 1043 } after #1039, #1041, #1042
 */
export function toNextNumber(
  input: Pick<AnswerInput, 'model' | 'shape'>,
  fields: Readonly<Record<string, unknown>>,
  existing: readonly EntityRecord[],
): Record<string, number | string> {
  const numbered = toNumberField(input.model, input.shape.entity, input.shape.idField);
  if (numbered === null || fieldValue(fields, numbered.field) !== undefined) return {};
  const numbers = existing.map((entity) => Number(fieldValue(entity.fields, numbered.field))).filter(Number.isSafeInteger);
  if (numbers.length === 0) return {};
  const next = Math.max(...numbers) + 1;
  return { [numbered.field]: numbered.numeric ? next : String(next) };
}
