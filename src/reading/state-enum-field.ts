/**
 * The field a state verb's state lives in when it is not `status` or `state`: `mark_order_paid`
 * sets the order's `financial_status`, because `list_orders` filters `financial_status` by
 * `pending | paid | refunded`; `deals.markWon` sets the deal's `stage`, whose enum holds `won`.
 * The server's own enums (of any tool of the entity, a create's input or a list's filter) say
 * which field holds the state; the simulator then writes that field as it writes any other. A
 * sort argument's enum lists fields: a state it names (`acknowledge_alert` where alerts sort by
 * `acknowledged`) is a flag of that name, set true.
 */
import type { ToolDefinition } from '../domain/registry.js';
import { isControlArgument, toNormalName } from '../domain/world-query.js';
import { stateSpellings } from './tool-verbs.js';
import { propertiesOf } from './tool-id-argument.js';
import { toSingular } from './entity-words.js';
import type { ToolShape } from './tool-shape.js';
import { withArchiveFlag } from './archive-flag.js';

const stateNames = new Set(['status', 'state']);

/**
 * The shape with its `sets.state` moved to the one field whose enum holds that state, as the
 * enum spells it; the shape itself when a `status`/`state` field holds it, or no field or more
 * than one does.
 *
 * @example
 *   withEnumStateField(markOrderPaid, tools, shapes).sets; // { financial_status: 'paid' }
 */
export function withEnumStateField(given: ToolShape, tools: readonly ToolDefinition[], shapes: ReadonlyMap<string, ToolShape>): ToolShape {
  // `archive` sets the flag the server archives with (`closed` on Trello; archive-flag.ts).
  const shape = withArchiveFlag(given, tools, shapes);
  const state = shape.sets.state;
  if (shape.operation !== 'update' || typeof state !== 'string') return shape;
  const spellings = (stateSpellings[state] ?? [state]).map(toNormalName);
  const holders = new Map<string, string>();
  let flag: string | undefined;
  for (const tool of tools) {
    if (shapes.get(tool.name)?.entity !== shape.entity) continue;
    for (const [name, schema] of Object.entries(propertiesOf(tool))) {
      const value = enumOf(schema).find((item) => spellings.includes(toNormalName(item)));
      // A sort argument's enum names fields, not states: `sort: acknowledged` says the entity has an `acknowledged` flag.
      if (isControlArgument(name)) {
        flag ??= value;
        continue;
      }
      // A list filter of many values names its field in the plural: `statuses: [triggered, resolved]` filters `status`.
      const field = Array.isArray(schema.enum) ? name : toSingular(name);
      if (value !== undefined && !holders.has(field)) holders.set(field, value);
    }
  }
  if (holders.size === 0 && flag !== undefined) {
    const { state: _flagged, ...rest } = shape.sets;
    return { ...shape, sets: { ...rest, [flag]: true } };
  }
  if ([...holders.keys()].some((name) => stateNames.has(toNormalName(name))) || holders.size !== 1) return shape;
  const [field, value] = [...holders][0]!;
  const { state: _moved, ...others } = shape.sets;
  return { ...shape, sets: { ...others, [field]: value } };
}

/** The string values of a property's enum, or of its items' enum (`statuses: [triggered, resolved]`). */
function enumOf(schema: Record<string, unknown>): string[] {
  const items = schema.items as Record<string, unknown> | undefined;
  const values = Array.isArray(schema.enum) ? schema.enum : Array.isArray(items?.enum) ? items.enum : [];
  return values.filter((value): value is string => typeof value === 'string');
}
