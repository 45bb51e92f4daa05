import { z } from 'zod';
import { jsonObjectSchema } from '../../domain/json-object-schema.js';
import { connectionStatusSchema } from './connection-schemas.js';
import { toolSchema } from './server-schemas.js';

/** `{tools}`: every tool of a connection, or the tools under a slash category. */
export const toolListSchema = z.strictObject({ tools: z.array(toolSchema) }).meta({ id: 'ToolList' });

/** Body of `POST /connect/{ns}/{id}/.tools/{toolPath}`: the tool's arguments (empty body = `{}`). */
export const toolArgumentsSchema = jsonObjectSchema().meta({ id: 'ToolArguments' });

/** An MCP CallToolResult, with `_meta["mcpsim/source"]` and `_meta["mcpsim/sequence"]` on mock connections. */
export const callToolResultSchema = z
  .looseObject({
    content: z.array(z.looseObject({ type: z.string() })),
    structuredContent: z.record(z.string(), z.unknown()).optional(),
    isError: z.boolean().optional(),
    _meta: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'CallToolResult' });

const envelopeBase = { connectionId: z.string(), name: z.string(), status: connectionStatusSchema };

/** One connection in `GET /connect/{ns}/.tools`: exactly one of `tools` or `error` (docs/decisions.md, "Namespace tool listing"). */
export const connectionToolsSchema = z
  .union([
    z.strictObject({ ...envelopeBase, tools: z.array(toolSchema) }),
    z.strictObject({
      ...envelopeBase,
      error: z.strictObject({
        code: z
          .string()
          .describe(
            'auth_required or input_required (skipped, no upstream request), upstream_error (the upstream failed or timed out; the message says how), or not_connected (an uplink connection with nothing paired)',
          ),
        message: z.string(),
      }),
    }),
  ])
  .meta({ id: 'ConnectionTools' });

export const namespaceToolsSchema = z.strictObject({ connections: z.array(connectionToolsSchema) }).meta({ id: 'NamespaceTools' });

/** Query of `GET /connect/{ns}/.tools`: the connection list's filters, without paging. */
export const namespaceToolsQuerySchema = z.looseObject({ name: z.string().optional(), mcpUrl: z.string().optional() });
