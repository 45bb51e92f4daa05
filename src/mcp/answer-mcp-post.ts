import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { findLongString } from '../domain/mcp-limits.js';
import { parseJsonRpcMessage, toJsonRpcError, type JsonRpcId } from './json-rpc.js';
import { initializeStrings } from './session/session-opening.js';
import { mcpErrorCodes } from './connection-gate.js';
import { acceptedResponse, toMcpResponse, toMcpStreamResponse } from './mcp-response.js';
import type { McpSessions } from './session/mcp-sessions.js';
import { refuseProtocolVersion } from './protocol-version.js';
import { toRequester } from './session/request-cancellations.js';
import type { SessionOwner } from './session/mcp-session.js';
import type { SessionLease } from './session/session-lease.js';
import type { ReadyVerdict, RefusedVerdict } from './resolve-connection.js';
import type { RequestOrigin } from './tool-endpoint.js';

/**
 * Answers one POST to a connection's MCP endpoint (Streamable HTTP) that the resolver let
 * through: the body as text and the request (its headers) in, the HTTP answer out. A connection
 * that cannot serve now (auth_required, input_required, nothing to relay to) gets its JSON-RPC
 * refusal, naming the request's id. A message carrying a session id mcpsim issued goes to that
 * session; an `initialize` without one, from a client that reads streams, opens a session; any
 * other message is answered statelessly, as it always was: a notification gets 202 (and goes to the
 * endpoint, which may act on it: a mock connection aborts the call a `notifications/cancelled`
 * names), a request the connection's endpoint, with the HTTP request's signal and sender, so a
 * client that goes away or cancels stops the work (docs/decisions.md, "MCP endpoint"). A session
 * opened here lives on `leaseFor()`: it ends when its connection or credential does.
 *
 * @example
 *   const verdict = resolver.resolve(request, 'execute');
 *   if (verdict.kind === 'ready' || verdict.kind === 'refused') return answerMcpPost(verdict, body, c.req.raw, sessions);
 */
export async function answerMcpPost(
  verdict: ReadyVerdict | RefusedVerdict,
  body: string,
  request: Request,
  sessions: McpSessions,
  leaseFor?: () => SessionLease,
): Promise<Response> {
  const message = parseJsonRpcMessage(body);
  if (verdict.kind === 'refused') {
    const { status, code, message: text, data } = verdict.refusal;
    const id = message.kind === 'request' ? message.request.id : null;
    return toMcpResponse(toJsonRpcError(id, code, text, data), 'application/json', status);
  }
  if (message.kind === 'invalid') return toMcpResponse(message.error, 'application/json', 400);
  const sessionId = request.headers.get('mcp-session-id');
  if (sessionId !== null && sessions.isIssued(sessionId)) {
    const session = sessions.find(sessionId, ownerOf(verdict));
    if (!session) return sessionNotFound(message.kind === 'request' ? message.request.id : null);
    return session.handle(request, message.kind === 'request' ? message.request.message : message.message);
  }
  const isInitialize = message.kind === 'request' && message.request.method === 'initialize';
  const badVersion = isInitialize ? null : refuseProtocolVersion(request.headers, message.kind === 'request' ? message.request.id : null);
  if (badVersion) return toMcpResponse(badVersion, 'application/json', 400);
  // The Node adapter makes a request's AbortSignal when it is first read (several µs): only a source that needs it reads it.
  const accept = request.headers.get('accept') ?? undefined;
  const origin: RequestOrigin = {
    signal: () => request.signal,
    requester: toRequester(request.headers.get('authorization'), sessionId),
    accept,
  };
  if (message.kind === 'accepted') {
    if (message.notification) verdict.endpoint.notify?.(message.notification, origin);
    return acceptedResponse();
  }
  if (isInitialize && sessionId === null && readsStreams(accept)) {
    // What a session keeps for its life is bounded before it opens, whoever serves it (a relay sends nothing upstream then).
    const tooLong = findLongString(message.request.message, initializeStrings);
    if (tooLong)
      return toMcpResponse(
        toJsonRpcError(message.request.id, ErrorCode.InvalidParams, `Invalid params for initialize: ${tooLong}`),
        'application/json',
        200,
      );
    const opened = await sessions.open(ownerOf(verdict), {
      request,
      body: message.request.message,
      lease: leaseFor?.(),
      openHandler: (opening, state) => verdict.endpoint.openSession(opening, state),
    });
    return 'refused' in opened ? toMcpResponse(opened.refused.payload, 'application/json', opened.refused.status) : opened.response;
  }
  const { payload, status, stream } = await verdict.endpoint.answer(message.request, origin);
  if (stream) return toMcpStreamResponse(stream);
  return toMcpResponse(payload, status === 200 ? accept : 'application/json', status);
}

/**
 * Answers a GET (the session's stream of server messages, resumed with `Last-Event-ID`) or a
 * DELETE (the end of the session) that carries a session id mcpsim issued.
 *
 * @example
 *   if (sessions.isIssued(sessionId)) return answerMcpSessionRequest(verdict, sessionId, c.req.raw, sessions);
 */
export async function answerMcpSessionRequest(
  verdict: ReadyVerdict | RefusedVerdict,
  sessionId: string,
  request: Request,
  sessions: McpSessions,
): Promise<Response> {
  if (verdict.kind === 'refused') {
    const { status, code, message, data } = verdict.refusal;
    return toMcpResponse(toJsonRpcError(null, code, message, data), 'application/json', status);
  }
  const session = sessions.find(sessionId, ownerOf(verdict));
  return session ? session.handle(request) : sessionNotFound(null);
}

const ownerOf = (verdict: ReadyVerdict): SessionOwner => ({ accountId: verdict.place.accountId, connectionKey: verdict.connection.key! });

/** A client that accepts both answers a session may give (the SDK transport insists on both). */
function readsStreams(accept: string | undefined): boolean {
  return accept !== undefined && accept.includes('text/event-stream') && accept.includes('application/json');
}

/** What a client that names a session that ended gets: 404, so it initializes again (the MCP transport rule). */
function sessionNotFound(id: JsonRpcId | null): Response {
  return toMcpResponse(
    toJsonRpcError(
      id,
      mcpErrorCodes.requestRefused,
      'Session not found: it ended (expired, deleted, or the server restarted) or belongs to another connection; send initialize without Mcp-Session-Id to open a new one',
    ),
    'application/json',
    404,
  );
}
