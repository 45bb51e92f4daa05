import type { Context } from 'hono';
import type { ApiError } from '../../errors.js';
import { mcpErrorCodes } from '../../mcp/connection-gate.js';
import { toJsonRpcError } from '../../mcp/json-rpc.js';
import { isMcpEndpointPath } from './route-path.js';

/**
 * Refuses a request before any route runs, in the words of the door it came to: on a
 * connection's MCP endpoint (either mount) the JSON-RPC error without an id that the endpoint
 * answers every failure with (the MCP transport spec asks exactly that for a bad Origin); anywhere
 * else the error is thrown to the app's one error mapping (`app.onError`), which writes the
 * platform's `{error, message}`.
 *
 * @example
 *   return refuseRequest(c, apiError('host_not_allowed', 'Host "evil.example" is not ...'));
 */
export function refuseRequest(c: Context, error: ApiError): Response {
  if (!isMcpEndpointPath(c.req.path)) throw error;
  return c.json(toJsonRpcError(null, mcpErrorCodes.requestRefused, error.message), error.status);
}

/** A header value as a message quotes it: JSON-escaped and cut short (it is whatever the client sent). */
export function quoteHeader(value: string): string {
  return JSON.stringify(value.length > 100 ? `${value.slice(0, 100)}...` : value);
}
