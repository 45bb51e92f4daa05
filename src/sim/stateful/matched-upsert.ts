/**
 * The record an upsert matched by field values finds (reading/upsert-match.ts): `upsert_contact(email,
 * phone)` "matched by email or phone" updates the contact holding that address or number, and makes a
 * new one (with an id of its own) where none does. A scope argument the record does not name
 * (`locationId` on a contact seeded before any sub-account was named) does not set it apart.
 */
import { entitiesOf, fieldValue, toNormalName, valuesMatch, type EntityRecord } from '../../domain/world-query.js';
import { scopeArguments, type AnswerInput } from './world-conventions.js';

/**
 * The record the call's match arguments find, or undefined (none given, or none holds them).
 *
 * @example
 *   toMatchedRecord(input); // { id: 'contact_2', fields: { email: 'omar@haddad.io', ... } } for upsert_contact({ email: 'omar@haddad.io' })
 */
export function toMatchedRecord(input: AnswerInput): EntityRecord | undefined {
  const match = input.shape.matchBy;
  if (match === undefined) return undefined;
  const given = match.arguments.filter((name) => input.args[name] !== undefined && input.args[name] !== null && input.args[name] !== '');
  if (given.length === 0) return undefined;
  const scope = new Set([...scopeArguments(input)].map(toNormalName));
  const holds = (record: EntityRecord, name: string) => {
    const held = fieldValue(record.fields, name);
    if (held === undefined) return scope.has(toNormalName(name));
    return valuesMatch(held, input.args[name]);
  };
  // All must agree where the description joins them with `and`: a deal is matched by its pipeline and its contact, not either.
  const wanted = match.every ? given : given.filter((name) => !scope.has(toNormalName(name)));
  if (wanted.length === 0) return undefined;
  return entitiesOf(input.world, input.shape.entity).find((record) =>
    match.every
      ? wanted.every((name) => holds(record, name))
      : wanted.some((name) => fieldValue(record.fields, name) !== undefined && holds(record, name)),
  );
}
