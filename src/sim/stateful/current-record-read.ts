/**
 * A read with no arguments of a type the server's tools create: food402's `get_basket()` ("Get
 * current cart contents") after `add_to_basket(storeId, items)`. The caller has one such record,
 * the current one, so the read answers the latest the world holds rather than making one up.
 */
import { entitiesOf } from '../../domain/world-query.js';
import type { Answer, AnswerInput } from './world-conventions.js';
import { presentEntity } from './world-views.js';

/**
 * The latest record of the type, shown as a read shows it; null when the call is not such a read
 * or the world holds none.
 *
 * @example
 *   currentRecordRead(input); // { value: { id: 'basket_1', items: [{ productId: 1, quantity: 2 }], ... } } for get_basket()
 */
export function currentRecordRead(input: AnswerInput): Answer | null {
  const { shape } = input;
  if (shape.operation !== 'read' || shape.idArgument !== null || shape.find || Object.keys(input.args).length > 0) return null;
  const shapes = [...input.shapes.values()].flatMap((one) => [one, ...Object.values(one.dispatch?.choices ?? {})]);
  if (!shapes.some((one) => one.entity === shape.entity && one.operation === 'create')) return null;
  const records = entitiesOf(input.world, shape.entity).filter((record) => record.id !== 'default');
  const latest = records.at(-1);
  return latest ? presentEntity(input, latest) : null;
}
