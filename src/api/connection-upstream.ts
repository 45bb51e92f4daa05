import type { Connection, ConnectionPlace, ConnectionStatus } from '../domain/connection.js';

export type { ConnectionPlace };
import { isSimulated } from '../domain/hosted-server.js';
import { toServerInfo } from '../domain/server-info.js';
import type { UpstreamLink, UpstreamOutcome } from '../mcp/upstream/relay.js';
import type { UpstreamPool } from '../mcp/upstream/upstream-pool.js';
import { scrubUpstreamError, toUpstreamError } from '../mcp/upstream/upstream-failure.js';
import { revealQueryValues, toSecretValues } from '../domain/secrets.js';
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
  /** A setup link of the connection (generation 0 before it is stored: every answer replaces the link with a current one). */
  setupUrl(place: ConnectionPlace, connection: Pick<Connection, 'namespace' | 'connectionId' | 'key'>): string;
}

/**
 * Keeps a real connection's status in step with its upstream: probes after writes, and the
 * outcome of every relayed request or listing (an upstream 401 moves it to auth_required).
 */
export function createConnectionUpstream({
  stores,
  pool,
  links,
}: {
  stores: Stores;
  pool: UpstreamPool;
  links: SetupLinks;
}): ConnectionUpstream {
  const setupUrl: ConnectionUpstream['setupUrl'] = (place, connection) =>
    links.toSetupUrl({
      accountId: place.accountId,
      namespace: connection.namespace,
      connectionId: connection.connectionId,
      generation: connection.key ?? 0,
    });

  /** What is sent upstream: the URL with the query values typed on the setup page put back in place of `***`, and the headers. */
  function targetOf(place: ConnectionPlace, connection: Connection, headers: Record<string, string> | null) {
    return {
      url: revealQueryValues(connection.mcpUrl!, stores.connections.getSecretQuery(place.namespaceId, connection.connectionId)),
      headers,
    };
  }

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
    const changed =
      JSON.stringify(status) !== JSON.stringify(connection.status) ||
      (serverInfo && JSON.stringify(serverInfo) !== JSON.stringify(connection.serverInfo));
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
      const target = () => targetOf(place, current, stores.connections.getHeaders(place.namespaceId, current.connectionId));
      return {
        // Messages name the URL as stored (typed query values as ***); the stored headers and query
        // values are decrypted only when a request is relayed, and scrubbed from what comes back.
        label: current.mcpUrl!,
        session: () => pool.session(target()),
        openDedicated: (capabilities) => pool.dedicated(target(), capabilities),
        scrub: (failure) => scrubUpstreamError(failure, target()),
        report: (outcome) => record(place, current, outcome),
        status: () => current.status,
        connection: { namespace: current.namespace, connectionId: current.connectionId },
        secrets: () => {
          const { url, headers } = target();
          return toSecretValues(headers, url);
        },
      };
    },
    // Sessions are pooled by URL + headers, so new headers never reuse a session opened with old ones.
    async probe(place, connection, headers) {
      const current = { ...connection };
      if (isSimulated(current)) {
        // mcpsim plays mock and hosted servers itself: there is no upstream to ask, and nothing is sent anywhere.
        const serverInfo = stores.registry.findTarget(current.server!)?.serverInfo;
        if (stores.connections.setStatus(place.namespaceId, { ...current, status: { state: 'connected' } }, serverInfo)) {
          current.status = { state: 'connected' };
          if (serverInfo) current.serverInfo = serverInfo;
        }
        return current;
      }
      const target = targetOf(place, current, headers);
      try {
        const { serverInfo } = await pool.probe(target);
        record(place, current, { ok: true, serverInfo });
      } catch (error) {
        record(place, current, { ok: false, error: scrubUpstreamError(toUpstreamError(error, target.url, pool.timeoutMs), target) });
      }
      return current;
    },
  };
}
