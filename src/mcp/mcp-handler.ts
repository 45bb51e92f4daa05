import type { Connection } from '../domain/connection.js';
import { checkConnectionReady } from './connection-gate.js';
import { parseJsonRpcMessage, toJsonRpcError } from './json-rpc.js';
import { acceptedResponse, toMcpResponse } from './mcp-response.js';
import type { ToolEndpoint } from './tool-endpoint.js';

/**
 * Answers one POST to a connection's MCP endpoint (Streamable HTTP, stateless): the body as text
 * and the request's Accept header in, the HTTP answer out. A connection that cannot serve now
 * (auth_required, input_required, nothing to relay to) gets its JSON-RPC refusal before the body
 * is looked at further; a notification gets 202; a request goes to the connection's endpoint,
 * which is only made (`endpoint()`) once the request is known to need it.
 *
 * @example
 *   const response = await handleMcpPost(connection, () => endpoints.endpointFor(connection, place), body, accept);
 */
export async function handleMcpPost(
  connection: Connection,
  endpoint: () => ToolEndpoint,
  body: string,
  accept: string | undefined,
): Promise<Response> {
  const message = parseJsonRpcMessage(body);
  const refusal = checkConnectionReady(connection);
  if (refusal) {
    const id = message.kind === 'request' ? message.request.id : null;
    return toMcpResponse(toJsonRpcError(id, refusal.code, refusal.message, refusal.data), 'application/json', refusal.status);
  }
  if (message.kind === 'invalid') return toMcpResponse(message.error, 'application/json', 400);
  if (message.kind === 'accepted') return acceptedResponse();
  const { payload, status } = await endpoint().answer(message.request);
  return toMcpResponse(payload, status === 200 ? accept : 'application/json', status);
}
