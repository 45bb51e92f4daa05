/**
 * Entities a create names by an object holding their id (`create_alert(team: { id })`,
 * `create_incident(service: { id, type: 'service_reference' })`): the object is a reference to
 * an entity of the type its argument is named for, so an id the world does not hold is a not-found
 * of that type, as a scalar `team_id` is (world-parents.ts). Only when the world knows the type
 * (holds one of it that is not a made-up example of the starting world nor reference data): a mock
 * must work from an empty world.
 */
import { exampleIds } from './starting-world.js';
import { toReferenceFact } from './reference-data.js';
import { entitiesOf, toNormalName } from '../../domain/world-query.js';
import type { AnswerInput } from './world-conventions.js';
import { notFound } from './world-views.js';

/**
 * The not-found of the first object reference a create names that the world does not hold, or null.
 *
 * @example
 *   missingNestedReference(input); // 'Team team_404 not found' for create_alert({ team: { id: 'team_404' } })
 */
export function missingNestedReference(input: AnswerInput): string | null {
  if (input.shape.operation !== 'create') return null;
  const properties = (input.tool.inputSchema.properties ?? {}) as Record<string, unknown>;
  for (const [argument, value] of Object.entries(input.args)) {
    const id = referencedId(value);
    const schema = properties[argument] as { properties?: Record<string, unknown> } | undefined;
    if (id === null || !Object.hasOwn(schema?.properties ?? {}, 'id')) continue;
    const entity = Object.keys(input.world.entities).find((type) => toNormalName(type) === toNormalName(argument));
    if (entity === undefined || toNormalName(entity) === toNormalName(input.shape.entity)) continue;
    if (input.world.facts.includes(toReferenceFact(entity))) continue;
    if (Object.hasOwn(input.world.entities[entity]!, id)) continue;
    const held = entitiesOf(input.world, entity);
    const examples = exampleIds(input.world, entity);
    if (held.some((one) => one.id === id) || !held.some((one) => !examples.has(one.id))) continue;
    return notFound({ ...input.shape, entity, idField: 'id', numericId: typeof (value as { id: unknown }).id === 'number' }, id);
  }
  return null;
}

/** The id an argument's value names when it is an object holding one (`{ id: 'P1X2' }`), or null. */
function referencedId(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const id = (value as { id?: unknown }).id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
}
