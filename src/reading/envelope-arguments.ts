/**
 * Tools whose one argument is an envelope around the real ones: `create_incident(create_model:
 * {incident: {...}})`, `list_incidents(query_model: {status, service_ids})`, `search(params:
 * {query, limit})`, as Python servers write a tool that takes one Pydantic model. The service
 * model reads such a tool as if the envelope's properties were its arguments, and a call's
 * arguments are unwrapped the same way before the simulator answers it, so filters, ids, states
 * and batches inside the envelope are read and kept as they are for any other tool. An argument
 * named after a thing (`incident: {...}`, `application: {metadata, spec}`) is no envelope: it is
 * the entity's body (entity-body.ts). A tool made from an OpenAPI operation takes the request's
 * parts side by side (`getBooking(params: {bookingUid, 'cal-api-version'})`, `cancelBooking(params,
 * body: {anyOf: [...]})`): each part is an envelope, a body of several shapes offers all their
 * properties, and the request's headers among them (`Authorization`, `cal-api-version`) are
 * transport, not data. Pure; memoised per tools array.
 */
import type { ToolDefinition } from '../domain/registry.js';

type Schema = Record<string, unknown>;

/** Last words of an argument's name that say it only wraps a request: `query_model`, `manageRequest`, `params`. */
const envelopeName = /(?:^|_|[a-z0-9])(?:model|request|input|params|parameters|args|arguments)$/i;

/** Names of the parts of an HTTP request a generated tool takes side by side: `params`, `body`, `pathParams`. */
const requestPartName = /^(?:params|parameters|path|query|body|headers|pathparams|queryparams|requestbody|searchparams)$/i;

/**
 * The request's body as axios and the clients generated from an OpenAPI file name it (`{path, params, data}`, as the Lark
 * SDK's tools take it): a part of the request only beside another part, since `data` alone may be the record itself.
 */
const dataName = /^data$/i;

/** The request's JSON body, which a generated tool takes beside its flat path parameters (`pod-action(id, body)`). */
const bodyName = /^(?:body|requestbody)$/i;

/** A request header given as an argument (`Authorization`, `cal-api-version`, `X-Api-Key`): it says how to call, never what. */
const headerName = /^(?:authorization|accept|content-type|user-agent|x-[a-z0-9-]+|[a-z0-9]+(?:-[a-z0-9]+)*-(?:version|key|token))$/i;

const unwrapped = new WeakMap<readonly ToolDefinition[], { tools: readonly ToolDefinition[]; envelopes: Map<string, readonly string[]> }>();

/**
 * The tools with each envelope's properties in its place, and which argument was the envelope of
 * each tool that had one (the same array when none had).
 *
 * @example
 *   toUnwrappedTools([listIncidents]).tools[0].inputSchema.properties; // { status: …, service_ids: … }
 */
