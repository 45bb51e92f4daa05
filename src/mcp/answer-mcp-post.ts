import { parseJsonRpcMessage, toJsonRpcError } from './json-rpc.js';
import { acceptedResponse, toMcpResponse } from './mcp-response.js';
import { toRequester } from './request-cancellations.js';
import type { ReadyVerdict, RefusedVerdict } from './resolve-connection.js';

/**
 * Answers one POST to a connection's MCP endpoint (Streamable HTTP, stateless) that the resolver
 * let through: the body as text and the request's Accept header in, the HTTP answer out. A
 * connection that cannot serve now (auth_required, input_required, nothing to relay to) gets its
 * JSON-RPC refusal, naming the request's id; a notification gets 202 (and goes to the endpoint,
 * which may act on it: a mock connection aborts the call a `notifications/cancelled` names); a
 * request goes to the connection's endpoint, with the HTTP request's signal and headers
 * (`http`), so a client that goes away or cancels stops the work.
 *
 * @example
 *   const verdict = resolver.resolve(request, 'execute');
 *   if (verdict.kind === 'ready' || verdict.kind === 'refused') return answerMcpPost(verdict, body, accept);
 */
export async function answerMcpPost(
  verdict: ReadyVerdict | RefusedVerdict,
  body: string,
  accept: string | undefined,
  http?: { signal: AbortSignal; headers: Headers },
): Promise<Response> {
  const message = parseJsonRpcMessage(body);
  if (verdict.kind === 'refused') {
    const { status, code, message: text, data } = verdict.refusal;
    const id = message.kind === 'request' ? message.request.id : null;
    return toMcpResponse(toJsonRpcError(id, code, text, data), 'application/json', status);
  }
  if (message.kind === 'invalid') return toMcpResponse(message.error, 'application/json', 400);
  const origin = http ? { signal: http.signal, requester: toRequester(http.headers) } : {};
  if (message.kind === 'accepted') {
    if (message.notification) verdict.endpoint.notify?.(message.notification, origin);
    return acceptedResponse();
  }
  const { payload, status } = await verdict.endpoint.answer(message.request, origin);
  return toMcpResponse(payload, status === 200 ? accept : 'application/json', status);
}
