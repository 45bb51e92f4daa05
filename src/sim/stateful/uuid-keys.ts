/**
 * A service whose records are keyed by a UUID it names as such (Coolify's `applications(id)`, the
 * id described as "Application UUID"; its API answers `{ uuid, name, ... }`): the records show
 * their key under `uuid` as well as under their id field, so an agent that reads `uuid` off a list
 * or a create finds the id the other tools take.
 */
import { fieldValue } from '../../domain/world-query.js';
import { propertiesOf } from '../../reading/tool-id-argument.js';
import type { AnswerInput } from './world-conventions.js';

/**
 * The fields with the key also under `uuid`, when the type's id argument is described as its UUID
 * and the fields show no `uuid` yet; the fields unchanged otherwise.
 *
 * @example
 *   withUuidKey(input, { id: 'project_1', name: 'webshop' }, 'project_1'); // { id: 'project_1', name: 'webshop', uuid: 'project_1' }
 */
export function withUuidKey(input: AnswerInput, fields: Record<string, unknown>, id: string): Record<string, unknown> {
  if (!keyedByUuid(input) || fieldValue(fields, 'uuid') !== undefined) return fields;
  return { ...fields, uuid: fields[input.shape.idField] ?? id };
}

/** Whether a tool of the call's type takes the type's id by an argument (not itself named uuid) that its description calls a UUID. */
function keyedByUuid(input: AnswerInput): boolean {
  const { entity, idField } = input.shape;
  if (/uuid/i.test(idField)) return false;
  for (const tool of input.serverTools) {
    const shape = input.shapes.get(tool.name);
    if (shape?.entity !== entity || shape.idArgument === null || /uuid/i.test(shape.idArgument)) continue;
    const description = propertiesOf(tool)[shape.idArgument]?.description;
    if (typeof description === 'string' && namesOwnUuid(description, entity)) return true;
  }
  return false;
}

/**
 * "Application UUID" for an application, "The private key's UUID", "UUID": the key called the
 * type's own UUID, not an id written as one ("ID (UUID format)") nor another thing's ("Item UUID
 * from the cart" for a basket).
 */
function namesOwnUuid(description: string, entity: string): boolean {
  if (/\bid\b|\bidentifier\b/i.test(description)) return false;
  const words = entity.split('_').join('[ _-]');
  return new RegExp(`^(?:the\\s+)?uuid\\b|\\b${words}(?:'s)?\\s+uuid\\b`, 'i').test(description.trim());
}
