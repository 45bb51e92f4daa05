import type { Context, MiddlewareHandler, Next } from 'hono';
import { setupPathPrefix } from './route-path.js';

/**
 * The CLI login (`smithery auth login`) hands out API keys: its routes answer the CLI (no browser,
 * no Origin) and a person's browser on this origin, never a script on another site.
 */
const cliLoginPrefix = '/api/auth/cli/';
const allowMethods = 'GET, POST, PUT, DELETE, OPTIONS';
const defaultAllowHeaders = 'authorization, content-type, mcp-session-id, mcp-protocol-version, last-event-id';
const exposeHeaders = 'mcp-session-id, mcp-protocol-version, x-should-retry, allow';

/**
 * CORS for browser apps on other local origins (a dev server on :3000 calling mcpsim on :4010).
 * Any origin is allowed: credentials are bearer tokens, never cookies (the setup pages, whose
 * link is the credential, and the CLI login, which hands out keys, are left out). Requests without an
 * `Origin` header pass straight through, which keeps the hot path free: hono's own cors()
 * middleware cost three quarters of the throughput of a small route.
 */
export function cors(): MiddlewareHandler {
  return (c, next) => {
    const origin = c.req.header('origin');
    // No await on the hot path: a request without Origin goes straight on. The setup pages and the
    // CLI login get no CORS at all: they are for a person's browser on this origin (and the CLI),
    // never for scripts elsewhere.
    if (!origin || c.req.path.startsWith(setupPathPrefix) || c.req.path.startsWith(cliLoginPrefix)) return next();
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
        vary: 'Origin',
      },
    });
  }
  await next();
  c.res.headers.set('access-control-allow-origin', origin);
  c.res.headers.set('access-control-expose-headers', exposeHeaders);
  c.res.headers.append('vary', 'Origin');
}
