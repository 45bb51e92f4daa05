/**
 * Ids that are numbers where the service's tools take them as numbers. A list or a create reads no
 * id argument of its own, so its shape cannot tell; the tools that take the entity's id can:
 * `get_districts(cityId: integer)` says a city's id is a number, so `get_cities()` shows `34`, not
 * `city_1` that `get_districts` would refuse.
 */
import { toWords } from '../../reading/entity-words.js';
import type { ToolDefinition } from '../../domain/registry.js';
import type { ToolShape } from '../../reading/tool-shape.js';

/** By server tool list, then entity: whether every argument that takes the entity's id is a number. */
const cache = new WeakMap<readonly ToolDefinition[], Map<string, boolean>>();

/**
 * The shape with `numericId` set when every argument of the server that takes its entity's id is
 * declared `integer` or `number` (and at least one is).
 *
 * @example
 *   withNumericId(listCities, tools, shapes).numericId; // true where get_districts(cityId: { type: 'integer' })
 */
export function withNumericId(shape: ToolShape, tools: readonly ToolDefinition[], shapes: ReadonlyMap<string, ToolShape>): ToolShape {
  if (shape.numericId || shape.entity === 'item') return shape;
  let byEntity = cache.get(tools);
  if (!byEntity) cache.set(tools, (byEntity = new Map()));
  let numeric = byEntity.get(shape.entity);
  if (numeric === undefined) byEntity.set(shape.entity, (numeric = takesNumbers(tools, shapes, shape.entity)));
  return numeric ? { ...shape, numericId: true } : shape;
}

function takesNumbers(tools: readonly ToolDefinition[], shapes: ReadonlyMap<string, ToolShape>, entity: string): boolean {
  const types: unknown[] = [];
  for (const tool of tools) {
    const properties = (tool.inputSchema.properties ?? {}) as Record<string, { type?: unknown } | undefined>;
    const shape = shapes.get(tool.name);
    const choices = shape?.dispatch ? Object.values(shape.dispatch.choices) : shape ? [shape] : [];
    for (const choice of choices)
      if (choice.entity === entity && choice.idArgument !== null && choice.operation !== 'create' && properties[choice.idArgument])
        types.push(properties[choice.idArgument]!.type);
    for (const [name, schema] of Object.entries(properties)) {
      const words = toWords(name);
      if (words.length > 1 && words[words.length - 1] === 'id' && words.slice(0, -1).join('_') === entity) types.push(schema?.type);
    }
  }
  return types.length > 0 && types.every((type) => type === 'integer' || type === 'number');
}
