/**
 * What a connection's endpoint (mock or relay) provides for an MCP session, and what it is given
 * to reach the client: the session layer (mcp-session.ts) owns the HTTP side (streams, resuming,
 * ids) and hands each request over with its exchange.
 */
import type { ClientCapabilities, Implementation, InitializeResult } from '@modelcontextprotocol/sdk/types.js';
import type { JsonRpcRequest } from '../json-rpc.js';
import type { SessionSubscriptions } from './session-subscriptions.js';

/** What the client said when it opened the session (its `initialize`). */
export interface SessionOpening {
  protocolVersion: string;
  clientInfo: Implementation;
  capabilities: ClientCapabilities;
  /** The client's `initialize` request itself. */
  request: JsonRpcRequest;
}

/** The client of a session, as its server side reaches it. */
export interface SessionPeer {
  /** What the client declared it can do (sampling, elicitation, roots). */
  readonly capabilities: ClientCapabilities;
  /**
   * Sends a notification: on the stream of the request the exchange belongs to, or (session-wide)
   * on the stream of the one request in flight, else on the session's GET stream.
   */
  notify(method: string, params?: Record<string, unknown>): Promise<void>;
  /**
   * Sends a request to the client (sampling, elicitation, roots) where `notify` would, and waits
   * for its answer: the result, or the client's JSON-RPC error thrown as an `McpError`.
   */
  ask(method: string, params: Record<string, unknown> | undefined, options?: { signal?: AbortSignal }): Promise<Record<string, unknown>>;
}

/** One request of a session, being answered: the client, reached on that request's own stream. */
export interface RequestExchange extends SessionPeer {
  /** Aborted when the client cancels the request (`notifications/cancelled`) or the session ends. */
  readonly signal: AbortSignal;
  /** The session the request belongs to (its log level, its subscriptions). */
  readonly session: SessionState;
}

/** What a session remembers about its client beyond the protocol. */
export interface SessionState {
  readonly id: string;
  /** The least severe log level the client wants (`logging/setLevel`); null: it never said. */
  logLevel: string | null;
  /** Resource URIs the client subscribed to, bounded (session-subscriptions.ts). */
  readonly subscriptions: SessionSubscriptions;
  /** The session-wide way to the client (its GET stream, or the one request in flight). */
  readonly peer: SessionPeer;
}

/** An endpoint's side of one session. */
export interface SessionHandler {
  /** The answer to the client's `initialize`. */
  initializeResult: InitializeResult;
  /** Answers one request: its result, or a JSON-RPC error thrown as an `McpError`. */
  answer(request: JsonRpcRequest, exchange: RequestExchange): Promise<Record<string, unknown>>;
  /** A notification from the client other than the ones the protocol handles itself (cancelled, initialized). */
  notified?(method: string, params: unknown): void;
  /** The session ended (DELETE, expiry, the server closing): let go of what it holds. */
  close(): void;
}

/** An endpoint that could not open a session: the answer to send instead, as a stateless `initialize` would get it. */
export interface SessionRefusal {
  refused: { payload: unknown; status: number };
}
