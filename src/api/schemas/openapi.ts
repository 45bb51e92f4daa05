import { z } from 'zod';
import type { Operation } from '../http/operation.js';

const errorResponses = {
  401: 'Missing, malformed or unknown credential',
  405: 'Method not allowed on this path',
  413: 'Request body too large',
} as const;

/**
 * The OpenAPI 3.1 document of the given operations, written from the same zod schemas the server
 * validates with (JSON Schema 2020-12, which OpenAPI 3.1 uses as is).
 */
export function toOpenApiDocument(operations: readonly Operation[], version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  const schemas: Record<string, unknown> = {};
  const toSchema = (schema: z.ZodType, io: 'input' | 'output') => toComponentSchema(schema, io, schemas);
  for (const operation of operations) {
    (paths[operation.path] ??= {})[operation.method.toLowerCase()] = {
      operationId: `${operation.method.toLowerCase()}${operation.path.replace(/[{}]/g, '').replace(/[^a-zA-Z0-9]+(.)?/g, (_, next: string | undefined) => (next ?? '').toUpperCase())}`,
      summary: operation.summary,
      tags: [operation.tag],
      ...(operation.public ? { security: [] } : {}),
      parameters: [...parameters(operation.params, 'path', toSchema), ...parameters(operation.query, 'query', toSchema)],
      ...(operation.body
        ? {
            requestBody: {
              required: operation.body.required,
              content: { 'application/json': { schema: toSchema(operation.body.schema, 'input') } },
            },
          }
        : operation.rawBody
          ? {
              requestBody: {
                required: true,
                description: operation.rawBody.description,
                content: { [operation.rawBody.contentType]: { schema: toSchema(operation.rawBody.schema, 'input') } },
              },
            }
          : {}),
      responses: responses(operation, toSchema),
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'mcpsim platform API', version, description },
    servers: [{ url: '/' }],
    components: { schemas, securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'API key' } } },
    security: [{ bearer: [] }],
    paths,
  };
}

/**
 * What the paths cannot say. The root twins of the Connect routes are described here instead of
 * being listed twice, and the WebSocket upgrade has no place in OpenAPI's request model.
 */
const description = [
  'A local stand-in for a hosted MCP platform.',
  'Root mount: every /connect/... route is also served at the root with the prefix removed (GET /{namespace}, PUT /{namespace}/{connectionId}, GET /{namespace}/{connectionId}/.tools, POST /{namespace}/{connectionId}/mcp, ...), answering exactly as its /connect twin, for clients that send Connect calls to the base URL (the official CLI). Fixed routes win; namespace names that would collide with them (servers, namespaces, tokens, health, openapi.json, connect, api, skills, organizations, ui, and any name starting with __) are refused with 400.',
  'Uplink pairing: GET /{namespace}/{connectionId} (also under /connect) with Upgrade: websocket and the API key or a token with connections:execute pairs a local MCP server with the uplink connection: one JSON-RPC message per text frame both ways, mcpsim being the MCP client. 409 when the connection is not an uplink one, or is already paired and ?force=1 is not given (which replaces the old pairing, closed with 1001 "replaced").',
].join('\n\n');

type ToSchema = (schema: z.ZodType, io: 'input' | 'output') => Record<string, unknown>;

function responses(operation: Operation, toSchema: ToSchema) {
  const result: Record<string, unknown> = {};
  for (const [status, response] of Object.entries(operation.responses)) {
    result[status] = {
      description: response.description,
      ...(response.schema
        ? {
            content: Object.fromEntries(
              (response.contentTypes ?? ['application/json']).map((type) => [type, { schema: toSchema(response.schema!, 'output') }]),
            ),
          }
        : {}),
    };
  }
  if (!operation.public) {
    for (const [status, description] of Object.entries(errorResponses)) result[status] ??= { description };
  }
  return result;
}

function parameters(schema: z.ZodType | undefined, location: 'path' | 'query', toSchema: ToSchema) {
  if (!schema) return [];
  const json = toSchema(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || (json.required ?? []).includes(name),
    schema: property,
  }));
}

/**
 * JSON Schema of `schema`; schemas named with `.meta({ id })` go to `components.schemas` (one
 * entry per name and direction) and are referenced from there.
 */
function toComponentSchema(schema: z.ZodType, io: 'input' | 'output', components: Record<string, unknown>): Record<string, unknown> {
  const suffix = io === 'input' ? 'Input' : '';
  const converted = z.toJSONSchema(schema, { io, unrepresentable: 'any', reused: 'inline' }) as Record<string, unknown>;
  const text = JSON.stringify(converted).replace(/"#\/\$defs\/([^"]+)"/g, (_, id: string) => `"#/components/schemas/${id}${suffix}"`);
  const { $schema: _dialect, $defs: definitions, ...json } = JSON.parse(text) as Record<string, unknown>;
  for (const [id, definition] of Object.entries((definitions ?? {}) as Record<string, unknown>))
    components[`${id}${suffix}`] ??= definition;
  return json;
}
