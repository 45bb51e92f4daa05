/**
 * An entity shown the way its create was given it: a service whose create takes the values in one
 * object argument (`create_record(baseId, tableId, fields: {...})`, HubSpot's `properties`)
 * answers them under that key (`{ id, createdAt, fields: { Name, Status } }`). The world keeps the
 * values flat, so filters and updates find them by name; only the view nests them.
 */
import { isPayloadArgument } from '../../reading/argument-payload.js';
import { propertiesOf } from '../../reading/tool-id-argument.js';
import { scopeArguments, type AnswerInput } from './world-conventions.js';

const keys = new WeakMap<ReadonlyMap<string, unknown>, Map<string, string | null>>();
/** Fields about the record rather than in it: when it was made or changed, by whom. */
const recordStamp = /^(?:created|updated|modified|deleted)(?:_?(?:at|time|on|by|date))?$/i;

/**
 * The object argument the entity type's create takes its values in, or null: a property of type
 * object named as a payload (`fields`, `properties`, `attributes`, `values`, `data`).
 *
 * @example
 *   payloadKeyOf(input); // 'fields' for records made by create_record(baseId, tableId, fields)
 */
export function payloadKeyOf(input: AnswerInput): string | null {
  let byEntity = keys.get(input.shapes);
  if (!byEntity) keys.set(input.shapes, (byEntity = new Map()));
  const entity = input.shape.entity;
  if (byEntity.has(entity)) return byEntity.get(entity)!;
  let found: string | null = null;
  for (const tool of input.serverTools) {
    const shape = input.shapes.get(tool.name);
    if (shape?.operation !== 'create' || shape.entity !== entity) continue;
    const key = Object.entries(propertiesOf(tool)).find(([name, schema]) => isPayloadArgument(name) && schema.type === 'object')?.[0];
    if (key !== undefined) {
      found = key;
      break;
    }
  }
  byEntity.set(entity, found);
  return found;
}

/**
 * The view with the entity's values under the create's payload key; its id, its scope (`baseId`),
 * the create's other arguments and its stamps stay beside. Unchanged when the type has no payload
 * key or the view already holds it.
 *
 * @example
 *   withPayloadKey(input, { id: 'rec…', tableId: 'tbl…', Name: 'Export' }); // { id: 'rec…', tableId: 'tbl…', fields: { Name: 'Export' } }
 */
export function withPayloadKey(input: AnswerInput, view: Record<string, unknown>): Record<string, unknown> {
  const key = payloadKeyOf(input);
  if (key === null || Object.hasOwn(view, key)) return view;
  const beside = new Set([input.shape.idField, 'id', ...scopeArguments(input), ...createArguments(input, key)]);
  const outside: Record<string, unknown> = {};
  const inside: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(view)) {
    if (beside.has(name) || recordStamp.test(name)) outside[name] = value;
    else inside[name] = value;
  }
  return { ...outside, [key]: inside };
}

/** A view nested by `withPayloadKey` flat again: what the world stores. */
export function withoutPayloadKey(input: AnswerInput, view: Record<string, unknown>): Record<string, unknown> {
  const key = payloadKeyOf(input);
  const inner = key === null ? undefined : view[key];
  if (key === null || inner === null || typeof inner !== 'object' || Array.isArray(inner)) return view;
  const { [key]: _nested, ...outside } = view;
  return { ...outside, ...(inner as Record<string, unknown>) };
}

/** The create's arguments other than its payload (`baseId`, `tableId`): shown beside the payload. */
function createArguments(input: AnswerInput, key: string): string[] {
  const names: string[] = [];
  for (const tool of input.serverTools) {
    const shape = input.shapes.get(tool.name);
    if (shape?.operation === 'create' && shape.entity === input.shape.entity)
      names.push(...Object.keys(propertiesOf(tool)).filter((name) => name !== key));
  }
  return names;
}
