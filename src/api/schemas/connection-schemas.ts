/**
 * The platform's wire shapes, as zod schemas. The server validates requests with them, tests
 * check responses against them, and `/openapi.json` is generated from them. Platform field names
 * appear verbatim only here.
 */
import { z } from 'zod';
import { serverIconSchema } from '../../domain/server-info.js';
import { namespaceReservation } from '../../domain/reserved-names.js';
import { jsonObjectSchema } from '../../domain/json-object-schema.js';

// ---- shared pieces ------------------------------------------------------------------------

export const qualifiedNamePattern = /^@?[a-zA-Z0-9][a-zA-Z0-9_-]*(?:\/[a-zA-Z0-9][a-zA-Z0-9_-]*)?$/;
/** Namespace names: like the first part of a qualified name, at most 64 characters. */
export const namespaceNamePattern = /^[a-zA-Z0-9][a-zA-Z0-9_-]{0,63}$/;
/** Connection ids: no slash, not starting with a dot (`.tools` is a reserved path segment). */
export const connectionIdPattern = /^[a-zA-Z0-9_][a-zA-Z0-9._~@:+-]{0,254}$/;
const headerNamePattern = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Size limits of connection fields (the nesting policy of every body is in domain/json-limits.ts). */
export const connectionLimits = {
  /** Metadata travels in every list page and token check: a few dozen tags, not a document store. */
  metadataChars: 65_536,
  headers: 64,
  headerValueChars: 8192,
} as const;

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an absolute http or https URL' });

export const namespaceName = z.string().regex(namespaceNamePattern, `must match ${namespaceNamePattern.source}`);
/**
 * The name of a namespace being created (or written into): a valid name that is not reserved for
 * a top-level route, so that the root mount can reach it (docs/decisions.md, "Root mount").
 */
export const newNamespaceName = namespaceName.superRefine((name, context) => {
  const reservation = namespaceReservation(name);
  if (reservation) context.addIssue({ code: 'custom', message: reservation });
});
export const connectionId = z.string().regex(connectionIdPattern, `must match ${connectionIdPattern.source}`);

export const errorSchema = z.strictObject({ error: z.string(), message: z.string() }).meta({ id: 'Error' });
export const validationErrorSchema = z
  .strictObject({ error: z.literal('validation_error'), message: z.string() })
  .meta({ id: 'ValidationError' });

// ---- connections --------------------------------------------------------------------------

const httpInputField = z.strictObject({ label: z.string(), description: z.string().optional(), required: z.boolean().optional() });

export const credentialProfileHttpSchema = z
  .strictObject({ headers: z.record(z.string(), httpInputField).optional(), query: z.record(z.string(), httpInputField).optional() })
  .meta({ id: 'CredentialProfileHttp' });

export const connectionStatusSchema = z
  .discriminatedUnion('state', [
    z.strictObject({ state: z.literal('connected') }),
    z.strictObject({ state: z.literal('disconnected') }),
    z.strictObject({ state: z.literal('auth_required'), setupUrl: z.url().optional(), authorizationUrl: z.url().optional() }),
    z.strictObject({
      state: z.literal('input_required'),
      setupUrl: z.url().optional(),
      http: credentialProfileHttpSchema,
      missing: z.strictObject({ headers: z.array(z.string()), query: z.array(z.string()) }),
    }),
    z.strictObject({ state: z.literal('error'), message: z.string() }),
  ])
  .meta({ id: 'ConnectionStatus' });

export const serverInfoSchema = z
  .strictObject({
    name: z.string(),
    version: z.string(),
    title: z.string().optional(),
    icons: z.array(serverIconSchema).optional(),
    websiteUrl: z.string().optional(),
    description: z.string().optional(),
  })
  .meta({ id: 'ServerInfo' });

export const mockConfigSchema = z
  .strictObject({ enabled: z.boolean(), scenario: z.string().max(65_536, 'must be at most 65536 characters').optional() })
  .meta({ id: 'MockConfig' });

