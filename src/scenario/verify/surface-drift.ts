/**
 * How a live server's surface differs from the one a scenario or capture recorded (`mcpsim
 * verify`): tools added, removed or changed (arguments, their types, required ones, enums,
 * descriptions, output schemas, annotations), resources, templates, prompts, server info and
 * protocol version. Each drift names its subject and a JSON pointer into its definition.
 */
import { toPointer } from './answer-rules.js';

/** A tool as `tools/list` answers it (and a scenario declares it). */
export interface SurfaceTool {
  name: string;
  title?: string | undefined;
  description?: string | undefined;
  inputSchema?: Record<string, unknown> | undefined;
  outputSchema?: Record<string, unknown> | undefined;
  annotations?: Record<string, unknown> | undefined;
}

/** A tool with only the fields a scenario declares (a live listing may carry more: `execution`, `_meta`, `icons`). */
export function toSurfaceTool({ name, title, description, inputSchema, outputSchema, annotations }: SurfaceTool): SurfaceTool {
  return {
    name,
    ...(title === undefined ? {} : { title }),
    ...(description === undefined ? {} : { description }),
    ...(inputSchema === undefined ? {} : { inputSchema }),
    ...(outputSchema === undefined ? {} : { outputSchema }),
    ...(annotations === undefined ? {} : { annotations }),
  };
}

/** What a server shows before any call. Lists left undefined were not recorded, so they are not compared. */
export interface ServerSurface {
  serverInfo?: { name: string; version: string } | undefined;
  protocolVersion?: string | undefined;
  tools: readonly SurfaceTool[];
  resources?: readonly { uri: string; name?: string; mimeType?: string | undefined }[] | undefined;
  resourceTemplates?: readonly { uriTemplate: string; name?: string }[] | undefined;
  prompts?: readonly { name: string; arguments?: readonly { name: string; required?: boolean | undefined }[] | undefined }[] | undefined;
}

/** One difference of the surface: `subject` is a tool's name, `server`, `resource <uri>`, `template <uri>` or `prompt <name>`. */
export interface SurfaceDrift {
  subject: string;
  /** `missing`: recorded, gone live; `new`: live only; `changed`: both, different at `path`. */
  status: 'missing' | 'new' | 'changed';
  path: string;
  change: string;
  recorded: string;
  live: string;
}

/**
 * @example
 *   compareSurfaces({ tools: [{ name: 'a' }, { name: 'b' }] }, { tools: [{ name: 'a' }] });
 *   // [{ subject: 'b', status: 'missing', path: '', change: 'removed', recorded: 'tool', live: 'absent' }]
 */
export function compareSurfaces(recorded: ServerSurface, live: ServerSurface): SurfaceDrift[] {
  const drifts: SurfaceDrift[] = [];
  const server = (path: string, before: string | undefined, after: string | undefined) => {
    if (before !== undefined && before !== after)
      drifts.push({ subject: 'server', status: 'changed', path, change: 'changed', recorded: before, live: after ?? 'absent' });
  };
  server('/serverInfo/name', recorded.serverInfo?.name, live.serverInfo?.name);
  server('/serverInfo/version', recorded.serverInfo?.version, live.serverInfo?.version);
  server('/protocolVersion', recorded.protocolVersion, live.protocolVersion);
  drifts.push(...compareNamed(recorded.tools, live.tools, (tool) => tool.name, 'tool', '', compareTools));
  if (recorded.resources)
    drifts.push(
      ...compareNamed(
        recorded.resources,
        live.resources ?? [],
        (resource) => resource.uri,
        'resource',
        'resource ',
        compareFields(['name', 'mimeType']),
      ),
    );
  if (recorded.resourceTemplates)
    drifts.push(
      ...compareNamed(
        recorded.resourceTemplates,
        live.resourceTemplates ?? [],
        (template) => template.uriTemplate,
        'template',
        'template ',
        compareFields(['name']),
      ),
    );
  if (recorded.prompts)
    drifts.push(...compareNamed(recorded.prompts, live.prompts ?? [], (prompt) => prompt.name, 'prompt', 'prompt ', comparePrompts));
  return drifts;
}

