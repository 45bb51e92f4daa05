/**
 * A transition named by its id: Jira's `transition(issueKey, transitionId: '31')` after
 * `get_transitions` listed `{ id: '31', name: 'Done' }`. Workflow services move an issue by the id
 * of a transition the client read first, and the state it leads to is that transition's target
 * (`to: { name }`), else its name; the
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
  // `{ id: '11', name: 'Start Progress', to: { name: 'In Progress' } }`: the state the transition leads to, where it says one.
  const name = found === undefined ? undefined : (targetOf(found.fields) ?? fieldValue(found.fields, 'name'));
  if (typeof name !== 'string') return changes;
  const { [given]: _named, ...rest } = changes;
  return { ...rest, transition: name };
}

/** The state a transition record leads to: `to: { name }` as Jira answers it, or a `to`, `to_status`, `target_status` text. */
function targetOf(fields: Record<string, unknown>): string | undefined {
  for (const name of ['to', 'tostatus', 'targetstatus', 'tostate', 'targetstate']) {
    const key = Object.keys(fields).find((field) => toNormalName(field) === name);
    const value = key === undefined ? undefined : fields[key];
    const named = value !== null && typeof value === 'object' ? (value as Record<string, unknown>).name : value;
    if (typeof named === 'string' && named !== '') return named;
  }
  return undefined;
}
