/**
 * Registry records from outside mcpsim, in the three shapes an import accepts, and their
 * conversion to a `RegistryEntry`:
 *
 * - `list-item`: an item of `GET /servers` (the platform's list shape, docs/api.md), plus the public data set's
 *   `repoOwner`, `repoName` and `remoteUrl`; its `score` becomes the entry's `quality`;
 * - `detail`: the answer of `GET /servers/{qualifiedName}` (the SDK's `ServerGetResponse`);
 * - `catalog`: a file of mcpsim's own demo catalog (`catalogEntrySchema`).
 *
 * A record is told apart by its keys: `connections` makes a detail, `serverInfo` or `config` a
 * catalog entry, anything else a list item. Each shape is strict, so a misspelt field is refused
 * instead of silently dropped.
 */
import { v5 as uuidv5 } from 'uuid';
import { z } from 'zod';
import { catalogEntrySchema, promptSchema, qualifiedNamePattern, resourceSchema, securitySchema } from './catalog-entry.js';
import type { Clock } from './clock.js';
import type { HttpInputField, HttpProfile, ServerInfo } from './connection.js';
import { toFieldMessage } from './field-message.js';
import { registryIdNamespace, toQualityScore, type RegistryEntry, type ToolDefinition } from './registry.js';

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

export const qualifiedNameSchema = z.string().max(255).regex(qualifiedNamePattern);

/** A tool as `tools/list` returns it; `description: null` (the hosted detail's spelling of "none") is dropped. */
export const recordToolSchema = z
  .looseObject({
    name: z.string().min(1).max(255),
    title: z.string().optional(),
    description: z.string().nullable().optional(),
    inputSchema: z.looseObject({ type: z.literal('object') }),
    outputSchema: z.looseObject({}).optional(),
    annotations: z.looseObject({}).optional(),
  })
  .transform(({ description, ...tool }): ToolDefinition => (description == null ? tool : { ...tool, description }));

/** A server's tool list; names must differ, since a client calls a tool by its name. */
export const recordToolsSchema = z.array(recordToolSchema).superRefine((tools, context) => {
  const seen = new Map<string, number>();
  tools.forEach((tool, index) => {
    const first = seen.get(tool.name);
    if (first === undefined) seen.set(tool.name, index);
    else
      context.addIssue({
        code: 'custom',
        path: [index, 'name'],
        message: `repeats the name of tool ${first} ("${tool.name}"); tool names must be unique`,
      });
  });
});

export const listItemRecordSchema = z
  .strictObject({
    id: z.uuid().optional(),
    qualifiedName: qualifiedNameSchema,
    namespace: z.string().nullable().optional(),
    slug: z.string().nullable().optional(),
    displayName: z.string().optional(),
    description: z.string().optional(),
    iconUrl: z.string().nullable().optional(),
    verified: z.boolean().optional(),
    useCount: z.int().nonnegative().optional(),
    remote: z.boolean().nullable().optional(),
    isDeployed: z.boolean().optional(),
    createdAt: z.iso.datetime({ offset: true }).optional(),
    homepage: z.string().optional(),
    byPlatform: z.boolean().optional(),
    /** The hosted API's own spelling of `byPlatform`. */
    bySmithery: z.boolean().optional(),
    owner: z.string().nullable().optional(),
    score: z.number().min(0).max(1).nullable().optional(),
    repoOwner: z.string().nullable().optional(),
    repoName: z.string().nullable().optional(),
    remoteUrl: httpUrl.nullable().optional(),
  })
  .superRefine((record, context) => {
    const split = splitQualifiedName(record.qualifiedName);
    for (const field of ['namespace', 'slug'] as const) {
      const given = record[field];
      if (given != null && given !== split[field]) {
        context.addIssue({
          code: 'custom',
          path: [field],
          message: `must be ${JSON.stringify(split[field])}, as in qualifiedName "${record.qualifiedName}" (got ${JSON.stringify(given)})`,
        });
      }
    }
  });

const connectionSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('http'), deploymentUrl: httpUrl, configSchema: z.looseObject({}).optional() }),
    z.strictObject({
      type: z.literal('stdio'),
      bundleUrl: z.string(),
      runtime: z.enum(['node', 'binary', 'python', 'bun']),
      configSchema: z.looseObject({}).optional(),
    }),
  ],
  { error: 'must be "http" or "stdio"' },
);

