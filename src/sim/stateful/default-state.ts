/**
 * The state a new entity starts in where a tool's `state`/`status` enum shows it (start-state.ts
 * tries it first): the one the create's description names, the enum's default, the first state a
 * list can ask for that no update sets, or the enum's first value.
 */
import type { ToolDefinition } from '../../domain/registry.js';
import { selectsAll, toNormalName } from '../../domain/world-query.js';
import type { AnswerInput } from './world-conventions.js';

/**
 * The state a new entity starts in, from a `state`/`status` enum a tool of its entity takes (or the
 * `states`/`statuses` list a list filters by, `statuses: [triggered, acknowledged, resolved]`): the
 * state the create's description says new ones start in ("New incidents start as triggered"),
 * else the enum's default, else its first value.
 */
export function defaultState(input: AnswerInput): { name: string; value: unknown } | null {
  const tools = input.serverTools.filter((tool) => {
    const shape = input.shapes.get(tool.name);
    return (
      shape &&
      (shape.entity === input.shape.entity ||
        Object.values(shape.dispatch?.choices ?? {}).some((choice) => choice.entity === input.shape.entity))
    );
  });
  const described = describedStart(input.tool.description ?? '');
  for (const tool of [input.tool, ...tools]) {
    const properties = (tool.inputSchema.properties ?? {}) as Record<string, Record<string, unknown>>;
    for (const [name, listed] of [
      ['state', 'states'],
      ['status', 'statuses'],
    ] as const) {
      const schema = enumSchema(properties[name]) ?? enumSchema(properties[listed]);
      if (!schema || !Array.isArray(schema.enum)) continue;
      const candidates = schema.enum.filter((value) => !selectsAll(value));
      const said = candidates.find((value) => typeof value === 'string' && value.toLowerCase() === described);
      const value =
        said ??
        (schema.default !== undefined && !selectsAll(schema.default) ? schema.default : (unsetState(input, tools, name) ?? candidates[0]));
      // In the service's own spelling (`OPEN`, `Open`): a later transition spells its state the same way (spellState).
      if (value !== undefined) return { name, value };
    }
  }
  return null;
}

/** A schema with an enum, or the items of a list of one (`status: {type: array, items: {enum}}`). */
function enumSchema(schema: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (schema && Array.isArray(schema.enum)) return schema;
  const items = schema?.type === 'array' ? (schema.items as Record<string, unknown> | undefined) : undefined;
  return items && Array.isArray(items.enum) ? items : undefined;
}

/**
 * `list_incidents(status: [triggered, acknowledged, resolved])` beside `manage_incidents(status:
 * acknowledged | resolved)`: the first state a list or search can ask for that no update sets is
 * where an entity starts (triggered); undefined where every state is one an update sets.
 */
function unsetState(input: AnswerInput, tools: readonly ToolDefinition[], field: string): unknown {
  const enumOf = (tool: ToolDefinition) =>
    (enumSchema((tool.inputSchema.properties as Record<string, Record<string, unknown>> | undefined)?.[field])?.enum as
      unknown[] | undefined) ?? [];
  // In any spelling: `OPEN` of a GraphQL list is the `open` an update sets.
  const spelled = (value: unknown) => (typeof value === 'string' ? toNormalName(value) : value);
  const set = new Set(
    tools.filter((tool) => input.shapes.get(tool.name)?.operation === 'update').flatMap((tool) => enumOf(tool).map(spelled)),
  );
  if (set.size === 0) return undefined;
  for (const tool of tools) {
    const operation = input.shapes.get(tool.name)?.operation;
    if (operation !== 'list' && operation !== 'search') continue;
    const start = enumOf(tool).find((value) => !selectsAll(value) && !set.has(spelled(value)));
    if (start !== undefined) return start;
  }
  return undefined;
}

/** The state a create's description says new entities start in: "start as triggered", "are created in draft". */
function describedStart(description: string): string | undefined {
  return /\b(?:start|starts|begin|begins|are created|is created|open|opens)\s+(?:as|in)\s+(?:an?\s+|the\s+)?["'`]?([A-Za-z_]+)/i
    .exec(description)?.[1]
    ?.toLowerCase();
}
