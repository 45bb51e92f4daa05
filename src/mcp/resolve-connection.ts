/**
 * The one answer to "may this caller reach this connection's MCP server now, and through what?".
 * The JSON-RPC route, the REST `.tools` routes and the uplink WebSocket upgrade all ask it, and
 * each only translates its verdict into its own vocabulary (a JSON-RPC error, the platform's
 * `{error, message}`, a refused upgrade): nothing is thrown to be caught.
 */
import type { Connection, ConnectionPlace } from '../domain/connection.js';
import { toConnectionAccess, type AccessOperation, type Chain } from '../domain/policy.js';
import type { Stores } from '../store/stores.js';
import { checkConnectionReady, mcpErrorCodes, type GateRefusal } from './connection-gate.js';
import type { ConnectionEndpoints } from './connection-endpoints.js';
import type { ToolEndpoint } from './tool-endpoint.js';

/** Who asks for which connection. */
export interface ConnectionRequest {
  accountId: string;
  /** The caller's token chain; empty for the API key. */
  chain: Chain;
  namespace: string;
  connectionId: string;
}

/**
 * What the caller wants with the connection: read its tools, execute them (tool calls, the MCP
 * endpoint), or pair a local server with it (the uplink upgrade, which needs `execute`).
 */
export type ConnectionPurpose = 'read' | 'execute' | 'pair';

/** A ready connection and where its tools are reached. */
export interface ReadyVerdict {
  kind: 'ready';
  connection: Connection;
  place: ConnectionPlace;
  endpoint: ToolEndpoint;
}

/** A connection the caller may use that cannot serve now (auth_required, input_required, nothing to relay to, not an uplink). */
export interface RefusedVerdict {
  kind: 'refused';
  connection: Connection;
  refusal: GateRefusal;
}

export type ConnectionVerdict =
  /** No such namespace (for this account), or no such connection in it. */
  | { kind: 'missing'; what: 'namespace' | 'connection' }
  /** The connection exists but the caller may not see it: answered exactly like a missing one. */
  | { kind: 'hidden' }
  /** The caller may see the connection but not do this with it. */
  | { kind: 'forbidden'; operation: AccessOperation }
  | RefusedVerdict
  | ReadyVerdict;

export interface ConnectionResolver {
  /**
   * @example
   *   const verdict = resolver.resolve({ accountId, chain, namespace: 'demo', connectionId: 'time' }, 'execute');
   *   if (verdict.kind === 'ready') await verdict.endpoint.callTool('get_current_time', {});
   */
  resolve(request: ConnectionRequest, purpose: ConnectionPurpose): ConnectionVerdict;
  /** The readiness step alone, for a connection already found and allowed (the namespace tool listing). */
  toReadiness(connection: Connection, place: ConnectionPlace): RefusedVerdict | ReadyVerdict;
}

export interface ConnectionResolverOptions {
  stores: Pick<Stores, 'connections' | 'namespaces'>;
  endpoints: ConnectionEndpoints;
  /** The connection as a client sees it (a status that names a setup link gets a current one): refusals name that link. */
  present: (accountId: string, connection: Connection) => Connection;
}

export function createConnectionResolver({ stores, endpoints, present }: ConnectionResolverOptions): ConnectionResolver {
  function toReadiness(connection: Connection, place: ConnectionPlace): RefusedVerdict | ReadyVerdict {
    const refusal = checkConnectionReady(connection);
    if (refusal) return { kind: 'refused', connection, refusal };
    return { kind: 'ready', connection, place, endpoint: endpoints.endpointFor(connection, place) };
  }

  function resolve({ accountId, chain, namespace, connectionId }: ConnectionRequest, purpose: ConnectionPurpose): ConnectionVerdict {
    const stored = stores.connections.getInNamespace(accountId, namespace, connectionId);
    if (!stored) return { kind: 'missing', what: stores.namespaces.get(accountId, namespace) ? 'connection' : 'namespace' };
    const operation = purpose === 'read' ? 'read' : 'execute';
    const access = toConnectionAccess(chain, operation, stored);
    if (access === 'hidden') return { kind: 'hidden' };
    if (access === 'forbidden') return { kind: 'forbidden', operation };
    const connection = present(accountId, stored);
    const place = { accountId, namespaceId: connection.namespaceKey! };
    if (purpose !== 'pair') return toReadiness(connection, place);
    if (connection.transport !== 'uplink' || connection.source !== null)
      return { kind: 'refused', connection, refusal: notAnUplink(connection) };
    return { kind: 'ready', connection, place, endpoint: endpoints.endpointFor(connection, place) };
  }

  return { resolve, toReadiness };
}

function notAnUplink(connection: Connection): GateRefusal {
  const { namespace, connectionId, transport } = connection;
  return {
    status: 409,
    reason: 'not_uplink',
    code: mcpErrorCodes.upstreamUnavailable,
    message: `Connection "${connectionId}" in namespace "${namespace}" is not an uplink connection (transport "${transport}"), so nothing can be paired with it; create it with {"transport":"uplink"}`,
  };
}
