/**
 * The ids of a call's type as the simulator shows them, from the service model's id traits
 * (reading/id-traits.ts, read once per model and type): in the service's id field where no tool
 * takes the type by id (Check Point's hosts by `uid`), numbers where most places the tools type them
 * say so, then as the argument that takes the id back declares it (Datadog's `monitors(id: string)`).
 * `mcpsim explain` shows the same traits in the type's `id` line.
 */
import type { ServiceModel } from '../../reading/read-server.js';
import { withIdTraits } from '../../reading/id-traits.js';
import type { ToolShape } from '../../reading/tool-shape.js';

/**
 * @example
 *   withIdType(createMonitor, model).numericId; // false where monitors(id: string, monitor_id: number)
 */
export function withIdType(shape: ToolShape, model: ServiceModel): ToolShape {
  return withIdTraits(shape, model.idTraitsOf(shape.entity));
}
