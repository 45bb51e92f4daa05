/**
 * Whether a service assigns a type's ids: its other tools name the type by an id argument
 * (`get_product(id)`, `create_variant(product_id)`, `create_secret(projectId)`). A create named by
 * the caller (`create_product(slug)`, `create_project(projectName)`) is then known by the id the
 * service gives it: the name is kept as data and the new id comes back, so the next call can name
 * what was made. Read once per service model and type (read-server.ts, `idTraitsOf`).
 */
import { toWords } from './entity-words.js';
import { toNormalName } from '../domain/world-query.js';
import type { ToolDefinition } from '../domain/registry.js';
import type { ToolShape } from './tool-shape.js';

/** How the tools other than creates name a type. */
export interface AssignedIds {
  /** Some tool names the type by an id argument (`id`, `productId`, `product_id`). */
  assigned: boolean;
  /** The id arguments its reads, updates and deletes take, normalised (`productslug`): a create's argument among them is how the service names it. */
  namedBy: ReadonlySet<string>;
}

/**
 * @example
 *   toAssignedIds(tools, shapes, 'product'); // { assigned: true, namedBy: Set { 'id' } } where get_product(id)
 */
export function toAssignedIds(tools: readonly ToolDefinition[], shapes: ReadonlyMap<string, ToolShape>, entity: string): AssignedIds {
  let assigned = false;
  const namedBy = new Set<string>();
  for (const tool of tools) {
    const shape = shapes.get(tool.name);
    if (!shape) continue;
    if (shape.entity === entity && shape.idArgument !== null && shape.operation !== 'create') {
      namedBy.add(toNormalName(shape.idArgument));
      if (isIdName(shape.idArgument, entity)) assigned = true;
    }
    for (const name of Object.keys(tool.inputSchema.properties ?? {})) {
      const words = toWords(name);
      if (words.length > 1 && words[words.length - 1] === 'id' && words.slice(0, -1).join('_') === entity) assigned = true;
    }
  }
  return { assigned, namedBy };
}

/**
 * Whether a create that takes its entity's id from the caller (`create_product(slug)`) makes one the
 * service knows by an id it assigns: its argument is no id name, no other tool names the type by it,
 * and they name it by id.
 *
 * @example
 *   assignsCreatedId(createProduct, toAssignedIds(tools, shapes, 'product')); // true where get_product(id)
 */
export function assignsCreatedId(create: ToolShape, ids: AssignedIds): boolean {
  if (create.operation !== 'create' || create.idArgument === null || isIdName(create.idArgument, create.entity)) return false;
  return ids.assigned && !ids.namedBy.has(toNormalName(create.idArgument));
}

/** `id`, `productId`, `product_id`: a name that holds an id the service gave, not one the caller chose. */
function isIdName(name: string, entity: string): boolean {
  const normal = toNormalName(name);
  return normal === 'id' || normal === `${toNormalName(entity)}id`;
}
