/**
 * Hosted server URLs (docs/decisions.md, "Hosted server URLs"): `https://server.smithery.ai/{qualifiedName}[/mcp]` is where
 * the hosted platform runs a registry server itself. mcpsim stands in for that platform, and it
 * hosts no servers: a connection tied to a registry entry whose URL is on that host is answered as
 * a mock connection (the entry's tools, results from the result pipeline), never by a request to
 * the real host.
 */
import type { Connection } from './connection.js';

export const hostedServerHost = 'server.smithery.ai';

/**
 * The qualified names a hosted server URL may name, most likely first; empty for any other URL.
 * `/owner/name/mcp` names `owner/name` (or, less likely, a server called `mcp`); `@` is kept.
 *
 * @example
 *   hostedQualifiedNames('https://server.smithery.ai/acme/tracker');     // ['acme/tracker']
 *   hostedQualifiedNames('https://server.smithery.ai/acme/tracker/mcp'); // ['acme/tracker']
 *   hostedQualifiedNames('https://server.smithery.ai/exa/mcp');          // ['exa', 'exa/mcp']
 *   hostedQualifiedNames('https://example.com/mcp');                     // []
 */
export function hostedQualifiedNames(url: string): string[] {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return [];
  }
  if (parsed.protocol !== 'https:' || parsed.hostname !== hostedServerHost) return [];
  let segments: string[];
  try {
    segments = parsed.pathname
      .split('/')
      .filter((segment) => segment !== '')
      .map(decodeURIComponent);
  } catch {
    return [];
  }
  const names: string[] = [];
  if (segments.at(-1) === 'mcp' && segments.length >= 2 && segments.length <= 3) names.push(segments.slice(0, -1).join('/'));
  if (segments.length >= 1 && segments.length <= 2) names.push(segments.join('/'));
  return names;
}

/**
 * Whether the simulator answers this connection's tools: a mock connection, or one tied to a
 * registry entry through a hosted server URL (which mcpsim, hosting nothing, plays itself).
 *
 * @example
 *   isSimulated({ ...connection, mock: null, server: '@acme/tracker', mcpUrl: 'https://server.smithery.ai/acme/tracker' }); // true
 */
export function isSimulated(connection: Pick<Connection, 'mock' | 'server' | 'transport' | 'mcpUrl'>): boolean {
  return connection.mock !== null || isHosted(connection);
}

/** A real (not mock) HTTP connection tied to a registry entry through a hosted server URL. */
export function isHosted(connection: Pick<Connection, 'mock' | 'server' | 'transport' | 'mcpUrl'>): boolean {
  return (
    connection.mock === null &&
    connection.transport === 'http' &&
    connection.server !== null &&
    connection.mcpUrl !== null &&
    hostedQualifiedNames(connection.mcpUrl).length > 0
  );
}
