/**
 * The key the simulator keeps a record under is not the service's field when nothing of the
 * server names it: kubernetes-mcp-server's `resources_create_or_update(resource: <manifest>)` makes
 * `resource` the id field of a resource, so every record held `resource: 'web'` beside the
 * `name: 'web'` the tools find it by, and each read and list showed that internal key. A field named
 * for the record's own type that only repeats another of its fields is left out of an answer with
 * no output schema (a schema that lists it shows it); the record keeps it, so nothing else changes.
 */
import { toNormalName } from '../../domain/world-query.js';

/**
 * `view` without a field named for `entity` whose value another field repeats.
 *
 * @example
 *   withoutSelfNamedKey({ resource: 'web', name: 'web', kind: 'Deployment' }, 'resource'); // { name: 'web', kind: 'Deployment' }
 */
export function withoutSelfNamedKey(view: Record<string, unknown>, entity: string): Record<string, unknown> {
  const key = Object.keys(view).find((name) => toNormalName(name) === toNormalName(entity));
  if (key === undefined) return view;
  const value = view[key];
  if ((typeof value !== 'string' && typeof value !== 'number') || value === '') return view;
  if (!Object.entries(view).some(([name, other]) => name !== key && other === value)) return view;
  const { [key]: _key, ...rest } = view;
  return rest;
}
