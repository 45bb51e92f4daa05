import { z } from 'zod';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { isApiError, type ErrorCode as ErrorCodeName } from '../../errors.js';
import { mcpErrorCodes } from '../../mcp/connection-gate.js';
import { toJsonRpcError } from '../../mcp/json-rpc.js';
import { answerMcpPost } from '../../mcp/answer-mcp-post.js';
import { missingPermission } from '../http/access.js';
import { maxBodyBytes, type BodyGrant } from '../http/body-budget.js';
import type { AppDependencies, AppServices } from '../context.js';
import { defineOperation, type Operation } from '../http/operation.js';
import { isBodyCutShort, readBodyText } from '../http/read-json-body.js';
import { connectionId, errorSchema, namespaceName } from '../schemas/connection-schemas.js';

const connectionParams = z.object({ namespace: namespaceName, connectionId });

/** Refusals of a request body (too large, too slow, no share of the budget): JSON-RPC errors with their own status. */
const bodyRefusals = new Set<ErrorCodeName>(['payload_too_large', 'request_timeout', 'server_busy']);

const jsonRpcId = z.union([z.string(), z.number()]);
const jsonRpcMessageSchema = z
  .object({
    jsonrpc: z.literal('2.0'),
    id: jsonRpcId.optional().describe('absent for a notification, which gets 202 with no body'),
    method: z.string().describe('initialize, ping, tools/list, tools/call, or a notifications/* method'),
    params: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'JsonRpcMessage' });
const jsonRpcResponseSchema = z
  .object({
    jsonrpc: z.literal('2.0'),
    id: jsonRpcId.nullable(),
    result: z
      .record(z.string(), z.unknown())
      .optional()
      .describe('an MCP result: InitializeResult, ListToolsResult, CallToolResult (with _meta mcpsim/source and mcpsim/sequence) or {}'),
    error: z.object({ code: z.number().int(), message: z.string(), data: z.unknown().optional() }).optional(),
  })
  .meta({ id: 'JsonRpcResponse' });
const jsonRpcError = (description: string) => ({ description, schema: jsonRpcResponseSchema });

/** `POST /connect/{namespace}/{connectionId}/mcp`: the connection's MCP endpoint (Streamable HTTP, stateless). */
export function mcpOperations({ logger, bodyBudget }: AppDependencies, { resolver }: AppServices): Operation[] {
  return [
    defineOperation({
      method: 'POST',
      path: '/connect/{namespace}/{connectionId}/mcp',
      tag: 'connections',
      summary:
        "The connection's MCP endpoint (Streamable HTTP, stateless: no initialize needed, any mcp-session-id ignored; GET and DELETE get 405). Mock connections answer tools/list from the registry and tools/call from the simulator; real HTTP connections relay to their upstream with the stored headers (an upstream 401 moves the connection to auth_required)",
      permission: { resource: 'connections', operation: 'execute', each: 'connection' },
      params: connectionParams,
      rawBody: { contentType: 'application/json', description: 'One JSON-RPC 2.0 message (no batches)', schema: jsonRpcMessageSchema },
      responses: {
        200: {
          description: 'The JSON-RPC response; as one SSE message event when Accept does not allow application/json',
          schema: jsonRpcResponseSchema,
          contentTypes: ['application/json', 'text/event-stream'],
        },
        202: { description: 'A notification (or a client response) was accepted; no body' },
        400: jsonRpcError('Parse error (-32700), not a JSON-RPC request, or nested past the JSON policy (-32600)'),
        401: jsonRpcError(
          'The connection needs authorization: -32001 with data.setupUrl (a missing or bad credential gets the platform error instead)',
        ),
        403: { description: 'A service token without connections:execute on this connection', schema: errorSchema },
        404: jsonRpcError('Namespace or connection not found, or not visible to the token (-32004)'),
        409: jsonRpcError('The connection lacks required input: -32002 with data {http, missing}'),
        408: jsonRpcError(
          'A body over 1 MiB arrived slower than the minimum rate or not within the read deadline (-32600; the message names the rule)',
        ),
        413: jsonRpcError('The body is larger than the limit (-32600; the message names it)'),
        503: jsonRpcError('A body over 1 MiB waited too long for a share of the large-body budget (-32600, with retry-after)'),
        502: jsonRpcError(
          'The upstream MCP server failed (DNS, refused, timeout, closed, not MCP), or an uplink connection has nothing to relay to (-32005); the message says which',
        ),
      },
      async handle(c, { account, caller, params }) {
        const verdict = resolver.resolve({ accountId: account.id, chain: caller.chain, ...params }, 'execute');
        // Refusals of the connection itself are JSON-RPC errors; a scope the token lacks is the platform's 403.
        if (verdict.kind === 'forbidden') throw missingPermission('connections', verdict.operation);
        if (verdict.kind === 'missing' || verdict.kind === 'hidden') {
          const message = `Connection "${params.connectionId}" not found in namespace "${params.namespace}"`;
          return c.json(toJsonRpcError(null, mcpErrorCodes.connectionNotFound, message), 404);
        }
        // A large body waits for its share of the budget (see body-budget.ts), is read at its
        // pace, and holds the share until the answer is made. From here on every failure is a
        // JSON-RPC error, never the platform's {error, message}: a refusal of the body (413, 408,
        // 503) keeps its status and headers.
        let grant: BodyGrant | null = null;
        try {
          const reserved = bodyBudget.reserve(c, maxBodyBytes, account.id);
          grant = reserved instanceof Promise ? await reserved : reserved;
          const body = await readBodyText(c, maxBodyBytes, grant?.pace);
          // The signal and headers let a client's cancellation (or its going away) stop a mock call's model.
          return await answerMcpPost(verdict, body, c.req.header('accept'), { signal: c.req.raw.signal, headers: c.req.raw.headers });
        } catch (error) {
          if (isBodyCutShort(error))
            return c.json(toJsonRpcError(null, ErrorCode.InvalidRequest, `Invalid Request: ${error.message}`), 400);
          if (isApiError(error) && bodyRefusals.has(error.code))
            return c.json(toJsonRpcError(null, ErrorCode.InvalidRequest, `Invalid Request: ${error.message}`), error.status, error.headers);
          logger.error('Unhandled error while serving an MCP request', error);
          return c.json(
            toJsonRpcError(null, ErrorCode.InternalError, 'Internal error: mcpsim hit a bug; the server log has the details'),
            500,
          );
        } finally {
          grant?.release();
        }
      },
    }),
  ];
}
