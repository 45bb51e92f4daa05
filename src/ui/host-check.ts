/**
 * Whether a request's `Host` may reach the dashboard: the configured public host, `localhost` or
 * a loopback address. Anything else is refused, so a web page whose name was pointed at 127.0.0.1
 * (DNS rebinding) cannot read or drive the dashboard.
 *
 * @example
 *   isAllowedHost('127.0.0.1:4010', 'http://mcpsim.example.com'); // true
 *   isAllowedHost('evil.example:4010', 'http://127.0.0.1:4010'); // false
 */
export function isAllowedHost(host: string | undefined, publicUrl: string): boolean {
  if (host === undefined || host === '') return false;
  const name = hostName(host);
  if (name === null) return false;
  if (name === 'localhost' || name.endsWith('.localhost') || name === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name)) return true;
  try {
    return name === new URL(publicUrl).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  } catch {
    return false;
  }
}

/** The host name of a Host header without its port or IPv6 brackets, lower-cased; null when malformed. */
function hostName(host: string): string | null {
  const bracketed = /^\[([0-9a-fA-F:.]+)\](?::\d{1,5})?$/.exec(host);
  if (bracketed) return bracketed[1]!.toLowerCase();
  const plain = /^([a-zA-Z0-9.-]+)(?::\d{1,5})?$/.exec(host);
  return plain ? plain[1]!.toLowerCase() : null;
}

/**
 * Whether an `Origin` header is this dashboard's own origin: the request's (already allowed) Host
 * over http or https, or the public URL's origin. A missing Origin is let through here: the CSRF
 * token is checked as well, and some same-origin form posts omit it.
 *
 * @example
 *   isOwnOrigin('http://127.0.0.1:4010', '127.0.0.1:4010', 'http://127.0.0.1:4010'); // true
 */
export function isOwnOrigin(origin: string | undefined, host: string, publicUrl: string): boolean {
  if (origin === undefined) return true;
  if (origin === `http://${host}` || origin === `https://${host}`) return true;
  try {
    return origin === new URL(publicUrl).origin;
  } catch {
    return false;
  }
}
