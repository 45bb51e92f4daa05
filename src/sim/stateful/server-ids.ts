/**
 * Creates named by the caller but known to the service by an id it assigns: `create_product(slug)`
 * where `get_product(id)` and `create_variant(product_id)` name a product by id, or
 * `create_project(projectName)` where `create_secret(projectId)` does. The create keeps the name as
 * data and gives back a new id, so the next call can name what was made.
 */
import { toWords } from '../../reading/entity-words.js';
import { toNormalName } from '../../domain/world-query.js';
import type { ToolDefinition } from '../../domain/registry.js';
import type { ToolShape } from '../../reading/tool-shape.js';

/** By server tool list, then entity: the argument names other tools give the entity's id, `null` when none. */
const cache = new WeakMap<readonly ToolDefinition[], Map<string, boolean>>();

/**
 * The create's shape as the service assigns the id: no id argument, the id under `id`; the shape
 * itself when the create's own argument is how every other tool names the entity.
 *
 * @example
 *   withServerId(createProduct, tools, shapes); // { ...createProduct, idArgument: null, idField: 'id' } where get_product(id)
 */
export function withServerId(shape: ToolShape, tools: readonly ToolDefinition[], shapes: ReadonlyMap<string, ToolShape>): ToolShape {
  if (shape.operation !== 'create' || shape.idArgument === null || isIdName(shape.idArgument, shape.entity)) return shape;
  let byEntity = cache.get(tools);
  if (!byEntity) cache.set(tools, (byEntity = new Map()));
  let named = byEntity.get(shape.entity);
  if (named === undefined) byEntity.set(shape.entity, (named = namedById(tools, shapes, shape)));
  return named ? { ...shape, idArgument: null, idField: 'id' } : shape;
}

/** `id`, `productId`, `product_id`: a name that holds an id the service gave, not one the caller chose. */
function isIdName(name: string, entity: string): boolean {
  const normal = toNormalName(name);
  return normal === 'id' || normal === `${toNormalName(entity)}id`;
}

/** Whether other tools name the entity by an id argument, and none by the create's own argument. */
function namedById(tools: readonly ToolDefinition[], shapes: ReadonlyMap<string, ToolShape>, create: ToolShape): boolean {
  let byId = false;
  for (const tool of tools) {
    const shape = shapes.get(tool.name);
    if (!shape || shape === create) continue;
    if (shape.entity === create.entity && shape.idArgument !== null && shape.operation !== 'create') {
      if (toNormalName(shape.idArgument) === toNormalName(create.idArgument!)) return false;
      if (isIdName(shape.idArgument, create.entity)) byId = true;
    }
    for (const name of Object.keys(tool.inputSchema.properties ?? {})) {
      const words = toWords(name);
      if (words.length > 1 && words[words.length - 1] === 'id' && words.slice(0, -1).join('_') === create.entity) byId = true;
    }
  }
  return byId;
}
