/**
 * A list item whose schema keeps only a few properties and forbids the rest (BoondManager's
 * search items `{ id, type, summary }`) still says which record it is: a `summary`, `label`,
 * `displayName`, `fullName`, `name` or `title` property the record does not hold gets the record's
 * own name or title (`Acme Logistique`), or its first and last name (`Julie Perrin`), as the
 * service's summary line does. Without it every item was a bare id. Pure.
 */
import { fieldValue, nameFields, toNormalName } from '../../domain/world-query.js';

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

/** The record's name or title, else its first and last name joined. */
function recordName(fields: Fields): string | undefined {
  const named = Object.entries(fields).find(
    ([key, value]) => nameFields.has(toNormalName(key)) && typeof value === 'string' && value !== '',
  );
  if (named) return named[1] as string;
  const parts = [
    ['firstname', 'givenname'],
    ['lastname', 'familyname', 'surname'],
  ].map((names) => Object.entries(fields).find(([key, value]) => names.includes(toNormalName(key)) && typeof value === 'string')?.[1]);
  const joined = parts.filter((part): part is string => typeof part === 'string' && part !== '').join(' ');
  return joined === '' ? undefined : joined;
}
