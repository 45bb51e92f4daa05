/**
 * How the REST routes of a connection's tools reach them: the same `ToolEndpoint` as the MCP
 * endpoint, refused the same way, with upstream failures turned into platform errors.
 */
import type { Context } from 'hono';
import type { Connection } from '../domain/connection.js';
import { apiError, type ApiError } from '../errors.js';
import { checkConnectionReady } from '../mcp/connection-gate.js';
import type { ToolEndpoint } from '../mcp/tool-endpoint.js';
import { UpstreamError } from '../mcp/upstream-failure.js';
import type { Account } from '../store/account-store.js';
import { checkConnectionAccess, type Caller } from './http/access.js';
import type { AppDependencies, AppServices } from './context.js';
import { connectionNotFound, namespaceNotFound, toPlace } from './lookups.js';

export type EndpointDependencies = Pick<AppDependencies, 'stores'> & Pick<AppServices, 'endpoints' | 'setupLinks'>;

/** Who asks for which connection: the part of an operation's input that names it. */
export interface EndpointRequest {
  account: Account;
  caller: Caller;
  params: { namespace: string; connectionId: string };
}

/**
 * The connection, visible to the caller for `operation` and ready to answer tools, with its
 * endpoint; else throws the 404 (missing or hidden) or the refusal (auth_required,
 * input_required, upstream_unavailable) the MCP endpoint would give.
 *
 * @example
 *   const { endpoint } = requireReadyEndpoint(c, { stores, endpoints }, { account, caller, params }, 'read');
 *   const tools = await upstreamCall(() => endpoint.listTools());
 */
export function requireReadyEndpoint(
  _c: Context,
  { stores, endpoints, setupLinks }: EndpointDependencies,
  { account, caller, params: { namespace, connectionId: id } }: EndpointRequest,
  operation: 'read' | 'execute',
): { connection: Connection; endpoint: ToolEndpoint } {
  const accountId = account.id;
  const stored = stores.connections.getInNamespace(accountId, namespace, id);
  const missing = () => (stores.namespaces.get(accountId, namespace) ? connectionNotFound(id, namespace) : namespaceNotFound(namespace));
  if (!stored) throw missing();
  // A refusal names the setup link: a current one.
  const connection = setupLinks.present(accountId, stored);
  checkConnectionAccess(caller, operation, connection, missing);
  const refusal = checkConnectionReady(connection);
  if (refusal) throw toRefusalError(refusal.status, refusal.message);
  return { connection, endpoint: endpoints.endpointFor(connection, toPlace(accountId, connection.namespaceKey!)) };
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

function toRefusalError(status: 401 | 409 | 502, message: string): ApiError {
  return apiError(status === 401 ? 'auth_required' : status === 409 ? 'input_required' : 'upstream_unavailable', message);
}
