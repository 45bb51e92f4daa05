/**
 * The field a service names its records by, for a type none of its tools names by id. Check
 * Point's tools name every object by `uid` (`show_access_layer(uid)`, `show_object(uid)`), and its
 * hosts are only listed (`show_hosts`): a host's id is a `uid` too, so an agent that reads `uid`
 * off the list can hand it to `show_object`. Where most of the types the tools take by id share one
 * record id field other than `id` (`uid`, `uuid`, `gid`), a type read only by lists and creates takes it.
 * Read once per service model (read-server.ts, `idTraitsOf`).
 */
import { toShapeChoices, type ToolShape } from './tool-shape.js';
import { isRecordIdArgument } from './record-id-argument.js';

/** The record id field most types some tool takes by id share, when it is not `id`; and those types. */
export interface ServiceIdField {
  field: string | null;
  named: ReadonlySet<string>;
}

/**
 * The id field of each type some tool takes by id; the one more than half of them share, when two
 * or more do and it is a record id other than `id`.
 *
 * @example
 *   toServiceIdField(checkPointShapes); // { field: 'uid', named: Set { 'access_layer', 'simple_gateway', ... } }
 */
export function toServiceIdField(shapes: ReadonlyMap<string, ToolShape>): ServiceIdField {
  const fieldOf = new Map<string, string>();
  for (const choice of toShapeChoices(shapes))
    if (choice.idArgument !== null && choice.operation !== 'create' && !fieldOf.has(choice.entity))
      fieldOf.set(choice.entity, choice.idField);
  const counts = new Map<string, number>();
  for (const field of fieldOf.values()) counts.set(field, (counts.get(field) ?? 0) + 1);
  const [field, count] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? ['id', 0];
  // A record id (`uid`, `uuid`, `gid`), not a name or a path some types are keyed by.
  const shared = field !== 'id' && isRecordIdArgument(field) && count >= 2 && count * 2 > fieldOf.size;
  return { field: shared ? field : null, named: new Set(fieldOf.keys()) };
}

/**
 * The service's id field for `entity`: null where a tool takes the type by id (its own field holds),
 * or the service shares none.
 *
 * @example
 *   serviceIdFieldOf(toServiceIdField(checkPointShapes), 'host'); // 'uid'
 */
export function serviceIdFieldOf(found: ServiceIdField, entity: string): string | null {
  return found.field === null || found.named.has(entity) ? null : found.field;
}