export function toUnwrappedTools(tools: readonly ToolDefinition[]): {
  tools: readonly ToolDefinition[];
  envelopes: ReadonlyMap<string, readonly string[]>;
} {
  let found = unwrapped.get(tools);
  if (found) return found;
  const envelopes = new Map<string, readonly string[]>();
  const result = tools.map((tool) => {
    const parts = envelopesOf(tool);
    if (parts.length === 0) return tool;
    envelopes.set(
      tool.name,
      parts.map((part) => part.name),
    );
    const properties: Record<string, object> = {};
    const required: string[] = [];
    // `pod-action(id, body: {action})`: the path's own arguments stay beside what the body opens to.
    const opened = new Set(parts.map((part) => part.name));
    for (const [name, schema] of Object.entries((tool.inputSchema.properties ?? {}) as Record<string, object>))
      if (!opened.has(name)) properties[name] = schema;
    const given = (tool.inputSchema as Schema).required;
    if (Array.isArray(given)) required.push(...(given as string[]).filter((name) => !opened.has(name)));
    for (const part of parts) {
      // `body: {$ref: PodActionRequest}` whose `action` is `{$ref: PodAction}`: an OpenAPI operation keeps an argument's enum in
      // `$defs` too, so each opened argument is resolved against the tool's root as the envelope was.
      for (const [name, schema] of Object.entries(part.schema.properties as Record<string, Schema>))
        if (!headerName.test(name)) properties[name] ??= resolved(schema, tool.inputSchema as Schema);
      if (Array.isArray(part.schema.required))
        required.push(...(part.schema.required as string[]).filter((name) => !headerName.test(name) && !required.includes(name)));
    }
    return { ...tool, inputSchema: { ...tool.inputSchema, type: 'object' as const, properties, required } };
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
  envelopes: readonly string[] | undefined,
  args: Readonly<Record<string, unknown>>,
): Readonly<Record<string, unknown>> {
  if (envelopes === undefined) return args;
  let opened = args;
  for (const envelope of envelopes) opened = withEnvelopeOpened(envelope, opened);
  return Object.keys(opened).some((name) => headerName.test(name))
    ? Object.fromEntries(Object.entries(opened).filter(([name]) => !headerName.test(name)))
    : opened;
}

function withEnvelopeOpened(envelope: string, args: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
  if (!Object.hasOwn(args, envelope)) return args;
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

/**
 * The arguments of a tool that wrap the others: its one argument named as an envelope, or every
 * argument where all of them are parts of an HTTP request (`params`, `body`); none otherwise.
 */
function envelopesOf(tool: ToolDefinition): { name: string; schema: Schema }[] {
  const properties = (tool.inputSchema.properties ?? {}) as Record<string, Schema>;
  const names = Object.keys(properties);
  const root = tool.inputSchema as Schema;
  if (names.length === 1) {
    // `get_room(path: {room_id})`: one request part alone wraps the arguments as much as `params` does.
    if (!envelopeName.test(names[0]!) && !requestPartName.test(names[0]!)) return [];
    const schema = resolved(properties[names[0]!]!, root);
    return hasProperties(schema) ? [{ name: names[0]!, schema }] : [];
  }
  // `update-pod(id, body)`: an OpenAPI operation's path parameters sit flat beside its request body.
  const besidePart = names.some((name) => requestPartName.test(name));
  const flat = names.filter((name) => !requestPartName.test(name) && !(besidePart && dataName.test(name)));
  const withPath =
    flat.length > 0 && names.some((name) => bodyName.test(name)) && flat.every((name) => isScalar(resolved(properties[name]!, root)));
  if (names.length === 0 || (flat.length > 0 && !withPath)) return [];
  const parts = names
    .filter((name) => !flat.includes(name))
    .map((name) => ({ name, schema: withChoices(resolved(properties[name]!, root), root) }));
  return parts.every((part) => hasProperties(part.schema) || part.schema.type === 'object') &&
    parts.some((part) => hasProperties(part.schema))
    ? parts.map((part) => ({ name: part.name, schema: { ...part.schema, properties: part.schema.properties ?? {} } }))
    : [];
}

/** A path parameter's schema: one string or number, never an object or list. */
function isScalar(schema: Schema): boolean {
  return schema.type === 'string' || schema.type === 'integer' || schema.type === 'number';
}

function hasProperties(schema: Schema): boolean {
  const inner = schema.properties;
  return inner !== null && typeof inner === 'object' && Object.keys(inner).length > 0;
}

/** A body of several shapes (`anyOf: [{$ref: CreateBooking}, {$ref: CreateInstantBooking}]`): every shape's properties, required where all require it. */
function withChoices(schema: Schema, root: Schema): Schema {
  const choices = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (hasProperties(schema) || !Array.isArray(choices)) return schema;
  const shapes = choices.map((choice) => resolved(choice, root)).filter(hasProperties);
  if (shapes.length === 0) return schema;
  const properties: Record<string, unknown> = {};
  for (const shape of shapes) for (const [name, inner] of Object.entries(shape.properties as Schema)) properties[name] ??= inner;
  const requiredOf = (shape: Schema) => (Array.isArray(shape.required) ? (shape.required as string[]) : []);
  const required = requiredOf(shapes[0]!).filter((name) => shapes.every((shape) => requiredOf(shape).includes(name)));
  return { ...schema, type: 'object', properties, required };
}

/**
 * A `$ref` to the root's `$defs` or `definitions` (`#/$defs/ListInput`, as Pydantic writes a model), resolved; and an `allOf`
 * (`CreatePodRequest: allOf [ContainerConfig, {name, gpu}]`, `type: {allOf: [VolumeType], description}`) as the one schema
 * it means: every member's properties and required names, and a member's type and enum where the schema has none.
 */
function resolved(schema: Schema, root: Schema, depth = 0): Schema {
  const ref = schema.$ref;
  let found = schema;
  if (typeof ref === 'string') {
    const match = /^#\/(\$defs|definitions)\/([^/]+)$/.exec(ref);
    const defs = match ? (root[match[1]!] as Record<string, Schema> | undefined) : undefined;
    found = defs?.[match![2]!] ?? schema;
  }
  const members = found.allOf;
  if (!Array.isArray(members) || depth > 5) return found;
  const merged: Schema = { ...found, allOf: undefined };
  delete merged.allOf;
  const properties: Record<string, unknown> = { ...((found.properties as Schema | undefined) ?? {}) };
  const required = new Set(Array.isArray(found.required) ? (found.required as string[]) : []);
  for (const member of members as Schema[]) {
    const inner = resolved(member, root, depth + 1);
    for (const [name, property] of Object.entries((inner.properties as Schema | undefined) ?? {})) properties[name] ??= property;
    if (Array.isArray(inner.required)) for (const name of inner.required as string[]) required.add(name);
    for (const key of ['type', 'enum'] as const) if (merged[key] === undefined && inner[key] !== undefined) merged[key] = inner[key];
  }
  if (Object.keys(properties).length > 0) Object.assign(merged, { type: merged.type ?? 'object', properties, required: [...required] });
  return merged;
}
