/**
 * A list asked for one record by its own id: `get_files(file_id)`, `get_predictions(prediction_id)`,
 * read as lists of their type, are the service's `GET /files/{file_id}`, whose answer to an id it
 * does not hold is a not-found, not an empty list. So a list or search given its type's own record
 * id (listed-record-ids.ts) that the world holds under no type answers the not-found a read would,
 * where the type is the service's own records (a tool makes them), not reference data it ships with.
 */
import { entitiesOf, fieldValue, valuesMatch } from '../../domain/world-query.js';
import { isReferenceType } from './reference-data.js';
import { namesOwnRecordId } from './listed-record-ids.js';
import type { AnswerInput } from './world-conventions.js';
import { notFound } from './world-views.js';

/**
 * The not-found of the own record id a list is given, when no entity of its type holds it; null otherwise.
 *
 * @example
 *   listedIdNotFound(getFiles({ file_id: 'f_gone' })); // 'File f_gone not found' after delete_files({ file_id: 'f_gone' })
 */
export function listedIdNotFound(input: AnswerInput): string | null {
  const { shape } = input;
  if (shape.operation !== 'list' && shape.operation !== 'search') return null;
  const given = Object.entries(input.args).find(
    ([name, value]) =>
      (typeof value === 'string' ? value.trim() !== '' : typeof value === 'number') && namesOwnRecordId(name, shape.entity),
  );
  if (!given || isReferenceType(input)) return null;
  const [argument, value] = given;
  const held = entitiesOf(input.world, shape.entity).some(
    (entity) =>
      entity.id === String(value) ||
      [shape.idField, argument].some((field) => {
        const found = fieldValue(entity.fields, field);
        return found !== undefined && found !== null && valuesMatch(found, value);
      }),
  );
  // An id the world holds under another type names that thing: a Notion page is also the block its blocks go under.
  if (held || Object.values(input.world.entities).some((byId) => Object.hasOwn(byId, String(value)))) return null;
  return notFound(shape, String(value));
}
