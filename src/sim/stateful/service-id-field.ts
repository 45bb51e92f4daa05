/**
 * The field a service names its records by, for a type none of its tools names by id. Check
 * Point's tools name every object by `uid` (`show_access_layer(uid)`, `show_object(uid)`), and its
 * hosts are only listed (`show_hosts`): a host's id is a `uid` too, so an agent that reads `uid`
 * off the list can hand it to `show_object`. Where most of the types the tools take by id share one
 * record id field other than `id` (`uid`, `uuid`, `gid`), a type read only by lists and creates takes it.
 */
import type { ToolDefinition } from '../../domain/registry.js';
import { toShapeChoices, type ToolShape } from '../../reading/tool-shape.js';
import { isRecordIdArgument } from './listed-record-ids.js';

/** By server tool list: the field most types are named by when it is not `id`, else null. */
const cache = new WeakMap<readonly ToolDefinition[], { field: string | null; named: ReadonlySet<string> }>();

/**
 * The shape with the service's id field where its type has no tool that takes its id.
 *
 * @example
 *   withServiceIdField(showHosts, tools, shapes).idField; // 'uid' where show_access_layer(uid), show_simple_gateway(uid), ...
 */
export function withServiceIdField(shape: ToolShape, tools: readonly ToolDefinition[], shapes: ReadonlyMap<string, ToolShape>): ToolShape {
  if (shape.idField !== 'id') return shape;
  let found = cache.get(tools);
  if (!found) cache.set(tools, (found = serviceIdField(shapes)));
  if (found.field === null || found.named.has(shape.entity)) return shape;
  return { ...shape, idField: found.field };
}

/** The id field of each type some tool takes by id; the one more than half of them share, when two or more do and it is not `id`. */
function serviceIdField(shapes: ReadonlyMap<string, ToolShape>): { field: string | null; named: ReadonlySet<string> } {
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
