import type { Connection, ConnectionPlace, ConnectionStatus } from '../domain/connection.js';
import { isSimulated } from '../domain/hosted-server.js';
import { createMockEndpoint } from '../mcp/mock-endpoint.js';
import type { Relay, UpstreamLink } from '../mcp/relay.js';
import type { UplinkPairings } from '../mcp/uplink-pairings.js';
import type { ToolEndpoint } from '../mcp/tool-endpoint.js';
import { createUpstreamEndpoint } from '../mcp/upstream-endpoint.js';
import type { MockConnection, MockToolRunner } from '../sim/mock-tool-runner.js';
import type { ConnectionUpstream } from './connection-upstream.js';

export interface ConnectionEndpoints {
  /**
   * The one place that decides simulated or real: a mock connection's tools (and a hosted
   * server's, which mcpsim plays itself) come from the simulator, a real one's from its upstream. Only for a connection `checkConnectionReady` accepts.
   */
  endpointFor(connection: Connection, place: ConnectionPlace): ToolEndpoint;
}

export function createConnectionEndpoints({
  runner,
  relay,
  upstream,
  uplinks,
}: {
  runner: MockToolRunner;
  relay: Relay;
  upstream: ConnectionUpstream;
  uplinks: UplinkPairings;
}): ConnectionEndpoints {
  return {
    endpointFor(connection, place) {
      if (isSimulated(connection)) return createMockEndpoint(runner, connection as MockConnection, place);
      if (connection.transport === 'uplink') return createUpstreamEndpoint(relay, toUplinkLink(uplinks, connection));
      return createUpstreamEndpoint(relay, upstream.linkFor(place, connection));
    },
  };
}

/**
 * A paired uplink as the relay's upstream. Its status is the pairing's (written when the local
 * server initializes and when the channel closes), so an outcome changes nothing. The values the
 * local server was given (its environment) are redacted from a capture, as a real connection's
 * header values are; its session scrubs them from its failures itself (uplink-pairings.ts).
 */
function toUplinkLink(uplinks: UplinkPairings, connection: Connection): UpstreamLink & { status(): ConnectionStatus } {
  return {
    label: `the local server paired with ${connection.namespace}/${connection.connectionId}`,
    connection: { namespace: connection.namespace, connectionId: connection.connectionId },
    session: () => uplinks.session(connection),
    secrets: () => uplinks.secrets(connection),
    report: () => connection.status,
    status: () => connection.status,
  };
}
