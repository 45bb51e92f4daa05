import { isLoopbackHost } from '../../domain/api-key.js';

/** What decides which web pages may use the API (docs/decisions.md, "Origins and hosts"). */
export interface OriginRuleSettings {
  /** Origins added with `--cors-origin` (`https://app.example.com`), or `*` for any. */
  corsOrigins: readonly string[];
  /** The base URL of the links the server hands out; its origin is this server's own. */
  publicUrl: () => string;
}

/**
 * Whether a web page on `origin` may use the API: pages on loopback origins (`http://localhost:*`,
 * `http://127.0.0.1:*`, `http://[::1]:*`, `*.localhost`, also over https, any port), which only
 * this machine serves; the public URL's origin; the server's own pages (the origin of the `Host`
 * the request names, which the host guard has already allowed); and the origins `--cors-origin`
 * adds. `null` (a sandboxed frame, a file) and every other site are foreign: the development key
 * is well known, so a page anywhere on the web must not be able to use it.
 *
 * @example
 *   const allowed = createOriginRule({ corsOrigins: [], publicUrl: () => 'http://127.0.0.1:4010' });
 *   allowed('http://localhost:3000', '127.0.0.1:4010'); // true
 *   allowed('https://evil.example', '127.0.0.1:4010'); // false
 */
export function createOriginRule({ corsOrigins, publicUrl }: OriginRuleSettings): (origin: string, host: string | undefined) => boolean {
  if (corsOrigins.includes('*')) return () => true;
  const added = new Set(corsOrigins);
  let publicOrigin = { url: '', origin: '' };
  return (origin, host) => {
    if (added.has(origin)) return true;
    if (host !== undefined) {
      const own = host.toLowerCase();
      if (origin === `http://${own}` || origin === `https://${own}`) return true;
    }
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      return false;
    }
    if ((url.protocol === 'http:' || url.protocol === 'https:') && isLoopbackHost(url.hostname)) return true;
    const current = publicUrl();
    if (publicOrigin.url !== current) publicOrigin = { url: current, origin: new URL(current).origin };
    return origin === publicOrigin.origin;
  };
}
