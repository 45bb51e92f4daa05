/**
 * Working data among what looks like reference data: a type no tool creates but some tool changes
 * or removes by id (`confirm_order(id)`, `cancel_order(id)`, `delete_order(id)`) is the service's
 * own records, not a catalogue. Once a list has made its plausible set (reference-data.ts), a read
 * of an id outside that set is the service's not-found, as for any created type; a catalogue
 * (`show_rule(key)`, nothing changes rules) still invents the entity a key names.
 *
 * A type an action of its own acts on by a record id (`refund_order(orderId)`: no create, read,
 * update or delete, a service's verb) is the service's records before any list too: a read of an
 * id the world lacks is the not-found. (An edit or delete by id alone is not enough before a list:
 * a catalogue's reads by id still invent, as the public servers' walks expect.)
 *
 * So is a type read by a record id (`get_deal(dealId)`, `get_customer(customerId)`) once a list
 * has made its set, though no tool changes it (a read-only CRM or shop): an opaque id can only come
 * from the service's own answers, so one none of them gave is the service's not-found; a natural
 * key (`key`, `code`, `name`, `handle`) may be known from elsewhere, and still invents its entity.
 */
import { toWords } from '../../reading/entity-words.js';
import { toShapeChoices } from '../../reading/tool-shape.js';
import type { AnswerInput } from './world-conventions.js';

/** Last words of an id argument that name an opaque record id, not a key a person could know. */
const recordIdWords = new Set(['id', 'uuid', 'gid', 'uid']);

/**
 * Whether a read of an unknown id of this type is a not-found although the type is reference data:
 * the world holds a set of it already and a tool of the server changes or removes it by id.
 *
 * @example
 *   isListedWorkingData(input); // true for get_order after list_orders, on a server with confirm_order(id)
 */
export function isListedWorkingData(input: AnswerInput): boolean {
  const type = input.shape.entity;
  // `refund_order(orderId)`: an action on the type by a record id says the service keeps its records, listed yet or not.
  if (changedByRecordId(input)) return true;
  if (!Object.hasOwn(input.world.entities, type)) return false;
  if (isRecordId(input.shape.idArgument)) return true;
  return toShapeChoices(input.shapes).some(
    (choice) =>
      choice.entity === type &&
      choice.idArgument !== null &&
      !choice.upsert &&
      (choice.operation === 'delete' || choice.operation === 'update'),
  );
}

/** Whether an action that is no entity operation acts on the call's type by a record id (`refund_order(orderId)`). */
function changedByRecordId(input: AnswerInput): boolean {
  return toShapeChoices(input.shapes).some(
    (choice) => choice.entity === input.shape.entity && !choice.upsert && choice.operation === 'other' && isRecordId(choice.idArgument),
  );
}

/** Whether an id argument names an opaque record id (`dealId`, `customer_id`, `uuid`), not a natural key. */
function isRecordId(argument: string | null): boolean {
  if (argument === null) return false;
  const last = toWords(argument).at(-1);
  return last !== undefined && recordIdWords.has(last);
}
