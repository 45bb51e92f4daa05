/**
 * A record that names another by its name where a filter gives that other's id: a described world
 * writes who a deal is assigned to as `assignedTo: 'Marco Ruiz'`, while the service's list filters
 * by `assignedTo: 'user_2'` ("Filter by assigned user ID"). The world holds user_2 as Marco Ruiz,
 * so the filter picks the records that name him as it picks those that hold his id: one person,
 * whichever way a record refers to him. The other way round too: work items that hold their
 * project's id are found by `project: 'Fabrikam Web'`, the name the world holds that id under.
 */
import type { WorldState } from '../../domain/memory-log.js';

/** The fields a record is known by to people: what a record that refers to it by name holds. */
const nameFields = ['name', 'title', 'displayName', 'fullName', 'full_name', 'display_name', 'username', 'login', 'email'];

/**
 * Whether `field` (a record's value) is the name of the record the world holds under the id
 * `value` (a filter's), of any type.
 *
 * @example
 *   namesHeldRecord({ entities: { user: { user_2: { name: 'Marco Ruiz' } } }, facts: [] }, 'Marco Ruiz', 'user_2'); // true
 */
export function namesHeldRecord(world: WorldState, field: unknown, value: unknown): boolean {
  return isNameOfHeld(world, field, value) || (typeof value === 'string' && isNameOfHeld(world, value, field));
}

function isNameOfHeld(world: WorldState, field: unknown, value: unknown): boolean {
  if (typeof field !== 'string' || field.trim() === '' || (typeof value !== 'string' && typeof value !== 'number')) return false;
  const id = String(value);
  const wanted = field.trim().toLowerCase();
  if (id === field) return false;
  for (const byId of Object.values(world.entities)) {
    const held = Object.hasOwn(byId, id) ? byId[id] : undefined;
    if (held && nameFields.some((name) => typeof held[name] === 'string' && held[name].trim().toLowerCase() === wanted)) return true;
  }
  return false;
}
