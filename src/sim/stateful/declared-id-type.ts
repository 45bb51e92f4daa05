/**
 * An id shown in the type of the argument that takes it back under the same name. An agent copies
 * `id` from an answer into the `id` argument of the next call, so the answer's id has the type
 * that argument declares: Datadog's `monitors(action, id: string)` refuses `id: 1`, whatever a
 * `monitor_id: number` elsewhere says (reading/numeric-ids.ts counts every place that types the id;
 * this is the one place a caller hands it back verbatim).
 */
import type { ToolDefinition } from '../../domain/registry.js';
import { toShapeChoices, type ToolShape } from '../../reading/tool-shape.js';
import { withNumericId } from '../../reading/numeric-ids.js';
import { withServiceIdField } from './service-id-field.js';

/** By server tool list, then entity and id field: the type the entity's tools give an argument named as its id field. */
const cache = new WeakMap<readonly ToolDefinition[], Map<string, 'number' | 'string' | null>>();

/**
 * The shape with its ids as the simulator shows them: in the service's id field where its tools
 * never take the type by id (service-id-field.ts), numbers where most places the tools type them
 * say so (`withNumericId`), then as the argument named as the id field declares them.
 *
 * @example
 *   withIdType(createMonitor, tools, shapes).numericId; // false where monitors(id: string, monitor_id: number)
 */
export function withIdType(shape: ToolShape, tools: readonly ToolDefinition[], shapes: ReadonlyMap<string, ToolShape>): ToolShape {
  return withDeclaredIdType(withNumericId(withServiceIdField(shape, tools, shapes), tools, shapes), tools, shapes);
}

/**
 * The shape with `numericId` as the entity's tools type the argument named as its id field: a
 * string where every such argument is a string, a number where every one is a number; the shape
 * itself where no tool of the entity takes its id under that name, or they disagree.
 *
 * @example
 *   withDeclaredIdType(createMonitor, tools, shapes).numericId; // false where monitors(id: { type: 'string' }) reads monitors
 */
function withDeclaredIdType(shape: ToolShape, tools: readonly ToolDefinition[], shapes: ReadonlyMap<string, ToolShape>): ToolShape {
  let byEntity = cache.get(tools);
  if (!byEntity) cache.set(tools, (byEntity = new Map()));
  const key = `${shape.entity}\n${shape.idField}`;
  let declared = byEntity.get(key);
  if (declared === undefined) byEntity.set(key, (declared = declaredType(tools, shapes, shape.entity, shape.idField)));
  if (declared === null || (declared === 'number') === shape.numericId) return shape;
  return { ...shape, numericId: declared === 'number' };
}

/** The one type the tools that act on `entity` give an argument named `field`; null when none does or they differ. */
function declaredType(
  tools: readonly ToolDefinition[],
  shapes: ReadonlyMap<string, ToolShape>,
  entity: string,
  field: string,
): 'number' | 'string' | null {
  const types = new Set<'number' | 'string'>();
  const acting = new Set(
    toShapeChoices(shapes)
      .filter(
        (shape) => shape.entity === entity && shape.operation !== 'create' && shape.operation !== 'list' && shape.operation !== 'search',
      )
      .map((shape) => shape.tool),
  );
  for (const tool of tools) {
    if (!acting.has(tool.name)) continue;
    const properties = (tool.inputSchema.properties ?? {}) as Record<string, { type?: unknown } | undefined>;
    const type = properties[field]?.type;
    if (type === 'string') types.add('string');
    else if (type === 'integer' || type === 'number') types.add('number');
  }
  return types.size === 1 ? [...types][0]! : null;
}
