import { parseJsonRpcMessage, toJsonRpcError } from './json-rpc.js';
import { acceptedResponse, toMcpResponse } from './mcp-response.js';
import type { ReadyVerdict, RefusedVerdict } from './resolve-connection.js';

/**
 * Answers one POST to a connection's MCP endpoint (Streamable HTTP, stateless) that the resolver
 * let through: the body as text and the request's Accept header in, the HTTP answer out. A
 * connection that cannot serve now (auth_required, input_required, nothing to relay to) gets its
 * JSON-RPC refusal, naming the request's id; a notification gets 202; a request goes to the
 * connection's endpoint.
 *
 * @example
 *   const verdict = resolver.resolve(request, 'execute');
 *   if (verdict.kind === 'ready' || verdict.kind === 'refused') return answerMcpPost(verdict, body, accept);
 */
export async function answerMcpPost(verdict: ReadyVerdict | RefusedVerdict, body: string, accept: string | undefined): Promise<Response> {
  const message = parseJsonRpcMessage(body);
  if (verdict.kind === 'refused') {
    const { status, code, message: text, data } = verdict.refusal;
    const id = message.kind === 'request' ? message.request.id : null;
    return toMcpResponse(toJsonRpcError(id, code, text, data), 'application/json', status);
  }
  if (message.kind === 'invalid') return toMcpResponse(message.error, 'application/json', 400);
  if (message.kind === 'accepted') return acceptedResponse();
  const { payload, status } = await verdict.endpoint.answer(message.request);
  return toMcpResponse(payload, status === 200 ? accept : 'application/json', status);
}
