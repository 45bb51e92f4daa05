import { z } from 'zod';
import type { HttpProfile } from '../../domain/connection.js';
import type { RegistryEntry } from '../../domain/registry.js';
import { apiError } from '../../errors.js';
import type { AppDependencies } from '../context.js';
import { defineOperation, type Operation } from '../http/operation.js';
import { checkOwner, writeServerEntry } from '../registry-ownership.js';
import { errorSchema, validationErrorSchema } from '../schemas/connection-schemas.js';
import {
  qualifiedNameParam,
  serverBodySchema,
  serverDeleteSchema,
  serverDetailSchema,
  serverListFields,
  serverListQuerySchema,
  serverListSchema,
  serverWriteSchema,
  type ServerListField,
} from '../schemas/server-schemas.js';

const tag = 'servers';
const invalid = { description: 'A parameter breaks a rule; the message names it', schema: validationErrorSchema };
const missing = { description: 'No such server', schema: errorSchema };
const notOwner = {
  description:
    'The entry belongs to another account (entries are public to read; only the owner writes), or a new entry names an owner another account holds',
  schema: errorSchema,
};

/** The registry: list and search, detail, and local authoring. */
export function serverOperations({ stores, clock, search }: AppDependencies): Operation[] {
  return [
    defineOperation({
      method: 'GET',
      path: '/servers',
      tag,
      summary: 'List and search registry servers (full-text, plus semantic when an embeddings model is configured)',
      permission: { resource: 'servers', operation: 'read' },
      query: serverListQuerySchema,
      responses: { 200: { description: 'One page of servers', schema: serverListSchema }, 400: invalid },
      async handle(c, { query, searchParams }) {
        const body = await search.list({
          ...(query.q === undefined ? {} : { q: query.q }),
          page: query.page ?? 1,
          pageSize: query.pageSize ?? 10,
          topK: query.topK ?? 100,
          fields: toFields(query.fields),
          ...toIds(searchParams.getAll('ids')),
          ...pick(query, ['qualifiedName', 'namespace', 'remote', 'isDeployed', 'verified', 'ownerId', 'repoOwner', 'repoName', 'seed']),
        });
        return c.body(body, 200, { 'content-type': 'application/json' });
      },
    }),
    defineOperation({
      method: 'GET',
      path: '/servers/{qualifiedName}',
      tag,
      summary: 'Server detail: connection, config schema, tools, resources, prompts (a/b, a%2Fb and a leading @ all work)',
      permission: { resource: 'servers', operation: 'read' },
      params: qualifiedNameParam,
      responses: { 200: { description: 'The server', schema: serverDetailSchema }, 404: missing },
      handle(c, { params }) {
        const entry = stores.registry.get(params.qualifiedName);
        if (!entry) throw serverNotFound(params.qualifiedName);
        return c.json(toServerDetail(entry));
      },
    }),
    defineOperation({
      method: 'PUT',
      path: '/servers/{qualifiedName}',
      tag,
      summary: 'Create or update a registry entry of your own, with its tools and config schema',
      permission: { resource: 'servers', operation: 'write' },
      params: qualifiedNameParam,
      body: { schema: serverBodySchema, required: false },
      responses: {
        200: { description: 'Updated', schema: serverWriteSchema },
        201: { description: 'Created', schema: serverWriteSchema },
        400: invalid,
        403: notOwner,
      },
      handle(c, { params, body, account }) {
        const { entry, created } = writeServerEntry({ stores, clock }, account, params.qualifiedName, body, { scenario: false });
        return c.json(toWriteResult(entry), created ? 201 : 200);
      },
    }),
    defineOperation({
      method: 'PUT',
      path: '/__mcpsim/servers/{qualifiedName}',
      tag: 'mcpsim',
      summary:
        "A scenario's registry entry (what scenario loading sends): PUT /servers, except that for the local account another account's entry or owner never refuses it (the entry is taken back, replaced whole)",
      permission: 'api-key',
      params: qualifiedNameParam,
      body: { schema: serverBodySchema, required: false },
      responses: {
        200: { description: 'Updated, or taken back from another account', schema: serverWriteSchema },
        201: { description: 'Created', schema: serverWriteSchema },
        400: invalid,
        403: { description: 'Another account than the local one, refused as PUT /servers refuses it', schema: errorSchema },
      },
      handle(c, { params, body, account }) {
        const { entry, created } = writeServerEntry({ stores, clock }, account, params.qualifiedName, body, { scenario: true });
        return c.json(toWriteResult(entry), created ? 201 : 200);
      },
    }),
    defineOperation({
      method: 'DELETE',
      path: '/servers/{qualifiedName}',
      tag,
      summary: 'Delete a registry entry and its tools (connections that name it keep working as they are)',
      permission: { resource: 'servers', operation: 'write' },
      params: qualifiedNameParam,
      responses: { 200: { description: 'Deleted', schema: serverDeleteSchema }, 403: notOwner, 404: missing },
      handle(c, { params, account }) {
        const entry = stores.registry.get(params.qualifiedName);
        if (entry) checkOwner(stores, account, entry.qualifiedName, 'delete');
        if (!entry || !stores.registry.delete(entry.qualifiedName)) throw serverNotFound(params.qualifiedName);
        return c.json({ server: entry.qualifiedName, namespace: entry.namespace, success: true as const });
      },
    }),
  ];
}

