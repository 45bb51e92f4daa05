/**
 * Wire shapes of the registry routes (`/servers`), as zod schemas: the server validates with them,
 * tests check responses against them, `/openapi.json` is written from them.
 */
import { z } from 'zod';
import { serverListFields, type ServerListField } from '../../domain/registry.js';
import { credentialProfileHttpSchema, qualifiedNamePattern, serverInfoSchema } from './connection-schemas.js';

export { serverListFields, type ServerListField };

export const serverListItemSchema = z
  .strictObject({
    id: z.string(),
    qualifiedName: z.string(),
    namespace: z.string(),
    slug: z.string(),
    displayName: z.string(),
    description: z.string(),
    iconUrl: z.string(),
    verified: z.boolean(),
    useCount: z.int(),
    remote: z.boolean(),
    isDeployed: z.boolean(),
    createdAt: z.string(),
    homepage: z.string(),
    byPlatform: z.boolean(),
    owner: z.string(),
    score: z.number(),
  })
  .partial()
  .meta({ id: 'ServerListItem', description: 'All 16 fields unless `fields` narrows them.' });

export const paginationSchema = z.strictObject({ currentPage: z.int(), pageSize: z.int(), totalPages: z.int(), totalCount: z.int() });
export const serverListSchema = z
  .strictObject({ servers: z.array(serverListItemSchema), pagination: paginationSchema })
  .meta({ id: 'ServerList' });

const flag = z
  .enum(['0', '1', 'true', 'false'], { error: 'must be one of 0, 1, true, false' })
  .transform((value) => value === '1' || value === 'true');
const integer = (rule: string) =>
  z
    .string()
    .regex(/^-?\d+$/, `must be ${rule}`)
    .transform(Number);
const maxSafe = Number.MAX_SAFE_INTEGER;

/** Query of `GET /servers`. `ids` may repeat and be comma-joined; the route reads it apart. */
export const serverListQuerySchema = z.looseObject({
  q: z.string().max(1000, 'must be at most 1000 characters').optional(),
  page: integer('an integer of at least 1')
    .pipe(z.int().min(1, 'must be an integer of at least 1').max(maxSafe, `must be at most ${maxSafe}`))
    .optional(),
  pageSize: integer('an integer from 1 to 100')
    .pipe(z.int().min(1, 'must be an integer from 1 to 100').max(100, 'must be an integer from 1 to 100'))
    .optional(),
  topK: integer('an integer from 10 to 500')
    .pipe(z.int().min(10, 'must be an integer from 10 to 500'))
    .transform((value) => Math.min(value, 500))
    .optional(),
  fields: z.string().optional(),
  ids: z.string().optional(),
  qualifiedName: z.string().optional(),
  namespace: z.string().optional(),
  remote: flag.optional(),
  isDeployed: flag.optional(),
  verified: flag.optional(),
  ownerId: z.string().optional(),
  repoOwner: z.string().optional(),
  repoName: z.string().optional(),
  seed: integer(`an integer from -${maxSafe} to ${maxSafe}`).pipe(z.int().min(-maxSafe).max(maxSafe)).optional(),
});

export const qualifiedNameParam = z.object({
  qualifiedName: z.string().min(1).max(255).regex(qualifiedNamePattern, `must match ${qualifiedNamePattern.source}`),
});

// ---- detail -------------------------------------------------------------------------------

const jsonObject = z.record(z.string(), z.unknown());

export const toolSchema = z
  .looseObject({
    name: z
      .string()
      .min(1)
      .max(128)
      .regex(/^[A-Za-z0-9_.\-/]+$/, 'must be letters, digits, _ . - or /'),
    title: z.string().optional(),
    description: z.string().max(10_000).optional(),
    inputSchema: z.looseObject({ type: z.literal('object') }),
    outputSchema: z.looseObject({ type: z.literal('object') }).optional(),
    annotations: jsonObject.optional(),
  })
  .meta({ id: 'Tool' });

export const resourceSchema = z.strictObject({
  uri: z.string().min(1),
  name: z.string().min(1),
  description: z.string().optional(),
  mimeType: z.string().optional(),
});
export const promptSchema = z.strictObject({
  name: z.string().min(1),
  title: z.string().optional(),
  description: z.string().optional(),
  arguments: z
    .array(z.strictObject({ name: z.string().min(1), description: z.string().optional(), required: z.boolean().optional() }))
    .optional(),
});

export const serverDetailSchema = z
  .strictObject({
    qualifiedName: z.string(),
    displayName: z.string(),
    description: z.string(),
    iconUrl: z.string().nullable(),
    remote: z.boolean(),
    deploymentUrl: z.string().nullable(),
    connections: z.array(z.strictObject({ type: z.literal('http'), deploymentUrl: z.string(), configSchema: jsonObject })),
    tools: z.array(toolSchema).nullable(),
    resources: z.array(resourceSchema).nullable(),
    prompts: z.array(promptSchema).nullable(),
    security: z.strictObject({ scanPassed: z.boolean() }).nullable(),
  })
  .meta({ id: 'ServerDetail' });

// ---- authoring ----------------------------------------------------------------------------

/** Body of `PUT /servers/{qualifiedName}`: every field optional; on update, what is left out stays. */
export const serverBodySchema = z
  .strictObject({
    displayName: z.string().min(1).max(255).optional(),
    description: z.string().max(10_000).optional(),
    iconUrl: z.union([z.url(), z.literal('')]).optional(),
    homepage: z.url().optional(),
    verified: z.boolean().optional(),
    useCount: z.int().min(0).optional(),
    remote: z.boolean().optional(),
    isDeployed: z.boolean().optional(),
    deploymentUrl: z.url({ protocol: /^https?$/, error: 'must be an absolute http or https URL' }).optional(),
    repoOwner: z.string().max(255).nullable().optional(),
    repoName: z.string().max(255).nullable().optional(),
    serverInfo: serverInfoSchema.optional(),
    config: credentialProfileHttpSchema.optional(),
    tools: z
      .array(toolSchema)
      .max(1000)
      .superRefine((tools, context) => {
        const first = new Map<string, number>();
        tools.forEach((tool, index) => {
          const earlier = first.get(tool.name);
          if (earlier === undefined) first.set(tool.name, index);
          else
            context.addIssue({
              code: 'custom',
              path: [index, 'name'],
              message: `repeats the name of tool ${earlier} ("${tool.name}"); tool names must be unique`,
            });
        });
      })
      .optional(),
    resources: z.array(resourceSchema).max(1000).optional(),
    prompts: z.array(promptSchema).max(1000).optional(),
  })
  .meta({ id: 'ServerRequest' });

export const serverWriteSchema = z.strictObject({
  server: z.string(),
  namespace: z.string(),
  displayName: z.string(),
  description: z.string(),
  createdAt: z.string(),
});
export const serverDeleteSchema = z.strictObject({ server: z.string(), namespace: z.string(), success: z.literal(true) });
