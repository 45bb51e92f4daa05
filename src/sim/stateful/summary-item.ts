/**
 * A list item whose schema keeps only a few properties and forbids the rest (BoondManager's
 * search items `{ id, type, summary }`) still says which record it is: a `summary`, `label`,
 * `displayName`, `fullName`, `name` or `title` property the record does not hold gets the record's
 * own name (`Acme Logistique`), else its first and last name (`Julie Perrin`, never her job title),
 * else its title, as the service's summary line does. Without it every item was a bare id. Pure.
 */
import { fieldValue, toNormalName } from '../../domain/world-query.js';

type Fields = Readonly<Record<string, unknown>>;

/** The item properties that name the record in words. */
const namingProperties = new Set(['summary', 'label', 'displayname', 'fullname', 'name', 'title']);

/**
 * `view` with the item schema's naming properties the record lacks filled from its name.
 *
 * @example
 *   withSummary({ id: '101' }, { properties: { id: {}, summary: { type: 'string' } }, additionalProperties: false }, { firstName: 'Julie', lastName: 'Perrin' });
 *   // { id: '101', summary: 'Julie Perrin' }
 */
export function withSummary(view: Record<string, unknown>, schema: Record<string, unknown>, fields: Fields): Record<string, unknown> {
  const properties = schema.properties;
  if (schema.additionalProperties !== false || properties === null || typeof properties !== 'object') return view;
  const missing = Object.entries(properties as Record<string, { type?: unknown }>).filter(
    ([key, property]) =>
      namingProperties.has(toNormalName(key)) &&
      (property?.type === undefined || property.type === 'string') &&
      fieldValue(fields, key) === undefined &&
      view[key] === undefined,
  );
  if (missing.length === 0) return view;
  const name = recordName(fields);
  if (name === undefined) return view;
  return { ...view, ...Object.fromEntries(missing.map(([key]) => [key, name])) };
}

/** The record's name, else its first and last name joined, else its title, label or subject (a contact's `title` is a job). */
function recordName(fields: Fields): string | undefined {
  const text = (names: readonly string[]) =>
    names
      .map((name) => Object.entries(fields).find(([key, value]) => toNormalName(key) === name && typeof value === 'string' && value !== ''))
      .find((entry) => entry !== undefined)?.[1] as string | undefined;
  const person = [text(['firstname', 'givenname']), text(['lastname', 'familyname', 'surname'])].filter((part) => part !== undefined);
  return text(['name', 'displayname', 'fullname']) ?? (person.length > 0 ? person.join(' ') : text(['title', 'label', 'subject']));
}
