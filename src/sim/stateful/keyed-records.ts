/**
 * Records a tool names by a key the record holds rather than by an id argument: Discourse's
 * `get_user(username)` and `update_user(username, location)`, a directory's `update_member(email)`.
 * A service finds such a record by that unique field the same way in every tool, so an update or
 * a delete whose name says so (`update_`, `delete_`) acts on the one record its key finds, as the
 * read of that type finds it, instead of being acknowledged and forgotten; and on a type the
 * server's own tools write (written-types.ts), a read by a key no record holds is the service's
 * not-found, as a read by an id no write made is, instead of a record made up for it. A type the
 * world holds nothing of yet, or no record of which holds that field, is left to the made-up
 * reading (`get_forecast(city)`).
 */
import { entitiesOf, fieldValue, valuesMatch, type EntityRecord } from '../../domain/world-query.js';
import { parseToolName, toCommonPrefix } from '../../reading/tool-name.js';
import { isWrittenType } from './written-types.js';
import { toLabel } from './world-views.js';
import { dataArguments, type Answer, type AnswerInput } from './world-conventions.js';

/**
 * The answer of an update or a delete with no id argument on the one record a key argument finds,
 * through the world's own update or delete; null when the name says neither or no key finds one record.
 *
 * @example
 *   toKeyedWrite(updateUserInput, update, remove); // update_user({ username: 'carla_r', location: 'Milan' }) merges into that user
 */
export function toKeyedWrite(
  input: AnswerInput,
  update: (input: AnswerInput) => Answer,
  remove: (input: AnswerInput) => Answer,
): Answer | null {
  if (input.shape.idArgument !== null) return null;
  const operation = parseToolName(input.tool.name, toCommonPrefix(input.serverTools)).meaning?.operation;
  if (operation !== 'update' && operation !== 'delete') return null;
  const keyed = findKeyedRecord(input);
  if (keyed === null) return null;
  // The record's own id under its id field names it to the world's update and delete; the key stays a field it holds.
  const { idField } = input.shape;
  const shape = { ...input.shape, operation, idArgument: idField };
  const args = { ...input.args, [idField]: keyed.id };
  return (operation === 'update' ? update : remove)({ ...input, shape, args });
}

/**
 * The not-found of a read with no id argument whose one argument is a key no record holds, on a
 * type the server writes and the world holds records of that carry that field; else null.
 *
 * @example
 *   keyedReadMiss(getUserInput); // 'User not found: none has username "nobody_here"' once users are held
 */
export function keyedReadMiss(input: AnswerInput): string | null {
  if (input.shape.idArgument !== null || !isWrittenType(input)) return null;
  const data = Object.entries(dataArguments(input));
  if (data.length !== 1) return null;
  const [name, value] = data[0]!;
  if (value === null || typeof value === 'object') return null;
  const entities = entitiesOf(input.world, input.shape.entity);
  const holding = entities.filter((entity) => fieldValue(entity.fields, name) !== undefined);
  if (holding.length === 0 || holding.some((entity) => valuesMatch(fieldValue(entity.fields, name), value))) return null;
  return `${toLabel(input.shape.entity)} not found: none has ${name} ${JSON.stringify(value)}`;
}

/** The one held record of the call's type a scalar argument's value finds under the field of its name, or null. */
function findKeyedRecord(input: AnswerInput): EntityRecord | null {
  const entities = entitiesOf(input.world, input.shape.entity);
  if (entities.length === 0) return null;
  for (const [name, value] of Object.entries(dataArguments(input))) {
    if (value === null || typeof value === 'object' || typeof value === 'boolean') continue;
    const found = entities.filter((entity) => valuesMatch(fieldValue(entity.fields, name), value));
    if (found.length === 1) return found[0]!;
  }
  return null;
}
