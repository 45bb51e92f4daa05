/**
 * A list whose items are references to another type shows the records they name: PagerDuty's
 * `list_team_members(team_id)` answers `UserReference` items (Pydantic's model `{id, summary,
 * type}`) for the memberships a team holds. A membership ties the team and the user
 * (`{team_id, user_id}`), so its item is the user it names: the user's id, and the reference type
 * spelled from the model's title (`user_reference`), as the service spells its references. Only
 * where the title names a type other than the listed one and the record names that type by id.
 */
import { isRecord } from '../../domain/json-record.js';
import { toNormalName } from '../../domain/world-query.js';
import { toSingular, toWords } from '../../reading/entity-words.js';

/**
 * The item `view` as the reference its schema's title says it is, or `view` unchanged.
 *
 * @example
 *   asReferredRecord({ id: 'PG7R7QY', user_id: 'PT62O4N' }, userReferenceSchema, 'member', fields); // { id: 'PT62O4N', user_id: 'PT62O4N', type: 'user_reference' }
 */
export function asReferredRecord(
  view: Record<string, unknown>,
  schema: Record<string, unknown>,
  entity: string,
  fields: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const title = typeof schema.title === 'string' ? /^([A-Za-z]+?)_?Reference$/.exec(schema.title)?.[1] : undefined;
  const properties = isRecord(schema.properties) ? schema.properties : {};
  if (title === undefined || !isRecord(properties.id)) return view;
  const type = toSingular(toWords(title).join('_'));
  if (type === '' || toNormalName(type) === toNormalName(entity)) return view;
  const key = Object.keys(fields).find((name) => toNormalName(name) === toNormalName(`${type}_id`));
  const id = key === undefined ? undefined : fields[key];
  if (typeof id !== 'string' && typeof id !== 'number') return view;
  const typed = isRecord(properties.type) && properties.type.type === 'string' && !('enum' in properties.type);
  return { ...view, id, ...(typed ? { type: `${type}_reference` } : {}) };
}
