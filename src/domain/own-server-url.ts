import { isLoopbackHost } from './api-key.js';

/** Where this server can be reached: what decides whether a URL leads back to it. */
export interface OwnAddresses {
  /** The base URL of the links it hands out (`--public-url`, else the listen address). */
  publicUrl: string;
  /** The address it listens on (`http://0.0.0.0:4010`); null in process. */
  listenUrl: string | null;
  /** The machine's own interface addresses (`192.168.1.5`, `fe80::1`): on a wildcard bind each reaches it. Asked only then. */
  interfaceAddresses: () => readonly string[];
}

/**
 * Whether `url` leads to this server itself (docs/security.md, "Relays"): its public URL's or
 * listen address's host and port, or a loopback or wildcard name (`localhost`, `127.x.x.x`,
 * `[::1]`, `0.0.0.0`, `[::]`, their IPv4-mapped spellings) on a port it listens or is published
 * on, or, on a wildcard bind, any interface address of the machine on its port. The path does not
 * matter: every path of this server (either mount of an MCP endpoint, the API) is this server.
 * The URL parser has already normalised what it can (`http://2130706433/` is `127.0.0.1`); a name
 * whose DNS points here is not known until it is reached, and the relay's hop marker refuses it
 * there.
 *
 * @example
 *   isOwnServerUrl('http://localhost:4010/connect/demo/c1/mcp', { publicUrl: 'http://127.0.0.1:4010', listenUrl: null, interfaceAddresses: () => [] }); // true
 *   isOwnServerUrl('http://localhost:9000/mcp', { publicUrl: 'http://127.0.0.1:4010', listenUrl: null, interfaceAddresses: () => [] });              // false
 */
export function isOwnServerUrl(url: string, own: OwnAddresses): boolean {
  const target = toHostPort(url);
  if (target === null) return false;
  const published = toHostPort(own.publicUrl);
  const listening = own.listenUrl === null ? null : toHostPort(own.listenUrl);
  const sameAs = (place: HostPort | null) => place !== null && place.host === target.host && place.port === target.port;
  if (sameAs(published) || sameAs(listening)) return true;
  // Loopback and wildcard names reach whatever listens on their port on this machine.
  const localPorts = [listening, published].filter((place) => place !== null && isLocalName(place.host)).map((place) => place!.port);
  if (isLocalName(target.host) && localPorts.includes(target.port)) return true;
  if (listening !== null && isWildcard(listening.host) && target.port === listening.port) {
    return own.interfaceAddresses().some((address) => toBareHost(address) === target.host);
  }
  return false;
}

interface HostPort {
  host: string;
  port: string;
}

/** How many URLs' host and port stay remembered (oldest dropped first). */
const maxRemembered = 256;
/**
 * URLs already parsed: every write of a real connection asks about its `mcpUrl` and this server's
 * own two URLs, mostly the same texts each time, and parsing them cost a tenth of a re-save.
 */
const remembered = new Map<string, HostPort | null>();

function toHostPort(url: string): HostPort | null {
  const known = remembered.get(url);
  if (known !== undefined) return known;
  const found = parseHostPort(url);
  if (remembered.size >= maxRemembered) remembered.delete(remembered.keys().next().value!);
  remembered.set(url, found === null ? null : Object.freeze(found));
  return found;
}

function parseHostPort(url: string): HostPort | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  return { host: toBareHost(parsed.hostname), port: parsed.port || (parsed.protocol === 'https:' ? '443' : '80') };
}

/** A host name without IPv6 brackets or a trailing dot, lower-cased. */
function toBareHost(host: string): string {
  return host
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/(.)\.$/, '$1');
}

function isWildcard(host: string): boolean {
  return host === '0.0.0.0' || host === '::' || host === '::ffff:0:0';
}

function isLocalName(host: string): boolean {
  // The URL parser writes `[::ffff:127.0.0.1]` as `[::ffff:7f00:1]`.
  return isLoopbackHost(host) || isWildcard(host) || /^::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}$/.test(host);
}
