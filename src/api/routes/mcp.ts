import { z } from 'zod';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { apiError, isApiError, type ErrorCode as ErrorCodeName } from '../../errors.js';
import { mcpErrorCodes } from '../../mcp/connection-gate.js';
import { toJsonRpcError } from '../../mcp/json-rpc.js';
import { answerMcpPost, answerMcpSessionRequest } from '../../mcp/answer-mcp-post.js';
import type { ConnectionResolver, ReadyVerdict, RefusedVerdict } from '../../mcp/resolve-connection.js';
import { missingPermission } from '../http/access.js';
import { maxBodyBytes, type BodyGrant } from '../http/body-budget.js';
import type { Context } from 'hono';
import type { Caller } from '../http/access.js';
import type { AppDependencies, AppServices } from '../context.js';
import { defineOperation, type Operation } from '../http/operation.js';
import { isBodyCutShort, readBodyText } from '../http/read-json-body.js';
import { connectionId, errorSchema, namespaceName } from '../schemas/connection-schemas.js';

/** The endpoint's path parameters (exported for bench/mcp-route-cost.ts, which times their parse). */
export const connectionParams = z.object({ namespace: namespaceName, connectionId });

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

const path = '/connect/{namespace}/{connectionId}/mcp';
const sessionHeader = 'mcp-session-id';

/**
 * `POST`, `GET` and `DELETE /connect/{namespace}/{connectionId}/mcp`: the connection's MCP
 * endpoint (Streamable HTTP; stateless unless the client opened a session).
 */