type Compare<Item> = (recorded: Item, live: Item) => { path: string; change: string; recorded: string; live: string }[];

function compareNamed<Item>(
  recorded: readonly Item[],
  live: readonly Item[],
  key: (item: Item) => string,
  noun: string,
  prefix: string,
  compare: Compare<Item>,
): SurfaceDrift[] {
  const liveByKey = new Map(live.map((item) => [key(item), item]));
  const recordedKeys = new Set(recorded.map(key));
  const drifts: SurfaceDrift[] = [];
  for (const item of recorded) {
    const subject = `${prefix}${key(item)}`;
    const counterpart = liveByKey.get(key(item));
    if (counterpart === undefined) drifts.push({ subject, status: 'missing', path: '', change: 'removed', recorded: noun, live: 'absent' });
    else for (const drift of compare(item, counterpart)) drifts.push({ subject, status: 'changed', ...drift });
  }
  for (const item of live)
    if (!recordedKeys.has(key(item)))
      drifts.push({ subject: `${prefix}${key(item)}`, status: 'new', path: '', change: 'added', recorded: 'absent', live: noun });
  return drifts;
}

function compareFields<Item>(fields: readonly (keyof Item & string)[]): Compare<Item> {
  return (recorded, live) =>
    fields
      .filter((field) => recorded[field] !== undefined && recorded[field] !== live[field])
      .map((field) => ({ path: `/${field}`, change: 'changed', recorded: String(recorded[field]), live: String(live[field] ?? 'absent') }));
}

function compareTools(recorded: SurfaceTool, live: SurfaceTool): ReturnType<Compare<SurfaceTool>> {
  const drifts: ReturnType<Compare<SurfaceTool>> = [];
  // A catalog entry gives a tool without a description its title or name: that is not a change.
  const described = recorded.description !== undefined && recorded.description !== recorded.title && recorded.description !== recorded.name;
  if (described && recorded.description !== live.description)
    drifts.push({ path: '/description', change: 'changed', recorded: quote(recorded.description), live: quote(live.description) });
  drifts.push(...compareSchemas(recorded.inputSchema ?? {}, live.inputSchema ?? {}, '/inputSchema'));
  if (recorded.outputSchema !== undefined || live.outputSchema !== undefined) {
    if (live.outputSchema === undefined) drifts.push({ path: '/outputSchema', change: 'removed', recorded: 'schema', live: 'absent' });
    else if (recorded.outputSchema === undefined)
      drifts.push({ path: '/outputSchema', change: 'added', recorded: 'absent', live: 'schema' });
    else drifts.push(...compareSchemas(recorded.outputSchema, live.outputSchema, '/outputSchema'));
  }
  for (const [hint, value] of Object.entries(recorded.annotations ?? {}))
    if (typeof value !== 'object' && live.annotations?.[hint] !== value)
      drifts.push({
        path: `/annotations/${toPointer(hint)}`,
        change: 'changed',
        recorded: String(value),
        live: String(live.annotations?.[hint] ?? 'absent'),
      });
  return drifts;
}

function comparePrompts(
  recorded: NonNullable<ServerSurface['prompts']>[number],
  live: NonNullable<ServerSurface['prompts']>[number],
): ReturnType<Compare<unknown>> {
  const liveArguments = new Map((live.arguments ?? []).map((argument) => [argument.name, argument]));
  const drifts: ReturnType<Compare<unknown>> = [];
  for (const argument of recorded.arguments ?? []) {
    const counterpart = liveArguments.get(argument.name);
    const path = `/arguments/${toPointer(argument.name)}`;
    if (!counterpart) drifts.push({ path, change: 'removed', recorded: requiredness(argument.required), live: 'absent' });
    else if ((argument.required ?? false) !== (counterpart.required ?? false))
      drifts.push({ path, change: 'required', recorded: requiredness(argument.required), live: requiredness(counterpart.required) });
  }
  const recordedNames = new Set((recorded.arguments ?? []).map((argument) => argument.name));
  for (const argument of live.arguments ?? [])
    if (!recordedNames.has(argument.name))
      drifts.push({
        path: `/arguments/${toPointer(argument.name)}`,
        change: 'added',
        recorded: 'absent',
        live: requiredness(argument.required),
      });
  return drifts;
}

