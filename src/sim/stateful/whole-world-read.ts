/**
 * A read of the whole of what the server keeps: a knowledge graph's `read_graph()`, "Read the
 * entire knowledge graph". No tool writes the type it reads (`graph`) and it takes no arguments;
 * its description says it reads everything, so it answers every record the server's tools made,
 * under each type's plural (`{ entities: [...], relations: [...] }`), as the service does.
 */
import { entitiesOf } from '../../domain/world-query.js';
import { toPlural } from '../../reading/entity-words.js';
import type { Answer, AnswerInput } from './world-conventions.js';

const whole = /\b(?:entire|whole|full|complete)\b/i;

/**
 * The answer of such a read, or null when the call is not one.
 *
 * @example
 *   wholeWorldRead(input); // { value: { entities: [{ name: 'Ada Lovelace', ... }], relations: [...] } } for read_graph()
 */
export function wholeWorldRead(input: AnswerInput): Answer | null {
  const { shape, tool } = input;
  if (shape.operation !== 'read' || shape.idArgument !== null || Object.keys(input.args).length > 0) return null;
  if (!whole.test(tool.description ?? '')) return null;
  const shapes = [...input.shapes.values()].flatMap((one) => [one, ...Object.values(one.dispatch?.choices ?? {})]);
  const written = new Set(shapes.filter((one) => one.operation === 'create').map((one) => one.entity));
  if (written.has(shape.entity) || written.size === 0) return null;
  const value: Record<string, Record<string, unknown>[]> = {};
  for (const type of written) value[toPlural(type)] = entitiesOf(input.world, type).map((record) => record.fields);
  // `add_observations` writes into each entity's `observations` (record-list-items.ts): no list of its own.
  const kept = Object.entries(value).filter(
    ([name, records]) => records.length > 0 || !Object.values(value).some((others) => others.some((record) => Object.hasOwn(record, name))),
  );
  return { value: Object.fromEntries(kept) };
}