const sourceSchema = z.strictObject({
  kind: z.literal('module'),
  entrypoint: z.string().min(1).max(255),
  sourceFiles: z
    .array(z.strictObject({ path: z.string().min(1).max(255), contents: z.string().max(131_072) }))
    .min(1)
    .max(16),
});

export const transportSchema = z.enum(['http', 'uplink']);

/** Body of `PUT /connect/{ns}/{id}` and `POST /connect/{ns}`. */
export const connectionBodySchema = z
  .strictObject({
    transport: transportSchema.optional(),
    mcpUrl: httpUrl.optional(),
    server: z.string().min(1).max(255).regex(qualifiedNamePattern, `must match ${qualifiedNamePattern.source}`).optional(),
    source: sourceSchema.optional(),
    name: z.string().min(1).max(255).optional(),
    metadata: jsonObjectSchema({ maxChars: connectionLimits.metadataChars }).optional(),
    headers: z
      .record(
        z.string().regex(headerNamePattern, 'must be a valid HTTP header name'),
        z
          .string()
          .regex(/^[^\r\n\0]*$/, 'must not contain line breaks or NUL')
          .max(connectionLimits.headerValueChars, `must be at most ${connectionLimits.headerValueChars} characters (the limit)`),
      )
      .refine(
        (headers) => Object.keys(headers).length <= connectionLimits.headers,
        `must hold at most ${connectionLimits.headers} headers (the limit)`,
      )
      .optional(),
    mock: mockConfigSchema.optional(),
  })
  .meta({ id: 'ConnectionRequest' });

export const connectionSchema = z
  .strictObject({
    connectionId: z.string(),
    name: z.string(),
    transport: transportSchema.optional(),
    mcpUrl: z.string().nullable(),
    metadata: jsonObjectSchema().nullable(),
    mock: mockConfigSchema.optional(),
    iconUrl: z.string().nullable().optional(),
    createdAt: z.string().optional(),
    status: connectionStatusSchema.optional(),
    serverInfo: serverInfoSchema.optional(),
  })
  .meta({ id: 'Connection' });

export const connectionListSchema = z
  .strictObject({ connections: z.array(connectionSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'ConnectionList' });

const limitParameter = z
  .string()
  .regex(/^\d+$/, 'must be an integer from 1 to 100')
  .transform(Number)
  .pipe(z.int().min(1, 'must be an integer from 1 to 100').max(100, 'must be an integer from 1 to 100'));

/** Query of `GET /connect/{ns}`; `metadata.{key}` and `metadata[key]` filters are read apart. */
export const connectionListQuerySchema = z.looseObject({
  limit: limitParameter.optional(),
  cursor: z.string().optional(),
  name: z.string().optional(),
  mcpUrl: z.string().optional(),
});

export const deleteConnectionSchema = z.strictObject({ success: z.literal(true) });

// ---- namespaces ---------------------------------------------------------------------------

export const namespaceSchema = z.strictObject({ name: z.string(), createdAt: z.string() }).meta({ id: 'Namespace' });
export const namespaceListSchema = z.strictObject({ namespaces: z.array(namespaceSchema) });
export const namespaceListQuerySchema = z.looseObject({
  page: z
    .string()
    .regex(/^[1-9]\d*$/, 'must be an integer of at least 1')
    .transform(Number)
    .optional(),
  pageSize: limitParameter.optional(),
});
export const deleteNamespaceSchema = z.strictObject({ name: z.string(), success: z.literal(true) });

// ---- system -------------------------------------------------------------------------------

export const healthSchema = z.strictObject({ status: z.literal('ok'), timestamp: z.string() });

/** `GET /` for clients that do not ask for HTML: what this server is, and where to go next. */
export const indexSchema = z
  .strictObject({
    name: z.literal('mcpsim'),
    version: z.string(),
    links: z.strictObject({
      openapi: z.string().meta({ description: 'The OpenAPI 3.1 document of this API' }),
      health: z.string(),
      dashboard: z.string().meta({ description: 'The dashboard, for a browser (log in with the link the server prints at start)' }),
    }),
  })
  .meta({ id: 'Index' });