export const detailRecordSchema = z.strictObject({
  qualifiedName: qualifiedNameSchema,
  displayName: z.string().optional(),
  description: z.string().optional(),
  iconUrl: z.string().nullable().optional(),
  remote: z.boolean().optional(),
  deploymentUrl: httpUrl.nullable().optional(),
  connections: z.array(connectionSchema),
  tools: recordToolsSchema.nullable().optional(),
  resources: z.array(resourceSchema).nullable().optional(),
  prompts: z.array(promptSchema).nullable().optional(),
  security: securitySchema.nullable().optional(),
});

export type RegistryRecord =
  | { shape: 'list-item'; data: z.output<typeof listItemRecordSchema> }
  | { shape: 'detail'; data: z.output<typeof detailRecordSchema> }
  | { shape: 'catalog'; data: z.output<typeof catalogEntrySchema> };

export type RecordShape = RegistryRecord['shape'];

export type ParsedRecord =
  { ok: true; record: RegistryRecord } | { ok: false; shape: RecordShape | null; qualifiedName: string | null; message: string };

/**
 * Validates one record in whichever shape its keys say. On failure the message names each bad
 * field and its rule, e.g. `useCount: must be an integer (got 1.5)`.
 *
 * @example
 *   const parsed = parseRegistryRecord({ qualifiedName: '@acme/notes', useCount: 3 });
 *   if (parsed.ok) toRegistryEntry(parsed.record, { clock: systemClock });
 */
export function parseRegistryRecord(value: unknown): ParsedRecord {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return {
      ok: false,
      shape: null,
      qualifiedName: null,
      message: `must be an object (got ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value})`,
    };
  }
  const fields = value as Record<string, unknown>;
  const qualifiedName = typeof fields.qualifiedName === 'string' ? fields.qualifiedName : null;
  const fail = (shape: RecordShape, issues: readonly z.core.$ZodIssue[]): ParsedRecord => ({
    ok: false,
    shape,
    qualifiedName,
    message: toFieldMessage(issues, value),
  });
  if ('connections' in fields) {
    const parsed = detailRecordSchema.safeParse(value);
    return parsed.success ? { ok: true, record: { shape: 'detail', data: parsed.data } } : fail('detail', parsed.error.issues);
  }
  if ('serverInfo' in fields || 'config' in fields) {
    const parsed = catalogEntrySchema.safeParse(value);
    return parsed.success ? { ok: true, record: { shape: 'catalog', data: parsed.data } } : fail('catalog', parsed.error.issues);
  }
  const parsed = listItemRecordSchema.safeParse(value);
  return parsed.success ? { ok: true, record: { shape: 'list-item', data: parsed.data } } : fail('list-item', parsed.error.issues);
}

export interface RecordOptions {
  /** Stamps `createdAt` of a record that has none and was not stored before. */
  clock: Clock;
  /** The stored `createdAt` of an entry, so re-importing a record without one changes nothing. */
  storedCreatedAt?: (id: string) => string | undefined;
}

/**
 * Turns a validated record into a registry entry, filling what the shape lacks: the id from the
 * qualified name, namespace and slug from it, the deployment URL, a `serverInfo`, quality from
 * the other fields, and empty tools, resources and prompts.
 */
export function toRegistryEntry(record: RegistryRecord, options: RecordOptions): RegistryEntry {
  if (record.shape === 'catalog') {
    const { data } = record;
    return { ...data, tools: data.tools as ToolDefinition[], quality: data.quality ?? toQualityScore(data) };
  }
  const id = toRecordId(record);
  const createdAt =
    (record.shape === 'list-item' && record.data.createdAt ? new Date(record.data.createdAt).toISOString() : undefined) ??
    options.storedCreatedAt?.(id) ??
    options.clock.now().toISOString();
  return record.shape === 'list-item' ? fromListItem(record.data, id, createdAt) : fromDetail(record.data, id, createdAt);
}

/** The id a record will have: its own, or the one derived from its qualified name. */
export function toRecordId(record: RegistryRecord): string {
  return (record.shape === 'detail' ? undefined : record.data.id) ?? toRegistryId(record.data.qualifiedName);
}

/** `uuidv5('server:' + lower(qualifiedName))` under `registryIdNamespace`, as the public data set. */
export function toRegistryId(qualifiedName: string): string {
  return uuidv5(`server:${qualifiedName.toLowerCase()}`, registryIdNamespace);
}

/** The public data set's owner id: `uuidv5('owner:' + lower(repository owner, else namespace, else name))`. */
export function toOwnerId(ownerKey: string): string {
  return uuidv5(`owner:${ownerKey.toLowerCase()}`, registryIdNamespace);
}

/** `@acme/notes` → `{ namespace: 'acme', slug: 'notes' }`; an unscoped name has namespace `""`. */
export function splitQualifiedName(qualifiedName: string): { namespace: string; slug: string } {
  const bare = qualifiedName.replace(/^@/, '');
  const slash = bare.indexOf('/');
  return slash === -1 ? { namespace: '', slug: bare } : { namespace: bare.slice(0, slash), slug: bare.slice(slash + 1) };
}

