/**
 * What the simulator needs of a type's ids and names beyond its keys (entity-keys.ts): the service's
 * id field where no tool takes the type by id (service-id-field.ts), whether its ids are numbers
 * (numeric-ids.ts; as the service's other types' where no tool types them, service-numeric-ids.ts) or as the argument that takes one back declares (declared-id-type.ts), whether
 * the service assigns them (assigned-ids.ts), and the field that names a record (name-field.ts).
 * Read once per service model and type (read-server.ts, `idTraitsOf`), with the scenario's
 * corrections, so the simulator answers as `mcpsim explain` says.
 */
import type { ToolDefinition } from '../domain/registry.js';
import type { ToolShape } from './tool-shape.js';
import { serviceIdFieldOf, type ServiceIdField } from './service-id-field.js';
import { idTypesOf, isMostlyNumbers } from './numeric-ids.js';
import { toDeclaredIdType } from './declared-id-type.js';
import { toAssignedIds, type AssignedIds } from './assigned-ids.js';
import { toNameField } from './name-field.js';

/** A type's id and name traits. */
export interface IdTraits {
  /** The record id field most of the service's types share (`uid`), where no tool takes this type by id; else null. */
  serviceIdField: string | null;
  /** Whether most places the tools type the id say it is a number. */
  numeric: boolean;
  /** Whether the service assigns the ids, and the arguments that name the type. */
  assigned: AssignedIds;
  /** The field that names a record the simulator makes up (`name`, `title`, a commit's `message`). */
  nameField: string;
  /** The one type the type's tools give an argument named `field` (`id: string`); null when none does or they differ. */
  declaredType(field: string): 'number' | 'string' | null;
}

/**
 * The traits of `entity`, its declared types read per field on first use.
 *
 * @example
 *   toIdTraits(tools, shapes, [], toServiceIdField(shapes), () => false, 'host').serviceIdField; // 'uid' where show_access_layer(uid), show_object(uid)
 */
export function toIdTraits(
  tools: readonly ToolDefinition[],
  shapes: ReadonlyMap<string, ToolShape>,
  serverNames: readonly string[],
  serviceIdField: ServiceIdField,
  serviceNumeric: () => boolean,
  entity: string,
  otherKeys: readonly string[] = [],
): IdTraits {
  const types = entity === 'item' ? [] : idTypesOf(tools, shapes, entity, otherKeys);
  const declared = new Map<string, 'number' | 'string' | null>();
  return {
    serviceIdField: serviceIdFieldOf(serviceIdField, entity),
    numeric: entity !== 'item' && (types.length > 0 ? isMostlyNumbers(types) : serviceNumeric()),
    assigned: toAssignedIds(tools, shapes, entity),
    nameField: toNameField(tools, shapes, serverNames, entity),
    declaredType(field) {
      let found = declared.get(field);
      if (found === undefined) declared.set(field, (found = toDeclaredIdType(tools, shapes, entity, field)));
      return found;
    },
  };
}

/**
 * A shape with its ids as the simulator shows them: in the service's id field where its type has
 * none of its own, numbers where most places the tools type them say so, then as the argument named
 * as the id field declares them (Datadog's `monitors(id: string)` beside `monitor_id: number`).
 *
 * @example
 *   withIdTraits(createMonitor, model.idTraitsOf('monitor')).numericId; // false where monitors(id: { type: 'string' })
 */
export function withIdTraits(shape: ToolShape, traits: IdTraits): ToolShape {
  let typed = shape;
  if (typed.idField === 'id' && traits.serviceIdField !== null) typed = { ...typed, idField: traits.serviceIdField };
  if (!typed.numericId && traits.numeric) typed = { ...typed, numericId: true };
  const declared = traits.declaredType(typed.idField);
  if (declared === null || (declared === 'number') === typed.numericId) return typed;
  return { ...typed, numericId: declared === 'number' };
}
