import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ConnectionStatus } from '../domain/connection.js';
import type { ToolDefinition } from '../domain/registry.js';
import type { JsonRpcNotification, JsonRpcRequest } from './json-rpc.js';
import type { SessionHandler, SessionOpening, SessionRefusal, SessionState } from './session/session-handler.js';

/** Where a request came from: its HTTP request's signal (aborts when the client goes away) and who sent it. */
export interface RequestOrigin {
  /** A function when reading the signal costs something (the Node adapter makes a request's signal on first read). */
  signal?: AbortSignal | (() => AbortSignal) | undefined;
  /** The sender, as `toRequester` (request-cancellations.ts) reads the headers: a cancellation must name the sender's own request. */
  requester?: string | undefined;
  /** The request's `Accept`: one that allows `text/event-stream` may be answered with a stream of events, then the result. */
  accept?: string | undefined;
}

/** An answer to one JSON-RPC request: its payload, or (`stream`) server-sent events that end with it. */
export interface EndpointAnswer {
  payload: unknown;
  status: number;
  /** SSE `message` events (notifications, then the answer); when set, `payload` is unused. */
  stream?: ReadableStream<Uint8Array> | undefined;
}

/**
 * What a ready connection's tools are reached through: the simulator for a mock connection
 * (`createMockEndpoint`), its upstream server for a real one (`createUpstreamEndpoint`). The API
 * picks one per connection in one place; the MCP endpoint, the REST `.tools` routes and the
 * namespace listing all go through it without asking which it is.
 */
export interface ToolEndpoint {
  /** Answers one JSON-RPC request: the JSON-RPC answer and the HTTP status to send it with. */
  answer(request: JsonRpcRequest, origin?: RequestOrigin): Promise<EndpointAnswer>;
  /** Takes a notification the client sent (a mock connection acts on `notifications/cancelled`); absent: ignored. */
  notify?(notification: JsonRpcNotification, origin?: RequestOrigin): void;
  /**
   * Its side of an MCP session a client opened with `initialize` (mcp-session.ts), or the answer
   * a stateless `initialize` would have got when it cannot open one (an upstream that failed).
   */
  openSession(opening: SessionOpening, state: SessionState): Promise<SessionHandler | SessionRefusal>;
  /** Every tool; an upstream failure is thrown as an `UpstreamError`. */
  listTools(): Promise<ToolDefinition[]>;
  /** Calls a tool the connection has; null when it has no tool of that name. `signal` aborts when the client goes away. */
  callTool(name: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<CallToolResult | null>;
  /** The connection's status after what this endpoint did (an upstream 401 moves it to auth_required). */
  status(): ConnectionStatus;
}