/** Where a connection to a registry server goes when the record names no URL. */
export function toDefaultDeploymentUrl(qualifiedName: string): string {
  return `https://server.smithery.ai/${qualifiedName.replace(/^@/, '')}/mcp`;
}

/**
 * What an HTTP connection must supply, read from a config schema's properties that say where
 * their value comes from (`"x-from": { "header": "x-api-key" }` or `{ "query": "key" }`).
 * Properties without `x-from` are not asked for.
 */
export function toHttpProfile(configSchema: Record<string, unknown> | undefined): HttpProfile {
  const properties = configSchema?.properties;
  if (typeof properties !== 'object' || properties === null) return {};
  const required = Array.isArray(configSchema?.required) ? configSchema.required : [];
  const profile: { headers?: Record<string, HttpInputField>; query?: Record<string, HttpInputField> } = {};
  for (const [name, property] of Object.entries(properties as Record<string, unknown>)) {
    if (typeof property !== 'object' || property === null) continue;
    const { title, description, 'x-from': from } = property as Record<string, unknown>;
    if (typeof from !== 'object' || from === null) continue;
    const field: HttpInputField = {
      label: typeof title === 'string' ? title : name,
      ...(typeof description === 'string' ? { description } : {}),
      required: required.includes(name),
    };
    const { header, query } = from as Record<string, unknown>;
    if (typeof header === 'string' && header !== '') (profile.headers ??= {})[header] = field;
    else if (typeof query === 'string' && query !== '') (profile.query ??= {})[query] = field;
  }
  return profile;
}

function defaultServerInfo(slug: string): ServerInfo {
  return { name: slug, version: '1.0.0' };
}

function fromListItem(data: z.output<typeof listItemRecordSchema>, id: string, createdAt: string): RegistryEntry {
  const { namespace, slug } = splitQualifiedName(data.qualifiedName);
  const remoteUrl = data.remoteUrl ?? null;
  const repoOwner = data.repoOwner ?? null;
  const listing = {
    useCount: data.useCount ?? 0,
    verified: data.verified ?? false,
    iconUrl: data.iconUrl ?? '',
    description: data.description ?? '',
  };
  return {
    id,
    qualifiedName: data.qualifiedName,
    namespace,
    slug,
    displayName: data.displayName ?? slug,
    ...listing,
    remote: data.remote ?? remoteUrl !== null,
    isDeployed: data.isDeployed ?? false,
    createdAt,
    homepage: data.homepage ?? `https://smithery.ai/server/${data.qualifiedName}`,
    byPlatform: data.byPlatform ?? data.bySmithery ?? false,
    owner: data.owner ?? toOwnerId(repoOwner ?? (namespace || data.qualifiedName)),
    repoOwner,
    repoName: data.repoName ?? null,
    remoteUrl,
    deploymentUrl: remoteUrl ?? toDefaultDeploymentUrl(data.qualifiedName),
    serverInfo: defaultServerInfo(slug),
    config: {},
    tools: [],
    resources: [],
    prompts: [],
    quality: data.score ?? toQualityScore(listing),
    security: null,
  };
}

function fromDetail(data: z.output<typeof detailRecordSchema>, id: string, createdAt: string): RegistryEntry {
  const { namespace, slug } = splitQualifiedName(data.qualifiedName);
  const http = data.connections.find((connection) => connection.type === 'http');
  const listing = { useCount: 0, verified: false, iconUrl: data.iconUrl ?? '', description: data.description ?? '' };
  return {
    id,
    qualifiedName: data.qualifiedName,
    namespace,
    slug,
    displayName: data.displayName ?? slug,
    ...listing,
    remote: data.remote ?? http !== undefined,
    isDeployed: data.deploymentUrl != null,
    createdAt,
    homepage: `https://smithery.ai/server/${data.qualifiedName}`,
    byPlatform: false,
    owner: toOwnerId(namespace || data.qualifiedName),
    repoOwner: null,
    repoName: null,
    remoteUrl: null,
    deploymentUrl: data.deploymentUrl ?? http?.deploymentUrl ?? toDefaultDeploymentUrl(data.qualifiedName),
    serverInfo: defaultServerInfo(slug),
    config: toHttpProfile(http?.configSchema),
    tools: data.tools ?? [],
    resources: data.resources ?? [],
    prompts: data.prompts ?? [],
    quality: toQualityScore(listing),
    security: data.security ?? null,
  };
}
