import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ConnectionStatus } from '../domain/connection.js';
import type { ToolDefinition } from '../domain/registry.js';
import type { JsonRpcRequest } from './json-rpc.js';
import type { SessionHandler, SessionOpening, SessionRefusal, SessionState } from './session-handler.js';

/**
 * What a ready connection's tools are reached through: the simulator for a mock connection
 * (`createMockEndpoint`), its upstream server for a real one (`createUpstreamEndpoint`). The API
 * picks one per connection in one place; the MCP endpoint, the REST `.tools` routes and the
 * namespace listing all go through it without asking which it is.
 */
export interface ToolEndpoint {
  /** Answers one JSON-RPC request: the JSON-RPC answer and the HTTP status to send it with. */
  answer(request: JsonRpcRequest): Promise<{ payload: unknown; status: number }>;
  /**
   * Its side of an MCP session a client opened with `initialize` (mcp-session.ts), or the answer
   * a stateless `initialize` would have got when it cannot open one (an upstream that failed).
   */
  openSession(opening: SessionOpening, state: SessionState): Promise<SessionHandler | SessionRefusal>;
  /** Every tool; an upstream failure is thrown as an `UpstreamError`. */
  listTools(): Promise<ToolDefinition[]>;
  /** Calls a tool the connection has; null when it has no tool of that name. */
  callTool(name: string, args: Record<string, unknown>): Promise<CallToolResult | null>;
  /** The connection's status after what this endpoint did (an upstream 401 moves it to auth_required). */
  status(): ConnectionStatus;
}
