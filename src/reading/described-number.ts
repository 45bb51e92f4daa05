/**
 * Where a number a description writes before a name goes (`#1042 "Checkout 500s spike"`): into the
 * type's number field where its records keep one (`number`, `incident_number`, `issueNumber`: the
 * number people call a record by, as PagerDuty's "The number of the incident. This is unique across
 * your account" beside its string `id`), so the id keeps the service's format. Where the type keeps
 * no number, the number is the id (described-world.ts). Pure.
 */
import { toNormalName } from '../domain/world-query.js';
import { toWords } from './entity-words.js';
import { outputProperties } from './entity-traits.js';
import type { ServiceModel } from './read-server.js';

/** A type's number field and whether its records hold the number as a number. */
export interface NumberField {
  field: string;
  numeric: boolean;
}

/**
 * The field of `type` the described keys' numbers go to, or null where no key is a number or its records keep no number apart from their id.
 *
 * @example
 *   toDescribedNumberField(pagerDutyModel, 'incident', 'id', [{ key: '#1042' }]); // { field: 'incident_number', numeric: true }
 */
export function toDescribedNumberField(
  model: Pick<ServiceModel, 'tools' | 'shapes'>,
  type: string,
  idField: string,
  named: Iterable<{ key: string | undefined }>,
): NumberField | null {
  return [...named].some(({ key }) => toDescribedNumber(key) !== undefined) ? toNumberField(model, type, idField) : null;
}

/**
 * The field the records of `type` keep their number in apart from their id (`incident_number`), or null.
 *
 * @example
 *   toNumberField(pagerDutyModel, 'incident', 'id'); // { field: 'incident_number', numeric: true }
 */
export function toNumberField(model: Pick<ServiceModel, 'tools' | 'shapes'>, type: string, idField: string): NumberField | null {
  const wanted = new Set(['number', `${toWords(type).join('')}number`]);
  for (const tool of model.tools) {
    if (model.shapes.get(tool.name)?.entity !== type) continue;
    for (const [name, schema] of Object.entries(outputProperties(tool.outputSchema))) {
      if (!wanted.has(toNormalName(name)) || toNormalName(name) === toNormalName(idField)) continue;
      return { field: name, numeric: ['integer', 'number'].includes(String((schema as { type?: unknown }).type)) };
    }
  }
  return null;
}

/**
 * The number field a key gives a record (`{ incident_number: 1042 }` for `#1042`), or nothing.
 *
 * @example
 *   toNumberFields({ field: 'incident_number', numeric: true }, '#1042'); // { incident_number: 1042 }
 */
export function toNumberFields(numberField: NumberField | null, key: string | undefined): Record<string, number | string> {
  const number = toDescribedNumber(key);
  return numberField === null || number === undefined ? {} : { [numberField.field]: numberField.numeric ? number : String(number) };
}

/**
 * The number a key written before a name gives (`#1042`, `1042`), or undefined for a key of another kind (`WEB-1`).
 *
 * @example
 *   toDescribedNumber('#1042'); // 1042
 */
export function toDescribedNumber(key: string | undefined): number | undefined {
  return key !== undefined && /^#?\d{1,15}$/.test(key) ? Number(key.replace(/^#/, '')) : undefined;
}
