/**
 * A membership tool on an entity that has one parent of that kind: `add_issue_to_project(issueId,
 * projectId)` where the issue was created with its own `projectId`. The service keeps one project
 * per issue, so adding it to another moves it there (and removing it from its project leaves it
 * with none), rather than growing a list of projects beside the one it still names; the lists by
 * project then show it under the new one only.
 */
import { toNormalName, valuesMatch } from '../../domain/world-query.js';
import type { ToolShape } from '../../reading/tool-shape.js';

/**
 * The single parent field a membership change writes, and its new value; null when the entity
 * holds no single field for that parent (it is a list membership) or the call names several.
 *
 * @example
 *   singleParentChange({ projectId: 'p1' }, { field: 'project_ids', argument: 'projectId', remove: false }, 'p2');
 *   // { field: 'projectId', value: 'p2' }
 */
export function singleParentChange(
  fields: Readonly<Record<string, unknown>>,
  listField: NonNullable<ToolShape['listField']>,
  given: unknown,
): { field: string; value: unknown } | null {
  if (typeof given !== 'string' && typeof given !== 'number') return null;
  // `project_ids` is held as `projectId` / `project_id`; the argument's own name is the other spelling a create stores.
  const names = new Set([toNormalName(listField.argument), toNormalName(listField.field).replace(/s$/, '')]);
  const field = Object.keys(fields).find((name) => names.has(toNormalName(name)) && isScalar(fields[name]));
  if (field === undefined) return null;
  if (!listField.remove) return { field, value: given };
  return valuesMatch(fields[field], given) ? { field, value: null } : { field, value: fields[field] };
}

function isScalar(value: unknown): boolean {
  return typeof value === 'string' || typeof value === 'number';
}