export function mcpOperations({ logger, bodyBudget }: AppDependencies, { resolver, sessions, sessionLeases }: AppServices): Operation[] {
  return [
    defineOperation({
      method: 'POST',
      path,
      tag: 'connections',
      summary:
        "The connection's MCP endpoint (Streamable HTTP). Stateless unless the client wants a session: no initialize needed, and an mcp-session-id mcpsim did not issue (the SDK helper's smithery-stateless) is ignored. An initialize without mcp-session-id whose Accept allows both application/json and text/event-stream opens a session: the answer carries Mcp-Session-Id, and requests with it are answered with a stream (notifications and server requests before the result) and may be answered by the client's POSTed responses. Mock connections answer tools, resources, prompts, completion and logging from the registry entry, the scenario and the simulator; real connections relay every message to their upstream with the stored headers (an upstream 401 moves the connection to auth_required)",
      permission: { resource: 'connections', operation: 'execute', each: 'connection' },
      params: connectionParams,
      rawBody: { contentType: 'application/json', description: 'One JSON-RPC 2.0 message (no batches)', schema: jsonRpcMessageSchema },
      responses: {
        200: {
          description:
            'The JSON-RPC response; as one SSE message event when Accept does not allow application/json. In a session: an SSE stream of the notifications and server requests of the call, then its response (the initialize answer carries the Mcp-Session-Id header)',
          schema: jsonRpcResponseSchema,
          contentTypes: ['application/json', 'text/event-stream'],
        },
        202: { description: 'A notification (or a client response) was accepted; no body' },
        400: jsonRpcError(
          'Parse error (-32700); not a JSON-RPC request, an id already in flight in the session, or nested past the JSON policy (-32600); params that are not an object (-32602); an MCP-Protocol-Version mcpsim does not speak (-32000)',
        ),
        401: jsonRpcError(
          'The connection needs authorization: -32001 with data.setupUrl (a missing or bad credential gets the platform error instead)',
        ),
        403: { description: 'A service token without connections:execute on this connection', schema: errorSchema },
        404: jsonRpcError(
          'Namespace or connection not found, or not visible to the token (-32004); or the Mcp-Session-Id names a session that ended (-32000: initialize again)',
        ),
        409: jsonRpcError('The connection lacks required input: -32002 with data {http, missing}'),
        408: jsonRpcError(
          'A body over 1 MiB arrived slower than the minimum rate or not within the read deadline (-32600; the message names the rule)',
        ),
        413: jsonRpcError('The body is larger than the limit (-32600; the message names it)'),
        503: jsonRpcError(
          'A body over 1 MiB waited too long for a share of the large-body budget (-32600, with retry-after); or an initialize found the most MCP sessions mcpsim keeps open (-32000)',
        ),
        502: jsonRpcError(
          'The upstream MCP server failed (DNS, refused, timeout, closed, not MCP), or an uplink connection has nothing to relay to (-32005); the message says which',
        ),
      },
      async handle(c, { account, caller, params }) {
        const verdict = resolveMcp(c, resolver, account.id, caller, params);
        if (verdict instanceof Response) return verdict;
        // A large body waits for its share of the budget (see body-budget.ts), is read at its
        // pace, and holds the share until the answer is made. From here on every failure is a
        // JSON-RPC error, never the platform's {error, message}: a refusal of the body (413, 408,
        // 503) keeps its status and headers.
        let grant: BodyGrant | null = null;
        try {
          const reserved = bodyBudget.reserve(c, maxBodyBytes, account.id);
          grant = reserved instanceof Promise ? await reserved : reserved;
          // The request carries the signal and headers that let a client's cancellation (or its going away) stop a mock call's model.
          // A session opened here ends with the connection and the credential that opened it.
          const leaseFor = () =>
            sessionLeases.leaseFor(verdict.connection, { authorization: c.req.header('authorization'), expiresAt: caller.expiresAt });
          return await answerMcpPost(verdict, await readBodyText(c, maxBodyBytes, grant?.pace), c.req.raw, sessions, leaseFor);
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
    ...(['GET', 'DELETE'] as const).map((method) =>
      defineOperation({
        method,
        path,
        tag: 'connections',
        summary:
          method === 'GET'
            ? "The stream of server messages of an MCP session (Mcp-Session-Id from its initialize): notifications and server requests that belong to no call; Last-Event-ID resumes a stream (a call's or this one) after its last event. Without a session mcpsim issued: 405"
            : 'Ends an MCP session (Mcp-Session-Id from its initialize): its streams close and its calls in flight are cancelled. Without a session mcpsim issued: 405',
        permission: { resource: 'connections', operation: 'execute', each: 'connection' },
        params: connectionParams,
        responses: {
          200:
            method === 'GET'
              ? {
                  description: 'The SSE stream of the session (events resumed after Last-Event-ID first)',
                  contentTypes: ['text/event-stream'],
                }
              : { description: 'The session ended; no body' },
          400: jsonRpcError('A Last-Event-ID that is not an event of this session (-32000)'),
          401: jsonRpcError('The connection needs authorization: -32001 with data.setupUrl'),
          403: { description: 'A service token without connections:execute on this connection', schema: errorSchema },
          404: jsonRpcError('Namespace or connection not found (-32004), or the session ended (-32000: initialize again)'),
          405: {
            description: 'No Mcp-Session-Id, or one mcpsim did not issue: the endpoint is stateless for this client',
            schema: errorSchema,
          },
          406: jsonRpcError('GET without Accept: text/event-stream (-32000)'),
          409: jsonRpcError('The connection lacks required input (-32002), or the session already has its GET stream open (-32000)'),
          502: jsonRpcError('An uplink connection has nothing to relay to (-32005)'),
        },
        handle(c, { account, caller, params }) {
          const sessionId = c.req.header(sessionHeader);
          if (sessionId === undefined || !sessions.isIssued(sessionId))
            throw apiError('method_not_allowed', `${method} is not allowed on ${c.req.path} without an MCP session; allowed: POST`, {
              headers: { allow: 'POST' },
            });
          const verdict = resolveMcp(c, resolver, account.id, caller, params);
          return verdict instanceof Response ? verdict : answerMcpSessionRequest(verdict, sessionId, c.req.raw, sessions);
        },
      }),
    ),
  ];
}

/**
 * The resolver's verdict for the endpoint: ready or refused, or the answer to send for the rest.
 * Refusals of the connection itself are JSON-RPC errors; a scope the token lacks is the platform's 403.
 */
function resolveMcp(
  c: Context,
  resolver: ConnectionResolver,
  accountId: string,
  caller: Caller,
  params: { namespace: string; connectionId: string },
): ReadyVerdict | RefusedVerdict | Response {
  const verdict = resolver.resolve({ accountId, chain: caller.chain, ...params }, 'execute');
  if (verdict.kind === 'forbidden') throw missingPermission('connections', verdict.operation);
  if (verdict.kind === 'missing' || verdict.kind === 'hidden') {
    const message = `Connection "${params.connectionId}" not found in namespace "${params.namespace}"`;
    return c.json(toJsonRpcError(null, mcpErrorCodes.connectionNotFound, message), 404);
  }
  return verdict;
}
