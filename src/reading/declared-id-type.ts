/**
 * An id shown in the type of the argument that takes it back under the same name. An agent copies
 * `id` from an answer into the `id` argument of the next call, so the answer's id has the type
 * that argument declares: Datadog's `monitors(action, id: string)` refuses `id: 1`, whatever a
 * `monitor_id: number` elsewhere says (numeric-ids.ts counts every place that types the id; this
 * is the one place a caller hands it back verbatim). Read once per service model and field
 * (read-server.ts, `idTraitsOf`).
 */
import type { ToolDefinition } from '../domain/registry.js';
import { toShapeChoices, type ToolShape } from './tool-shape.js';

/**
 * The one type the tools that act on `entity` by id (not its creates, lists or searches) give an
 * argument named `field`; null when none does or they differ.
 *
 * @example
 *   toDeclaredIdType(tools, shapes, 'monitor', 'id'); // 'string' where monitors(action, id: { type: 'string' })
 */
export function toDeclaredIdType(
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
