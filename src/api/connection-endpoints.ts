import type { Connection, ConnectionPlace } from '../domain/connection.js';
import { isSimulated } from '../domain/hosted-server.js';
import { createMockEndpoint } from '../mcp/mock-endpoint.js';
import type { Relay } from '../mcp/relay.js';
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

export function createConnectionEndpoints({ runner, relay, upstream }: { runner: MockToolRunner; relay: Relay; upstream: ConnectionUpstream }): ConnectionEndpoints {
  return {
    endpointFor(connection, place) {
      if (isSimulated(connection)) return createMockEndpoint(runner, connection as MockConnection, place);
      return createUpstreamEndpoint(relay, upstream.linkFor(place, connection));
    },
  };
}
