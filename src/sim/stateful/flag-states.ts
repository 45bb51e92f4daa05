/**
 * A state the tools carry as a yes/no field. Where a type has two states and its tools take or
 * show a boolean named for one of them (n8n's workflows are `active | inactive`, moved by
 * `activate_workflow` / `deactivate_workflow`, and `create_workflow(active)`, `list_workflows(active)`
 * take `active: boolean`), the service keeps the state in that field: a workflow is `active: true`,
 * never `state: "active"`. Every write of the state (the start a create or a seed gives, a
 * transition) goes through here, so the record, its answers and the list filter meet one field.
 */
import { isRecord } from '../../domain/json-record.js';
import { toNormalName } from '../../domain/world-query.js';
import type { ServiceModel } from '../../reading/read-server.js';

/** A type's state kept as a flag: the flag's field as the tools spell it, and the state it is true in. */
export interface StateFlag {
  field: string;
  on: string;
  states: readonly string[];
}

type Fields = Readonly<Record<string, unknown>>;

const flags = new WeakMap<ServiceModel, Map<string, StateFlag | null>>();

/**
 * The yes/no field a type's state is kept in, or null where its tools carry no such flag.
 *
 * @example
 *   stateFlagOf(n8nModel, 'workflow'); // { field: 'active', on: 'active', states: ['active', 'inactive'] }
 */
export function stateFlagOf(model: ServiceModel, type: string): StateFlag | null {
  let byType = flags.get(model);
  if (!byType) flags.set(model, (byType = new Map()));
  if (!byType.has(type)) byType.set(type, readFlag(model, type));
  return byType.get(type)!;
}

function readFlag(model: ServiceModel, type: string): StateFlag | null {
  const state = model.entityTypes.get(type)?.state;
  if (!state || state.values.length !== 2) return null;
  for (const tool of model.tools) {
    if (model.shapes.get(tool.name)?.entity !== type) continue;
    const properties = isRecord(tool.inputSchema.properties) ? tool.inputSchema.properties : {};
    for (const [name, schema] of Object.entries(properties)) {
      if (!isRecord(schema) || schema.type !== 'boolean') continue;
      const named = toNormalName(name).replace(/^is/, '');
      const on = state.values.find((value) => toNormalName(value) === named);
      if (on !== undefined) return { field: name, on, states: state.values };
    }
  }
  return null;
}

/**
 * `fields` with a state of the type written in its flag instead (`{ state: 'inactive' }` →
 * `{ active: false }`); the same fields where the type keeps no flag or they hold no state.
 *
 * @example
 *   toFlagFields(n8nModel, 'workflow', { name: 'Order sync', state: 'active' }); // { name: 'Order sync', active: true }
 */
export function toFlagFields(model: ServiceModel, type: string, fields: Fields): Record<string, unknown> {
  const flag = stateFlagOf(model, type);
  if (!flag) return { ...fields };
  const stateField = model.entityTypes.get(type)?.state?.field ?? 'state';
  const names = new Set(['state', 'status', toNormalName(stateField)]);
  const result: Record<string, unknown> = {};
  let value: boolean | undefined;
  for (const [name, current] of Object.entries(fields)) {
    const state = typeof current === 'string' && names.has(toNormalName(name)) ? toNormalName(current) : undefined;
    if (state !== undefined && flag.states.some((known) => toNormalName(known) === state)) value = state === toNormalName(flag.on);
    else result[name] = current;
  }
  if (value !== undefined) result[flag.field] = value;
  return result;
}

/**
 * A start state as the type keeps it: `{ name: 'state', value: 'inactive' }` is `{ name: 'active', value: false }`.
 *
 * @example
 *   toFlagState(n8nModel, 'workflow', { name: 'state', value: 'inactive' }); // { name: 'active', value: false }
 */
export function toFlagState(
  model: ServiceModel,
  type: string,
  state: { name: string; value: unknown } | null,
): { name: string; value: unknown } | null {
  if (state === null) return null;
  const [entry] = Object.entries(toFlagFields(model, type, { [state.name]: state.value }));
  return entry ? { name: entry[0], value: entry[1] } : state;
}
