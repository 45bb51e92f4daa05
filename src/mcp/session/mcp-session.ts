/**
 * One MCP session of a connection's endpoint (docs/decisions.md, "MCP endpoint"): the MCP SDK's
 * Streamable HTTP server transport in stateful mode (a stream per POST, the GET stream, DELETE,
 * resuming with `Last-Event-ID` from a bounded event store), and a small protocol object on it
 * that hands every request to the endpoint's `SessionHandler` with its exchange (the way back to
 * the client on that request's stream) and routes the client's answers to what asked.
 */
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { Protocol, type RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { JSONRPCRequest, Notification, Request, Result, ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { defaultMcpSessionStoreLimits, type McpSessionStoreLimits } from '../../domain/mcp-limits.js';
import { toJsonRpcError, type JsonRpcId } from '../json-rpc.js';
import { toMcpResponse } from '../mcp-response.js';
import { createPendingClientRequests } from './pending-client-requests.js';
import { createSessionEventStore } from './session-event-store.js';
import { createSessionSubscriptions } from './session-subscriptions.js';
import { toTransportStreams } from './transport-streams.js';
import type { RequestExchange, SessionHandler, SessionOpening, SessionPeer, SessionRefusal, SessionState } from './session-handler.js';
import { parseInitializeParams } from './session-opening.js';

/** Who a session belongs to: it answers only this account, on this connection (its row). */
export interface SessionOwner {
  accountId: string;
  connectionKey: number;
}

export interface McpSession {
  readonly id: string;
  readonly owner: SessionOwner;
  readonly state: SessionState;
  /** When the client was last heard (a request, or a stream it holds open), on the sessions' clock. */
  readonly lastActive: number;
  /** Whether a request is being answered or the client holds a stream open: then the session is not idle. */
  busy(): boolean;
  /** Answers one HTTP request of the session (POST with its parsed body, GET, DELETE). */
  handle(request: globalThis.Request, parsedBody?: unknown): Promise<Response>;
  /** Ends the session: its streams close, requests in flight are cancelled, the endpoint lets go. */
  close(): Promise<void>;
}

export interface OpenSessionOptions {
  id: string;
  owner: SessionOwner;
  /** The client's `initialize` POST and its parsed body. */
  request: globalThis.Request;
  body: Record<string, unknown>;
  /** The endpoint's side of the session, or the refusal a stateless `initialize` would get. */
  openHandler: (opening: SessionOpening, state: SessionState) => Promise<SessionHandler | SessionRefusal>;
  /** Told once the session has ended, for whatever reason. */
  onClosed: (session: McpSession) => void;
  now: () => number;
  /** Bound on a request to the client (sampling, elicitation, roots) when its asker gives none, in ms. */
  askTimeoutMs: number;
  /** The reconnection delay a client is told in each stream's first event, in ms. */
  retryMs?: number;
  /** The bounds on what the session keeps (default `defaultMcpSessionStoreLimits`). */
  storeLimits?: McpSessionStoreLimits;
}

const looseResult = z.looseObject({});

/** The server side of the protocol, with the endpoint deciding what it may ask and answer. */
class SessionProtocol extends Protocol<Request, Notification, Result> {
  protected assertCapabilityForMethod(): void {}
  protected assertNotificationCapability(): void {}
  protected assertRequestHandlerCapability(): void {}
  protected assertTaskCapability(): void {}
  protected assertTaskHandlerCapability(): void {}
}

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/**
 * Opens a session for an `initialize` POST and answers it (the answer carries `Mcp-Session-Id`).
 * When the endpoint refuses (an upstream that cannot be reached), nothing is opened and the
 * refusal is returned for the caller to send.
 *
 * @example
 *   const opened = await openMcpSession({ id, owner, request, body, openHandler, onClosed, now: Date.now, askTimeoutMs: 60_000 });
 *   if ('refused' in opened) return toMcpResponse(opened.refused.payload, 'application/json', opened.refused.status);
 */
export async function openMcpSession(options: OpenSessionOptions): Promise<{ session: McpSession; response: Response } | SessionRefusal> {
  const { id, owner, now, askTimeoutMs, storeLimits = defaultMcpSessionStoreLimits } = options;
  const protocol = new SessionProtocol();
  const events = createSessionEventStore(storeLimits);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: () => id,
    eventStore: events,
    ...(options.retryMs === undefined ? {} : { retryInterval: options.retryMs }),
  });
  const streams = toTransportStreams(transport);
  const inFlight = new Map<string | number, Extra>();
  // Ids from the POST that carried them until their answer: a second request with one of them is refused, not mixed up with the first.
  const claimed = new Set<JsonRpcId>();
  let openStreams = 0;
  let lastActive = now();
  let closed = false;

  const opening = parseInitializeParams(options.body);
  const toMessage = (method: string, params?: Record<string, unknown>) => (params === undefined ? { method } : { method, params });
  /** The one request in flight, whose stream the client is surely reading; else none (the GET stream). */
  const onlyInFlight = () => (inFlight.size === 1 ? inFlight.values().next().value! : null);

  const peer: SessionPeer = {
    get capabilities() {
      return opening.capabilities;
    },
    async notify(method, params) {
      if (closed) return;
      const related = onlyInFlight();
      await (related
        ? related.sendNotification(toMessage(method, params) as ServerNotification)
        : protocol.notification(toMessage(method, params)));
    },
    async ask(method, params, { signal } = {}) {
      const related = onlyInFlight();
      const askOptions = { timeout: askTimeoutMs, ...(signal ? { signal } : {}) };
      return pending.hold(method, () =>
        related
          ? related.sendRequest(toMessage(method, params) as ServerRequest, looseResult, askOptions)
          : protocol.request(toMessage(method, params), looseResult, askOptions),
      );
    },
  };
  const pending = createPendingClientRequests(storeLimits.pendingClientRequests);
  const state: SessionState = { id, logLevel: null, subscriptions: createSessionSubscriptions(storeLimits), peer };

  const handler = await options.openHandler(opening, state);
  if ('refused' in handler) return handler;

  function toExchange(extra: Extra): RequestExchange {
    return {
      signal: extra.signal,
      session: state,
      capabilities: opening.capabilities,
      notify: (method, params) => extra.sendNotification(toMessage(method, params) as ServerNotification),
      ask: (method, params, { signal } = {}) =>
        pending.hold(method, () =>
          extra.sendRequest(toMessage(method, params) as ServerRequest, looseResult, {
            timeout: askTimeoutMs,
            ...(signal ? { signal: AbortSignal.any([signal, extra.signal]) } : { signal: extra.signal }),
          }),
        ),
    };
  }

  protocol.fallbackRequestHandler = async (request: JSONRPCRequest, extra: Extra) => {
    if (request.method === 'initialize') {
      claimed.delete(request.id);
      return handler.initializeResult;
    }
    inFlight.set(request.id, extra);
    // A cancelled request gets no response (the protocol drops it), so its stream is ended here, at once.
    const onCancel = () => streams.endCancelled(request.id);
    extra.signal.addEventListener('abort', onCancel, { once: true });
    try {
      const message = request as unknown as Record<string, unknown>;
      return (await handler.answer(
        { id: request.id, method: request.method, params: request.params, message },
        toExchange(extra),
      )) as Result;
    } finally {
      extra.signal.removeEventListener('abort', onCancel);
      inFlight.delete(request.id);
      claimed.delete(request.id);
      lastActive = now();
    }
  };
  protocol.fallbackNotificationHandler = async (notification) => {
    if (notification.method !== 'notifications/initialized') handler.notified?.(notification.method, notification.params);
  };
  // Errors of the transport are answers to the client already (406, 409 ...), not failures of mcpsim.
  protocol.onerror = () => {};

  const session: McpSession = {
    id,
    owner,
    state,
    get lastActive() {
      return lastActive;
    },
    busy: () => inFlight.size > 0 || openStreams > 0,
    async handle(request, parsedBody) {
      lastActive = now();
      const requestId = toRequestId(parsedBody);
      if (requestId !== undefined) {
        if (claimed.has(requestId)) return idInFlight(requestId);
        claimed.add(requestId);
      }
      const response = await transport.handleRequest(request, parsedBody === undefined ? undefined : { parsedBody });
      // Refused by the transport (a bad header, a closed session): no handler will run to let the id go.
      if (requestId !== undefined && response.status !== 200 && !inFlight.has(requestId)) claimed.delete(requestId);
      if (request.method !== 'GET' || response.status !== 200 || !response.body) return response;
      const resumedFrom = request.headers.get('last-event-id');
      if (resumedFrom !== null) {
        const streamId = await events.getStreamIdForEventId?.(resumedFrom);
        if (streamId !== undefined) streams.endIfSettled(streamId);
      }
      // A client holding the GET stream open is not idle; the stream is watched so its end is known.
      openStreams++;
      return new Response(
        watchEnd(response.body, () => {
          openStreams--;
          lastActive = now();
        }),
        { status: response.status, headers: response.headers },
      );
    },
    close: () => protocol.close(),
  };
  protocol.onclose = () => {
    if (closed) return;
    closed = true;
    handler.close();
    options.onClosed(session);
  };
  await protocol.connect(transport);
  const response = await session.handle(options.request, options.body);
  return { session, response };
}

/** The id of a JSON-RPC request body (not a notification or a client's response), else undefined. */
function toRequestId(body: unknown): JsonRpcId | undefined {
  if (typeof body !== 'object' || body === null || !('method' in body) || !('id' in body)) return undefined;
  const { id } = body as { id: unknown };
  return typeof id === 'string' || typeof id === 'number' ? id : undefined;
}

/** The answer to a request whose id names a request of the session still being answered. */
function idInFlight(id: JsonRpcId): Response {
  return toMcpResponse(
    toJsonRpcError(
      id,
      ErrorCode.InvalidRequest,
      `Invalid Request: request id ${JSON.stringify(id)} is already in flight in this session; give each request a new id`,
    ),
    'application/json',
    400,
  );
}

/** `body`, passed through, with `onEnd` called once when it ends or its reader cancels it. */
function watchEnd(body: ReadableStream<Uint8Array>, onEnd: () => void): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    onEnd();
  };
  return new ReadableStream({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          end();
          controller.close();
        } else controller.enqueue(value);
      } catch (error) {
        end();
        controller.error(error);
      }
    },
    cancel(reason) {
      end();
      return reader.cancel(reason);
    },
  });
}
