import type { Connection, ConnectionPlace, ConnectionStatus } from '../domain/connection.js';

export type { ConnectionPlace };
import { isHosted } from '../domain/hosted-server.js';
import { toServerInfo } from '../domain/server-info.js';
import type { UpstreamLink, UpstreamOutcome } from '../mcp/relay.js';
import type { UpstreamPool } from '../mcp/upstream-pool.js';
import { toUpstreamError } from '../mcp/upstream-failure.js';
import type { Stores } from '../store/stores.js';
import type { SetupLinks } from './setup-links.js';

export interface ConnectionUpstream {
  /** The upstream of a real HTTP connection; what it does is recorded in the connection's status. */
  linkFor(place: ConnectionPlace, connection: Connection): UpstreamLink & { status(): ConnectionStatus };
  /**
   * Probes the upstream with `initialize` (bounded by the pool's timeout) and stores the status
   * it gives: connected + serverInfo, auth_required + setupUrl on a 401, or error saying what
   * failed. Returns the connection as stored after it.
   */
  probe(place: ConnectionPlace, connection: Connection, headers: Record<string, string> | null): Promise<Connection>;
  setupUrl(place: ConnectionPlace, connection: Pick<Connection, 'namespace' | 'connectionId'>): string;
}

/**
 * Keeps a real connection's status in step with its upstream: probes after writes, and the
 * outcome of every relayed request or listing (an upstream 401 moves it to auth_required).
 */
export function createConnectionUpstream({ stores, pool, links }: { stores: Stores; pool: UpstreamPool; links: SetupLinks }): ConnectionUpstream {
  const setupUrl: ConnectionUpstream['setupUrl'] = (place, connection) =>
    links.toSetupUrl(place.origin, { accountId: place.accountId, namespace: connection.namespace, connectionId: connection.connectionId });

  /** The status an outcome gives; a success keeps `connected` as it is. */
  function toStatus(place: ConnectionPlace, connection: Connection, outcome: UpstreamOutcome): ConnectionStatus {
    if (outcome.ok) return { state: 'connected' };
    if (outcome.error.kind === 'unauthorized') return { state: 'auth_required', setupUrl: setupUrl(place, connection) };
    return { state: 'error', message: outcome.error.message };
  }

  /** Stores the outcome when it changes something; `connection` is kept current for later reports. */
  function record(place: ConnectionPlace, connection: Connection, outcome: UpstreamOutcome): ConnectionStatus {
    const status = toStatus(place, connection, outcome);
    const serverInfo = outcome.ok ? toServerInfo(outcome.serverInfo, new URL(connection.mcpUrl!).host) : undefined;
    const changed = JSON.stringify(status) !== JSON.stringify(connection.status) || (serverInfo && JSON.stringify(serverInfo) !== JSON.stringify(connection.serverInfo));
    if (changed) {
      stores.connections.setStatus(place.namespaceId, { ...connection, status }, serverInfo);
      connection.status = status;
      if (serverInfo) connection.serverInfo = serverInfo;
    }
    return status;
  }

  return {
    setupUrl,
    linkFor(place, connection) {
      const current = { ...connection };
      return {
        label: current.mcpUrl!,
        // The stored headers are decrypted only when a request is relayed.
        session: () => pool.session({ url: current.mcpUrl!, headers: stores.connections.getHeaders(place.namespaceId, current.connectionId) }),
        report: (outcome) => record(place, current, outcome),
        status: () => current.status,
      };
    },
    // Sessions are pooled by URL + headers, so new headers never reuse a session opened with old ones.
    async probe(place, connection, headers) {
      const current = { ...connection };
      if (isHosted(current)) {
        // mcpsim plays the hosted platform's servers itself: complete config is all they need.
        const serverInfo = stores.registry.findTarget(current.server!)?.serverInfo;
        if (stores.connections.setStatus(place.namespaceId, { ...current, status: { state: 'connected' } }, serverInfo)) {
          current.status = { state: 'connected' };
          if (serverInfo) current.serverInfo = serverInfo;
        }
        return current;
      }
      const target = { url: current.mcpUrl!, headers };
      try {
        const { serverInfo } = await pool.probe(target);
        record(place, current, { ok: true, serverInfo });
      } catch (error) {
        record(place, current, { ok: false, error: toUpstreamError(error, target.url, pool.timeoutMs) });
      }
      return current;
    },
  };
}
