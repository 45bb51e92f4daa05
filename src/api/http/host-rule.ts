import { isLoopbackHost } from '../../domain/api-key.js';

/** What decides which `Host` names a request may carry (docs/decisions.md, "Origins and hosts"). */
export interface HostRuleSettings {
  /** Names added with `--allowed-host`: `mybox.lan`, `.example.com` (that domain and its subdomains), or `*` for any. */
  allowedHosts: readonly string[];
  /** The base URL of the links the server hands out; it can change once the server listens. */
  publicUrl: () => string;
  /** The address the server listens on (`http://0.0.0.0:4010`), once it does; null in process. */
  listenUrl: () => string | null;
}

/** Hosts remembered as allowed (refused ones are never remembered, so a stream of odd names cannot grow it). */
const maxRemembered = 64;

/**
 * The rule behind the DNS rebinding guard: whether a request's `Host` header names this server. A
 * web page whose own name an attacker points at 127.0.0.1 reaches the server as a same-origin
 * page, so only the Host it sends tells it apart. Allowed: loopback names (`localhost`,
 * `*.localhost`, `127.x.x.x`, `[::1]`), which no one else's DNS can answer; the listen address
 * (on a wildcard bind such as `0.0.0.0`, any IP address, since an address needs no DNS to rebind);
 * the public URL's host; and the names `--allowed-host` adds. The port is not checked.
 *
 * @example
 *   const allowed = createHostRule({ allowedHosts: [], publicUrl: () => 'http://127.0.0.1:4010', listenUrl: () => null });
 *   allowed('localhost:4010'); // true
 *   allowed('evil.example.com'); // false
 */
export function createHostRule({ allowedHosts, publicUrl, listenUrl }: HostRuleSettings): (host: string) => boolean {
  if (allowedHosts.includes('*')) return () => true;
  const names = allowedHosts.map((name) => toBareName(name));
  const exact = new Set(names.filter((name) => !name.startsWith('.')));
  const domains = names.filter((name) => name.startsWith('.'));
  let remembered = new Set<string>();
  let rememberedPublic: string | null = null;
  let rememberedListen: string | null = null;
  let own: { publicName: string | null; listenName: string | null; anyAddress: boolean } | null = null;
  return (host) => {
    // The public URL and the listen address are asked each time (they change once the server
    // listens); what was allowed under them is remembered until they do (compared as they are:
    // the same text each time until a change, so no string is built per request).
    const publicNow = publicUrl();
    const listenNow = listenUrl();
    if (publicNow !== rememberedPublic || listenNow !== rememberedListen || own === null) {
      const listenName = toUrlHostName(listenNow);
      own = { publicName: toUrlHostName(publicNow), listenName, anyAddress: listenName === '0.0.0.0' || listenName === '::' };
      remembered = new Set();
      rememberedPublic = publicNow;
      rememberedListen = listenNow;
    }
    if (remembered.has(host)) return true;
    const name = toHostName(host);
    if (name === null) return false;
    const allowed =
      isLoopbackHost(name) ||
      name === own.publicName ||
      name === own.listenName ||
      (own.anyAddress && isIpAddress(name)) ||
      exact.has(name) ||
      domains.some((domain) => name.endsWith(domain) || name === domain.slice(1));
    if (allowed && remembered.size < maxRemembered) remembered.add(host);
    return allowed;
  };
}

/**
 * The name a `Host` header carries, without its port or IPv6 brackets, lower-cased and without a
 * trailing dot; null when it is not a host name at all (`localhost@evil.example`, an empty one).
 *
 * @example
 *   toHostName('LOCALHOST.:4010'); // 'localhost'
 *   toHostName('[::1]:4010');      // '::1'
 */
export function toHostName(host: string): string | null {
  const bracketed = /^\[([0-9a-fA-F:.]+)\](?::\d{1,5})?$/.exec(host);
  if (bracketed) return bracketed[1]!.toLowerCase();
  const plain = /^([a-zA-Z0-9_-]+(?:\.[a-zA-Z0-9_-]+)*)\.?(?::\d{1,5})?$/.exec(host);
  return plain ? plain[1]!.toLowerCase() : null;
}

function toUrlHostName(url: string | null): string | null {
  if (url === null) return null;
  try {
    return toBareName(new URL(url).hostname);
  } catch {
    return null;
  }
}

function toBareName(name: string): string {
  return name
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/(.)\.$/, '$1');
}

function isIpAddress(name: string): boolean {
  return name.includes(':') || /^\d{1,3}(?:\.\d{1,3}){3}$/.test(name);
}
