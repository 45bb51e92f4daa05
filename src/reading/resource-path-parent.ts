/**
 * A parent named by a resource path: Google's `list_alert_policies(name)` "The project whose alert
 * policies are to be listed. The format is: projects/[PROJECT_ID_OR_NUMBER]", `list_group_stats(projectName)`
 * "Written as 'projects/{projectID}'", `list_log_entries(resourceNames)` "Names of one or more parent
 * resources ... projects/[PROJECT_ID]". The argument of a list, search or create whose description
 * shows a path of `collection/{id}` segments names an entity of the collection it says most that is
 * not the tool's own. Read from the description alone. Pure.
 */
import type { ToolDefinition } from '../domain/registry.js';
import type { ToolShape } from './tool-shape.js';
import { toNormalName } from '../domain/world-query.js';
import { toSingular } from './entity-words.js';

/** `projects/{projectID}`, `projects/[PROJECT_ID]`, `locations/<location>`: a plural collection word and a placeholder. */
const segment = /\b([a-z][a-zA-Z]*s)\/(?:\{[^}]+\}|\[[^\]]+\]|<[^>]+>)/g;

/** An argument that names a parent by its path, and its entity: a natural key (`projects/p` or a bare `p`), never a strong reference. */
export interface PathParent {
  argument: string;
  entity: string;
}

/**
 * The parents a list, search or create names by resource paths, in arguments no other rule read (`found`).
 *
 * @example
 *   toResourcePathParents(listAlertPolicies, shapes.get('list_alert_policies')!, []); // [{ argument: 'name', entity: 'project' }]
 */
export function toResourcePathParents(tool: ToolDefinition, shape: ToolShape, found: readonly { argument: string }[]): PathParent[] {
  if (!['list', 'search', 'create'].includes(shape.operation)) return [];
  return Object.entries(tool.inputSchema.properties ?? {})
    .filter(([argument]) => argument !== shape.idArgument && !found.some((reference) => reference.argument === argument))
    .flatMap(([argument, schema]) => toResourcePathParent(argument, schema, shape.entity) ?? []);
}

function toResourcePathParent(argument: string, schema: unknown, ownEntity: string): PathParent | null {
  const description = (schema as { description?: unknown } | null)?.description;
  if (typeof description !== 'string') return null;
  const own = toNormalName(ownEntity);
  const entities = [...description.matchAll(segment)]
    .map((match) => toSingular(match[1]!.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase()))
    .filter((entity) => toNormalName(entity) !== own && !own.endsWith(toNormalName(entity)));
  // "projects/[P], organizations/[O] or folders/[F]", "projects/[P]/locations/[L]": the collection said most, the first of equals.
  const count = (entity: string) => entities.filter((other) => other === entity).length;
  const entity = entities.reduce<string | undefined>(
    (best, next) => (best === undefined || count(next) > count(best) ? next : best),
    undefined,
  );
  return entity === undefined ? null : { argument, entity };
}
