/**
 * How the REST routes of a connection's tools translate the resolver's verdict (mcp/) into the
 * platform's errors: missing and hidden alike are 404, a scope the token lacks is 403, a
 * connection that cannot serve now gets the refusal the MCP endpoint would give, as
 * `{error, message}`; upstream failures become platform errors too.
 */
import { apiError } from '../errors.js';
import type { ConnectionVerdict, ReadyVerdict } from '../mcp/resolve-connection.js';
import { UpstreamError } from '../mcp/upstream/upstream-failure.js';
import { missingPermission } from './http/access.js';
import { connectionNotFound, namespaceNotFound } from './lookups.js';

/**
 * The ready connection, or the platform error its verdict stands for, thrown.
 *
 * @example
 *   const { endpoint } = requireReadyEndpoint(resolver.resolve(request, 'read'), params);
 *   const tools = await upstreamCall(() => endpoint.listTools());
 */
export function requireReadyEndpoint(verdict: ConnectionVerdict, params: { namespace: string; connectionId: string }): ReadyVerdict {
  switch (verdict.kind) {
    case 'ready':
      return verdict;
    case 'missing':
      throw verdict.what === 'namespace' ? namespaceNotFound(params.namespace) : connectionNotFound(params.connectionId, params.namespace);
    case 'hidden':
      throw connectionNotFound(params.connectionId, params.namespace);
    case 'forbidden':
      throw missingPermission('connections', verdict.operation);
    case 'refused':
      throw apiError(verdict.refusal.reason === 'not_uplink' ? 'conflict' : verdict.refusal.reason, verdict.refusal.message);
  }
}

/**
 * Runs an upstream request of a REST route; an upstream failure becomes the platform error that says what failed.
 *
 * @example
 *   const result = await upstreamCall(() => endpoint.callTool('search', { query: 'x' }));
 */
export async function upstreamCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    if (error.kind === 'unauthorized') throw apiError('auth_required', `The upstream MCP server needs authorization: ${error.message}`);
    throw apiError('upstream_unavailable', `The upstream MCP server failed: ${error.message}`);
  }
}
