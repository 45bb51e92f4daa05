/**
 * A list's yes/no argument named for one of its type's states: n8n's `list_workflows(active: true)`
 * where the service model reads workflows' state as `active | inactive` (moved by
 * `activate_workflow` / `deactivate_workflow`), `list_users(is_suspended: false)`. No record holds
 * a field of that name (the state is kept in the type's state field), so the argument would match
 * nothing and filter nothing; a service means by it the records in that state: `true` keeps those
 * in it, `false` those in any other.
 */
import { fieldValue, toNormalName } from '../../domain/world-query.js';
import type { ServiceModel } from '../../reading/read-server.js';

type Fields = Readonly<Record<string, unknown>>;

/** Words before a state's name that ask whether a record is in it: `is_active`, `only_open`. */
const asking = /^(?:is|only)/;

/**
 * The test a yes/no argument named for a state of `type` puts on each record, or null for any
 * other argument (a field of that name, a value that is not a boolean, a name that is no state).
 *
 * @example
 *   toStateFlagFilter('active', true, model, 'workflow', known)?.({ state: 'inactive' }); // false
 */
export function toStateFlagFilter(
  name: string,
  value: unknown,
  model: ServiceModel,
  type: string,
  known: { has(name: string): boolean },
): ((fields: Fields) => boolean) | null {
  if (typeof value !== 'boolean' || known.has(name)) return null;
  const state = model.entityTypes.get(type)?.state;
  const named = toNormalName(name);
  const wanted = state?.values.find((candidate) => [named, named.replace(asking, '')].includes(toNormalName(candidate)));
  if (!state || wanted === undefined) return null;
  return (fields) => (fieldValue(fields, state.field) === wanted) === value;
}