function toWriteResult(entry: RegistryEntry) {
  return {
    server: entry.qualifiedName,
    namespace: entry.namespace,
    displayName: entry.displayName,
    description: entry.description,
    createdAt: entry.createdAt,
  };
}

function serverNotFound(qualifiedName: string) {
  return apiError('not_found', `Server "${qualifiedName}" not found in the registry`);
}

function toFields(text: string | undefined): ServerListField[] {
  if (text === undefined || text.trim() === '') return [...serverListFields];
  const fields = [
    ...new Set(
      text
        .split(',')
        .map((field) => field.trim())
        .filter(Boolean),
    ),
  ];
  for (const field of fields) {
    if (!(serverListFields as readonly string[]).includes(field)) {
      throw apiError('validation_error', `fields: unknown field "${field}"; allowed: ${serverListFields.join(', ')}`);
    }
  }
  return fields as ServerListField[];
}

function toIds(values: string[]): { ids?: Set<string> } {
  if (values.length === 0) return {};
  const ids = values
    .flatMap((value) => value.split(','))
    .map((id) => id.trim())
    .filter(Boolean);
  for (const id of ids) {
    if (!z.uuid().safeParse(id).success) throw apiError('validation_error', `ids: "${id}" is not a UUID`);
  }
  return { ids: new Set(ids.map((id) => id.toLowerCase())) };
}

function pick<T extends object, K extends keyof T>(value: T, keys: readonly K[]): Partial<Pick<T, K>> {
  const picked: Partial<Pick<T, K>> = {};
  for (const key of keys) if (value[key] !== undefined) picked[key] = value[key];
  return picked;
}

/** The detail shape of the hosted platform. */
export function toServerDetail(entry: RegistryEntry) {
  return {
    qualifiedName: entry.qualifiedName,
    displayName: entry.displayName,
    description: entry.description,
    iconUrl: entry.iconUrl || null,
    remote: entry.remote,
    deploymentUrl: entry.deploymentUrl,
    connections: [{ type: 'http' as const, deploymentUrl: entry.deploymentUrl, configSchema: toConfigSchema(entry.config) }],
    tools: entry.tools,
    resources: entry.resources,
    prompts: entry.prompts,
    security: entry.security,
  };
}

/**
 * The config a connection must supply, as JSON Schema: one string property per header or query
 * parameter, with `x-from` saying where it goes.
 */
export function toConfigSchema(profile: HttpProfile): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const [location, fields] of [
    ['header', profile.headers],
    ['query', profile.query],
  ] as const) {
    for (const [name, field] of Object.entries(fields ?? {})) {
      properties[name] = {
        type: 'string',
        title: field.label,
        ...(field.description ? { description: field.description } : {}),
        'x-from': { [location]: name },
      };
      if (field.required) required.push(name);
    }
  }
  return { type: 'object', properties, required, additionalProperties: false };
}
