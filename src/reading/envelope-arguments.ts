/**
 * Tools whose one argument is an envelope around the real ones: `create_incident(create_model:
 * {incident: {...}})`, `list_incidents(query_model: {status, service_ids})`, `search(params:
 * {query, limit})`, as Python servers write a tool that takes one Pydantic model. The service
 * model reads such a tool as if the envelope's properties were its arguments, and a call's
 * arguments are unwrapped the same way before the simulator answers it, so filters, ids, states
 * and batches inside the envelope are read and kept as they are for any other tool. An argument
 * named after a thing (`incident: {...}`, `application: {metadata, spec}`) is no envelope: it is
 * the entity's body (entity-body.ts). Pure; memoised per tools array.
 */
import type { ToolDefinition } from '../domain/registry.js';

type Schema = Record<string, unknown>;

/** Last words of an argument's name that say it only wraps a request: `query_model`, `manageRequest`, `params`. */
const envelopeName = /(?:^|_|[a-z0-9])(?:model|request|input|params|parameters|args|arguments)$/i;

const unwrapped = new WeakMap<readonly ToolDefinition[], { tools: readonly ToolDefinition[]; envelopes: Map<string, string> }>();

/**
 * The tools with each envelope's properties in its place, and which argument was the envelope of
 * each tool that had one (the same array when none had).
 *
 * @example
 *   toUnwrappedTools([listIncidents]).tools[0].inputSchema.properties; // { status: …, service_ids: … }
 */
export function toUnwrappedTools(tools: readonly ToolDefinition[]): {
  tools: readonly ToolDefinition[];
  envelopes: ReadonlyMap<string, string>;
} {
  let found = unwrapped.get(tools);
  if (found) return found;
  const envelopes = new Map<string, string>();
  const result = tools.map((tool) => {
    const envelope = envelopeOf(tool);
    if (envelope === null) return tool;
    envelopes.set(tool.name, envelope.name);
    const inputSchema = {
      ...tool.inputSchema,
      type: 'object' as const,
      properties: envelope.schema.properties as Record<string, object>,
      required: Array.isArray(envelope.schema.required) ? (envelope.schema.required as string[]) : [],
    };
    return { ...tool, inputSchema };
  });
  found = { tools: envelopes.size === 0 ? tools : result, envelopes };
  unwrapped.set(tools, found);
  return found;
}

/**
 * A call's arguments with its tool's envelope opened (`{query_model: {status: ['triggered']}}` →
 * `{status: ['triggered']}`); JSON text of an object is opened too. Unchanged for a tool without one.
 */
export function toUnwrappedArguments(
  envelope: string | undefined,
  args: Readonly<Record<string, unknown>>,
): Readonly<Record<string, unknown>> {
  if (envelope === undefined || !Object.hasOwn(args, envelope)) return args;
  let inner = args[envelope];
  if (typeof inner === 'string' && /^\s*\{/.test(inner)) {
    try {
      inner = JSON.parse(inner);
    } catch {
      return args;
    }
  }
  if (inner === null || typeof inner !== 'object' || Array.isArray(inner)) return args;
  const rest = Object.fromEntries(Object.entries(args).filter(([name]) => name !== envelope));
  return { ...(inner as Record<string, unknown>), ...rest };
}

/** The one argument of a tool that wraps the others, or null. */
function envelopeOf(tool: ToolDefinition): { name: string; schema: Schema } | null {
  const properties = (tool.inputSchema.properties ?? {}) as Record<string, Schema>;
  const names = Object.keys(properties);
  if (names.length !== 1 || !envelopeName.test(names[0]!)) return null;
  const schema = resolved(properties[names[0]!]!, tool.inputSchema as Schema);
  const inner = schema.properties;
  if (inner === null || typeof inner !== 'object' || Object.keys(inner).length === 0) return null;
  return { name: names[0]!, schema };
}

/** A `$ref` to the root's `$defs` or `definitions` (`#/$defs/ListInput`, as Pydantic writes a model), resolved once. */
function resolved(schema: Schema, root: Schema): Schema {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  const match = /^#\/(\$defs|definitions)\/([^/]+)$/.exec(ref);
  const defs = match ? (root[match[1]!] as Record<string, Schema> | undefined) : undefined;
  return defs?.[match![2]!] ?? schema;
}
