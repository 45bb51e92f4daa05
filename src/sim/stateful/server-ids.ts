/**
 * Creates named by the caller but known to the service by an id it assigns: `create_product(slug)`
 * where `get_product(id)` and `create_variant(product_id)` name a product by id, or
 * `create_project(projectName)` where `create_secret(projectId)` does. The create keeps the name as
 * data and gives back a new id, so the next call can name what was made. Whether the service
 * assigns a type's ids is the service model's (reading/assigned-ids.ts, read once per model and
 * type); `mcpsim explain` shows it as the type's `ids from` line.
 */
import type { ServiceModel } from '../../reading/read-server.js';
import { assignsCreatedId } from '../../reading/assigned-ids.js';
import type { ToolShape } from '../../reading/tool-shape.js';

/**
 * The create's shape as the service assigns the id: no id argument, the id under `id`; the shape
 * itself when the create's own argument is how every other tool names the entity.
 *
 * @example
 *   withServerId(createProduct, model); // { ...createProduct, idArgument: null, idField: 'id' } where get_product(id)
 */
export function withServerId(shape: ToolShape, model: ServiceModel): ToolShape {
  if (shape.operation !== 'create' || shape.idArgument === null) return shape;
  return assignsCreatedId(shape, model.idTraitsOf(shape.entity).assigned) ? { ...shape, idArgument: null, idField: 'id' } : shape;
}
