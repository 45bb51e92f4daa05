/**
 * Whether an `Origin` header is this dashboard's own origin: the request's Host (which the API's
 * host guard has already allowed, api/http/host-guard.ts) over http or https, or the public URL's
 * origin. A missing Origin is let through here: the CSRF token is checked as well, and some
 * same-origin form posts omit it. Stricter than the API's rule (api/http/origin-rule.ts): other
 * loopback pages may call the API with a token, but may not post to the dashboard.
 *
 * @example
 *   isOwnOrigin('http://127.0.0.1:4010', '127.0.0.1:4010', 'http://127.0.0.1:4010'); // true
 */
export function isOwnOrigin(origin: string | undefined, host: string | undefined, publicUrl: string): boolean {
  if (origin === undefined) return true;
  if (host !== undefined && (origin === `http://${host}` || origin === `https://${host}`)) return true;
  try {
    return origin === new URL(publicUrl).origin;
  } catch {
    return false;
  }
}
