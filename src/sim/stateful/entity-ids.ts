/**
 * The id a create gives a new entity, in the service's own format (domain/id-format.ts), from
 * what the server's tools say about ids of that entity: the `pattern` and description of every
 * argument that takes one (`get_issue(issue_key)`, `create_comment(issue_key)`), in the order
 * the world's own ids, patterns, examples.
 */
import { toNewId } from '../../domain/id-format.js';
import type { ToolDefinition } from '../../domain/registry.js';
import { toIdSchemas, type IdSchemas } from '../../domain/tool-reading.js';
import type { EntityRecord } from '../../domain/world-query.js';
import type { AnswerInput } from './world-conventions.js';

/** By server tool list, then entity: the tools do not change between calls. */
const cache = new WeakMap<readonly ToolDefinition[], Map<string, IdSchemas>>();

/**
 * A new id for the entity the create makes.
 *
 * @example
 *   toCreatedId(input, []); // 'OPS-1' where get_issue(issue_key: pattern ^[A-Z]+-\d+$) and the call says project: 'OPS'
 */
export function toCreatedId(input: AnswerInput, existing: readonly EntityRecord[]): string {
  const { patterns, descriptions } = idSchemas(input);
  return toNewId({
    type: input.shape.entity,
    existing: existing.map((entity) => entity.id),
    numeric: input.shape.numericId,
    field: input.shape.idField,
    patterns,
    descriptions,
    args: input.args,
    seed: `${input.seed}|${input.shape.entity}|new`,
  });
}

function idSchemas(input: AnswerInput): IdSchemas {
  let byEntity = cache.get(input.serverTools);
  if (!byEntity) cache.set(input.serverTools, (byEntity = new Map()));
  const entity = input.shape.entity;
  let found = byEntity.get(entity);
  if (!found) byEntity.set(entity, (found = toIdSchemas(input.serverTools, input.shapes, entity)));
  return found;
}
