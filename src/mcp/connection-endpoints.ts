import type { Connection, ConnectionPlace, ConnectionStatus } from '../domain/connection.js';
import { isSimulated } from '../domain/hosted-server.js';
import type { MockSurfaces } from '../sim/mock-surfaces.js';
import type { MockConnection, MockToolRunner } from '../sim/mock-tool-runner.js';
import { createMockEndpoint } from './mock/mock-endpoint.js';
import { createRequestCancellations } from './session/request-cancellations.js';
import type { Relay, UpstreamLink } from './upstream/relay.js';
import type { ToolEndpoint } from './tool-endpoint.js';
import type { UplinkPairings } from './upstream/uplink-pairings.js';
import { createUpstreamEndpoint } from './upstream/upstream-endpoint.js';

/** The upstream of a real HTTP connection, whose outcomes the API records in the connection's status. */
export type UpstreamLinkFor = (place: ConnectionPlace, connection: Connection) => UpstreamLink & { status(): ConnectionStatus };

export interface ConnectionEndpoints {
  /**
   * The one place that decides simulated or real: a mock connection's tools (and a hosted
   * server's, which mcpsim plays itself) come from the mock tool runner, a real one's from its
   * upstream (an HTTP server, or a local server paired over an uplink). Only for a connection
   * `checkConnectionReady` accepts.
   */
  endpointFor(connection: Connection, place: ConnectionPlace): ToolEndpoint;
}

/**
 * @example
 *   const endpoints = createConnectionEndpoints({ runner, surfaces, relay, uplinks, linkFor: upstream.linkFor });
 *   const endpoint = endpoints.endpointFor(connection, place);
 */
export function createConnectionEndpoints({
  runner,
  surfaces,
  relay,
  uplinks,
  linkFor,
}: {
  runner: MockToolRunner;
  surfaces: MockSurfaces;
  relay: Relay;
  uplinks: UplinkPairings;
  linkFor: UpstreamLinkFor;
}): ConnectionEndpoints {
  // The mock tool calls in flight, by request: a cancellation comes in another request than the call it names.
  const cancellations = createRequestCancellations();
  // A mock's endpoint is a dozen closures: made once per stored connection, not per request. The
  // store hands out one frozen object per version of a connection (a change is a new object), so
  // an endpoint never outlives what it was made from, and the WeakMap lets it go with its object.
  const mockEndpoints = new WeakMap<Connection, { place: ConnectionPlace; endpoint: ToolEndpoint }>();
  function mockEndpointFor(connection: Connection, place: ConnectionPlace): ToolEndpoint {
    const made = mockEndpoints.get(connection);
    if (made && made.place.accountId === place.accountId && made.place.namespaceId === place.namespaceId) return made.endpoint;
    const endpoint = createMockEndpoint({ runner, surfaces }, connection as MockConnection, place, cancellations);
    if (Object.isFrozen(connection)) mockEndpoints.set(connection, { place, endpoint });
    return endpoint;
  }
  return {
    endpointFor(connection, place) {
      if (isSimulated(connection)) return mockEndpointFor(connection, place);
      if (connection.transport === 'uplink') return createUpstreamEndpoint(relay, toUplinkLink(uplinks, connection));
      return createUpstreamEndpoint(relay, linkFor(place, connection));
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
    openDedicated: (capabilities) => uplinks.dedicated(connection, capabilities),
    secrets: () => uplinks.secrets(connection),
    report: () => connection.status,
    status: () => connection.status,
  };
}
