/**
 * Working data among what looks like reference data: a type no tool creates but some tool changes
 * or removes by id (`confirm_order(id)`, `cancel_order(id)`, `delete_order(id)`) is the service's
 * own records, not a catalogue. Once a list has made its plausible set (reference-data.ts), a read
 * of an id outside that set is the service's not-found, as for any created type; a catalogue
 * (`show_rule(key)`, nothing changes rules) still invents the entity a key names.
 */
import type { AnswerInput } from './world-conventions.js';

/**
 * Whether a read of an unknown id of this type is a not-found although the type is reference data:
 * the world holds a set of it already and a tool of the server changes or removes it by id.
 *
 * @example
 *   isListedWorkingData(input); // true for get_order after list_orders, on a server with confirm_order(id)
 */
export function isListedWorkingData(input: AnswerInput): boolean {
  const type = input.shape.entity;
  if (!Object.hasOwn(input.world.entities, type)) return false;
  for (const shape of input.shapes.values()) {
    const choices = shape.dispatch ? Object.values(shape.dispatch.choices) : [shape];
    const changes = choices.some(
      (choice) =>
        choice.entity === type &&
        choice.idArgument !== null &&
        !choice.upsert &&
        (choice.operation === 'delete' || choice.operation === 'update'),
    );
    if (changes) return true;
  }
  return false;
}
