import type { Connection } from '../domain/connection.js';

/** A connection that cannot answer MCP now: the HTTP status and the JSON-RPC error to send. */
export interface GateRefusal {
  status: 401 | 409 | 502;
  /** Why, as the platform's error code names it (`not_uplink`: only an uplink connection can be paired). */
  reason: 'auth_required' | 'input_required' | 'upstream_unavailable' | 'not_uplink';
  /** The JSON-RPC error code. */
  code: number;
  message: string;
  data?: unknown;
}

/** JSON-RPC error codes of the platform (docs/decisions.md, "MCP endpoint"). */
export const mcpErrorCodes = {
  /**
   * The request's Host or Origin is refused (docs/decisions.md, "Origins and hosts"); the MCP SDK's
   * own DNS rebinding guard answers -32000 too.
   */
  requestRefused: -32000,
  authRequired: -32001,
  inputRequired: -32002,
  connectionNotFound: -32004,
  upstreamUnavailable: -32005,
} as const;

/**
 * Why the connection's MCP endpoint cannot serve a request, or null when it can (a mock, an HTTP
 * upstream to relay to, or a paired local server: an uplink is `connected` exactly while paired).
 */
export function checkConnectionReady(connection: Connection): GateRefusal | null {
  const { status, connectionId } = connection;
  if (status.state === 'auth_required') {
    return {
      status: 401,
      reason: 'auth_required',
      code: mcpErrorCodes.authRequired,
      message: `Connection "${connectionId}" needs authorization${status.setupUrl ? `; open ${status.setupUrl} to authorize it` : ''}`,
      ...(status.setupUrl ? { data: { setupUrl: status.setupUrl } } : {}),
    };
  }
  if (status.state === 'input_required') {
    const missing = [
      ...status.missing.headers.map((name) => `header ${name}`),
      ...status.missing.query.map((name) => `query parameter ${name}`),
    ];
    return {
      status: 409,
      reason: 'input_required',
      code: mcpErrorCodes.inputRequired,
      message: `Connection "${connectionId}" is missing required input (${missing.join(', ') || 'see data.missing'}); supply it with PUT /connect/${connection.namespace}/${connectionId}`,
      data: { http: status.http, missing: status.missing },
    };
  }
  if (!hasUpstream(connection)) {
    return {
      status: 502,
      reason: 'upstream_unavailable',
      code: mcpErrorCodes.upstreamUnavailable,
      message: connection.source
        ? `Connection "${connectionId}" runs a module, and module execution is not available in mcpsim`
        : `Connection "${connectionId}" is an uplink connection with no local server paired to it, so there is nothing to relay to`,
    };
  }
  return null;
}

/** Whether there is something to answer the connection's tools: its registry entry, its URL, or a paired local server. */
function hasUpstream(connection: Connection): boolean {
  if (connection.mock) return connection.server !== null;
  if (connection.transport === 'uplink') return connection.source === null && connection.status.state === 'connected';
  return connection.mcpUrl !== null;
}