type Schema = Record<string, unknown>;

/**
 * The drift of one JSON Schema from another: types, properties (an added one says whether it is
 * required, once), required-ness, enum values and items, recursively.
 */
export function compareSchemas(recorded: Schema, live: Schema, path: string): ReturnType<Compare<unknown>> {
  const drifts: ReturnType<Compare<unknown>> = [];
  const [typeBefore, typeAfter] = [schemaType(recorded), schemaType(live)];
  if (typeBefore !== typeAfter) return [{ path: `${path}/type`, change: 'type', recorded: typeBefore, live: typeAfter }];
  if (Array.isArray(recorded.enum) || Array.isArray(live.enum)) {
    const [before, after] = [toValues(recorded.enum), toValues(live.enum)];
    const added = after.filter((value) => !before.includes(value));
    const removed = before.filter((value) => !after.includes(value));
    if (added.length > 0 || removed.length > 0)
      drifts.push({
        path: `${path}/enum`,
        change: [
          added.length > 0 ? `values added: ${added.join(', ')}` : '',
          removed.length > 0 ? `values removed: ${removed.join(', ')}` : '',
        ]
          .filter(Boolean)
          .join('; '),
        recorded: before.join(', '),
        live: after.join(', '),
      });
  }
  const [propertiesBefore, propertiesAfter] = [toSchemas(recorded.properties), toSchemas(live.properties)];
  const [requiredBefore, requiredAfter] = [toValues(recorded.required), toValues(live.required)];
  for (const [name, schema] of Object.entries(propertiesBefore)) {
    const at = `${path}/properties/${toPointer(name)}`;
    const counterpart = propertiesAfter[name];
    if (!counterpart) {
      drifts.push({ path: at, change: 'removed', recorded: describe(schema, requiredBefore.includes(name)), live: 'absent' });
      continue;
    }
    if (requiredBefore.includes(name) !== requiredAfter.includes(name))
      drifts.push({
        path: at,
        change: 'required',
        recorded: requiredness(requiredBefore.includes(name)),
        live: requiredness(requiredAfter.includes(name)),
      });
    drifts.push(...compareSchemas(schema, counterpart, at));
  }
  for (const [name, schema] of Object.entries(propertiesAfter))
    if (!(name in propertiesBefore))
      drifts.push({
        path: `${path}/properties/${toPointer(name)}`,
        change: 'added',
        recorded: 'absent',
        live: describe(schema, requiredAfter.includes(name)),
      });
  if (isSchema(recorded.items) && isSchema(live.items)) drifts.push(...compareSchemas(recorded.items, live.items, `${path}/items`));
  return drifts;
}

function schemaType(schema: Schema): string {
  if (Array.isArray(schema.type)) return [...(schema.type as unknown[])].map(String).sort().join('|');
  if (typeof schema.type === 'string') return schema.type;
  if (isSchema(schema.properties)) return 'object';
  return 'any';
}

const describe = (schema: Schema, required: boolean) => `${requiredness(required)} ${schemaType(schema)}`;
const requiredness = (required: boolean | undefined) => (required ? 'required' : 'optional');
const quote = (text: string | undefined) =>
  text === undefined ? 'absent' : JSON.stringify(text.length > 80 ? `${text.slice(0, 77)}...` : text);
const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);
const toSchemas = (value: unknown): Record<string, Schema> =>
  isSchema(value) ? (Object.fromEntries(Object.entries(value).filter(([, schema]) => isSchema(schema))) as Record<string, Schema>) : {};
const toValues = (value: unknown): string[] =>
  Array.isArray(value) ? value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item))) : [];
