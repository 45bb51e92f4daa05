import { networkInterfaces } from 'node:os';
import type { Connection } from '../domain/connection.js';
import { isSimulated } from '../domain/hosted-server.js';
import { isOwnServerUrl } from '../domain/own-server-url.js';
import { apiError } from '../errors.js';
import type { AppDependencies } from './context.js';

/**
 * Refuses a real HTTP connection whose `mcpUrl` leads to this server itself (domain/own-server-url.ts):
 * relaying to its own endpoint would call itself without end, for every account. A 400
 * `validation_error` naming `mcpUrl`, before anything is stored or probed. What this cannot see (a
 * name whose DNS points here, a redirect) the relay's hop marker refuses (mcp/upstream/relay-hop.ts).
 *
 * @example
 *   refuseOwnUpstream(plan.connection, { publicUrl, listenUrl }); // throws for http://localhost:4010/connect/demo/c1/mcp
 */
export function refuseOwnUpstream(
  connection: Connection,
  { publicUrl, listenUrl }: Pick<AppDependencies, 'publicUrl' | 'listenUrl'>,
): void {
  if (isSimulated(connection) || connection.transport !== 'http' || connection.mcpUrl === null) return;
  const own = { publicUrl: publicUrl(), listenUrl: listenUrl(), interfaceAddresses: listInterfaceAddresses };
  if (!isOwnServerUrl(connection.mcpUrl, own)) return;
  throw apiError(
    'validation_error',
    `mcpUrl: ${connection.mcpUrl} is this mcpsim server itself, and a connection cannot relay to its own server (it would call itself without end); point mcpUrl at the real MCP server, or mock one with {"server": "<qualifiedName>", "mock": {"enabled": true}}`,
  );
}

/** The machine's interface addresses (asked only when a wildcard bind makes them matter). */
function listInterfaceAddresses(): string[] {
  return Object.values(networkInterfaces()).flatMap((addresses) => (addresses ?? []).map((address) => address.address));
}
