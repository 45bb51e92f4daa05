/**
 * A "create" that names an existing entity by its record id acts on it. Render's
 * `deploy_service(serviceId)` reads as a create of a service (the verb `deploy` makes something),
 * but `serviceId` is an opaque id only the service hands out, so the caller cannot be naming a new
 * service: it names the one the deploy is of. Where a word of the tool's name is another type the
 * server keeps (`get_deploys` lists deploys), the call makes one of those under the entity (a
 * deploy whose `serviceId` is the service's), as a service does; else it is an action on the
 * entity, answered as one (action-answer.ts). Only where another tool of the server makes that
 * type without the id (`create_service(name)`: the service hands the ids out); a key the caller
 * picks (`create_branch(branch)`, a type's only create taking `document_id`) is a new name, and an
 * existing one stays an "already exists". An id of the service's that the world does not hold is
 * its not-found (`send_invoice(invoice_id: 777)`), never a new record under that id.
 */
import { toSingular, toWords } from '../../reading/entity-words.js';
import { entitiesOf } from '../../domain/world-query.js';
import { namesHandedOutRecord } from '../../reading/handed-out-ids.js';
import { findEntity, notFound } from './world-views.js';
import { answerAction } from './action-answer.js';
import type { Answer, AnswerInput } from './world-conventions.js';

/**
 * The answer of a create whose record id argument names an entity the world holds, or null when
 * the call creates as it reads.
 *
 * @example
 *   answerOnExisting(deployServiceInput, create); // { value: { id: 'deploy_1', serviceId: 'service_1', ... } }
 */
export function answerOnExisting(input: AnswerInput, create: (input: AnswerInput) => Answer): Answer | null {
  const { shape, args } = input;
  // Only where another tool makes the type with no such id (`create_service(name)`): the service gives those ids, so this one
  // names a made entity; a create that is the type's only one may take an id its caller picks (`create_document(document_id)`).
  if (!namesHandedOutRecord(shape, input.shapes)) return null;
  const idValue = args[shape.idArgument!];
  if (idValue === undefined || idValue === null || typeof idValue === 'object') return null;
  // `send_invoice(invoice_id: 777)`: an id only the service hands out that it never handed out names nothing to act on
  // (`POST /invoices/777/send` is a 404), so it is the service's not-found, never a new record under that id.
  if (!findEntity(input, entitiesOf(input.world, shape.entity), String(idValue))) return { error: notFound(shape, String(idValue)) };
  const made = madeType(input);
  if (made === null) return answerAction({ ...input, shape: { ...shape, operation: 'other' } });
  const { idField, numericId } = made;
  return create({
    ...input,
    shape: { ...shape, entity: made.entity, idArgument: null, idField, numericId, strict: false, upsert: false, sets: {}, find: false },
  });
}

/** The other type of the server a word of the tool's name names (`deploy` of `deploy_service`), with how its ids look. */
function madeType(input: AnswerInput): { entity: string; idField: string; numericId: boolean } | null {
  const words = toWords(input.tool.name).map(toSingular);
  for (const shape of input.shapes.values())
    if (shape.entity !== input.shape.entity && words.includes(shape.entity) && shape.operation !== 'other')
      return { entity: shape.entity, idField: shape.idField, numericId: shape.numericId };
  return null;
}
