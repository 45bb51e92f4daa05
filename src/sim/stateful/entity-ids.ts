/**
 * The id a create gives a new entity, in the service's own format (domain/id-format.ts), from
 * what the server's tools say about ids of that entity: the `pattern` and description of every
 * argument that takes one (`get_issue(issue_key)`, `create_comment(issue_key)`), in the order
 * the world's own ids, patterns, examples.
 */
import { toNewId } from '../../domain/id-format.js';
import { toWords } from '../../domain/entity-words.js';
import type { ToolDefinition } from '../../domain/registry.js';
import type { EntityRecord } from '../../domain/world-query.js';
import type { AnswerInput } from './world-conventions.js';

interface IdSchemas {
  patterns: string[];
  descriptions: string[];
}

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
  if (!found) byEntity.set(entity, (found = collect(input)));
  return found;
}

/** The schemas of the arguments that take the entity's id: the id arguments of its tools, and `<entity>_id` arguments anywhere. */
function collect(input: AnswerInput): IdSchemas {
  const entity = input.shape.entity;
  const patterns = new Set<string>();
  const descriptions: string[] = [];
  const add = (schema: unknown) => {
    if (schema === null || typeof schema !== 'object') return;
    const { pattern, description, examples } = schema as Record<string, unknown>;
    if (typeof pattern === 'string') patterns.add(pattern);
    if (typeof description === 'string') descriptions.push(description);
    if (Array.isArray(examples)) descriptions.push(examples.filter((example) => typeof example === 'string').join(' '));
  };
  for (const tool of input.serverTools) {
    const properties = (tool.inputSchema.properties ?? {}) as Record<string, unknown>;
    const shape = input.shapes.get(tool.name);
    const choices = shape?.dispatch ? Object.values(shape.dispatch.choices) : shape ? [shape] : [];
    for (const choice of choices)
      if (choice.entity === entity && choice.idArgument !== null && choice.operation !== 'create') add(properties[choice.idArgument]);
    for (const [name, schema] of Object.entries(properties)) {
      const words = toWords(name);
      const last = words[words.length - 1];
      if (words.length > 1 && (last === 'id' || last === 'key') && words.slice(0, -1).join('_') === entity) add(schema);
    }
  }
  return { patterns: [...patterns], descriptions };
}
