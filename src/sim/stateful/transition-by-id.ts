/**
 * A transition named by its id: Jira's `transition(issueKey, transitionId: '31')` after
 * `get_transitions` listed `{ id: '31', name: 'Done' }`. Workflow services move an issue by the id
 * of a transition the client read first, and the state it leads to is that transition's name; the
 * update moves the entity there as a `transition: 'Done'` argument would (world-answers.ts).
 */
import { entitiesOf, fieldValue, toNormalName } from '../../domain/world-query.js';
import type { WorldState } from '../../domain/memory-log.js';

/**
 * The changes with a `transitionId` the world holds a transition of replaced by `transition: <its name>`;
 * the changes unchanged where it names none.
 *
 * @example
 *   toNamedTransition({ transitionId: '31' }, world); // { transition: 'Done' } where transition 31 is named Done
 */
export function toNamedTransition(changes: Record<string, unknown>, world: WorldState): Record<string, unknown> {
  const given = Object.keys(changes).find((name) => toNormalName(name) === 'transitionid');
  const id = given === undefined ? undefined : changes[given];
  if (given === undefined || (typeof id !== 'string' && typeof id !== 'number')) return changes;
  const found = entitiesOf(world, 'transition').find((entity) => entity.id === String(id) || fieldValue(entity.fields, 'id') === id);
  const name = found === undefined ? undefined : fieldValue(found.fields, 'name');
  if (typeof name !== 'string') return changes;
  const { [given]: _named, ...rest } = changes;
  return { ...rest, transition: name };
}
