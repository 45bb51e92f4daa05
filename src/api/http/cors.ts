import type { Context, MiddlewareHandler, Next } from 'hono';
import { apiError } from '../../errors.js';
import { createOriginRule } from './origin-rule.js';
import { quoteHeader, refuseRequest } from './refuse-request.js';
import { setupPathPrefix } from './route-path.js';

/**
 * The CLI login (`smithery auth login`) hands out API keys: its routes answer the CLI (no browser,
 * no Origin) and a person's browser on this origin, never a script on another site.
 */
const cliLoginPrefix = '/api/auth/cli/';
/** The pages a person submits a form on guard their forms themselves (same origin, CSRF token, SameSite cookie) and say why in HTML. */
const formPagePrefixes = [setupPathPrefix, `${cliLoginPrefix}approve/`];
const allowMethods = 'GET, POST, PUT, DELETE, OPTIONS';
const defaultAllowHeaders = 'authorization, content-type, mcp-session-id, mcp-protocol-version, last-event-id';
const exposeHeaders = 'mcp-session-id, mcp-protocol-version, x-should-retry, allow';

/**
 * Who may use the API from a web page (docs/decisions.md, "Origins and hosts"; the rule is in origin-rule.ts). A request
 * without `Origin` (curl, SDKs, the CLI, a page's own navigation) passes straight through, which
 * keeps the hot path free: hono's own cors() middleware cost three quarters of the throughput of
 * a small route.
 *
 * An allowed origin (a developer's app on localhost calling with a service token) gets the
 * preflight answer and its responses' headers. A foreign origin gets no grant, and its request is
 * not acted on either: 403 `origin_not_allowed` (JSON-RPC on the MCP endpoint, as the MCP
 * transport spec asks), preflight or not. A browser sends a cross-site request without preflight
 * only when it is "simple" (GET, HEAD, or a POST of text/plain or a form): such a request can carry
 * no Authorization header, and no route takes a key from a query string or a cookie, so it could
 * only reach public routes; refusing it anyway means a page elsewhere can neither start CLI logins
 * nor use an endpoint that some day reads a credential it can send, and a browser's WebSocket
 * (which CORS never covers, and which carries Origin) cannot pair an uplink. The setup pages and
 * the CLI login's approve page, which guard their own forms, get neither a grant nor this refusal,
 * and the CLI login's JSON routes get no grant even for an allowed origin.
 *
 * @example
 *   app.use('*', cors(dependencies));
 */
export function cors({ corsOrigins, publicUrl }: { corsOrigins: readonly string[]; publicUrl: () => string }): MiddlewareHandler {
  const isAllowed = createOriginRule({ corsOrigins, publicUrl });
  return (c, next) => {
    const origin = c.req.header('origin');
    // No await on the hot path: a request without Origin goes straight on.
    if (!origin) return next();
    const path = c.req.path;
    if (formPagePrefixes.some((prefix) => path.startsWith(prefix))) return next();
    if (!isAllowed(origin, c.req.header('host'))) {
      const message = `Origin ${quoteHeader(origin)} may not use this server from a web page: only pages on loopback origins (http://localhost:*, http://127.0.0.1:*, http://[::1]:*) and this server's public URL may; allow another with --cors-origin <origin> (env MCPSIM_CORS_ORIGINS)`;
      return Promise.resolve(refuseRequest(c, apiError('origin_not_allowed', message)));
    }
    if (path.startsWith(cliLoginPrefix)) return next();
    return withCorsHeaders(c, next, origin);
  };
}

/** The preflight answer, or the request's own answer with the CORS headers added. */
async function withCorsHeaders(c: Context, next: Next, origin: string): Promise<Response | void> {
  if (c.req.method === 'OPTIONS' && c.req.header('access-control-request-method')) {
    return new Response(null, {
      status: 204,
      headers: {
        'access-control-allow-origin': origin,
        'access-control-allow-methods': allowMethods,
        'access-control-allow-headers': c.req.header('access-control-request-headers') ?? defaultAllowHeaders,
        'access-control-max-age': '600',
        // A page served from a public address asks before it may reach a loopback one (Private Network Access).
        ...(c.req.header('access-control-request-private-network') === 'true' ? { 'access-control-allow-private-network': 'true' } : {}),
        vary: 'Origin',
      },
    });
  }
  await next();
  c.res.headers.set('access-control-allow-origin', origin);
  c.res.headers.set('access-control-expose-headers', exposeHeaders);
  c.res.headers.append('vary', 'Origin');
}
