import type { MiddlewareHandler } from 'hono';
import { apiError } from '../../errors.js';
import { relayHopHeader } from '../../mcp/upstream/relay-hop.js';
import { refuseRequest } from './refuse-request.js';

/**
 * Refuses, before any route, a request that mcpsim relayed itself (it carries the `mcpsim-hop`
 * marker, mcp/upstream/relay-hop.ts): 508 `loop_detected`, a JSON-RPC error on the MCP endpoint. The relay
 * that sent it reads the refusal as its upstream failing, so the connection's status says why.
 *
 * @example
 *   app.use('*', refuseRelayedRequests());
 */
export function refuseRelayedRequests(): MiddlewareHandler {
  return (c, next) => {
    if (c.req.header(relayHopHeader) === undefined) return next();
    return Promise.resolve(
      refuseRequest(
        c,
        apiError(
          'loop_detected',
          `This request was relayed by mcpsim (it carries the ${relayHopHeader} header) and came back to mcpsim: a connection's mcpUrl leads to this server itself. Point mcpUrl at the real MCP server, or use {"server": ..., "mock": {"enabled": true}} to mock one`,
        ),
      ),
    );
  };
}
