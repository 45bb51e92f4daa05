import type { MiddlewareHandler } from 'hono';
import { apiError } from '../../errors.js';
import { createHostRule, toHostName } from './host-rule.js';
import { quoteHeader, refuseRequest } from './refuse-request.js';

/**
 * The DNS rebinding guard (docs/decisions.md, "Origins and hosts"), installed before every route, the dashboard's, the
 * MCP endpoint's and the uplink upgrade's among them: a request whose `Host` is not a name this
 * server answers to (host-rule.ts) gets 403 `host_not_allowed` (JSON-RPC on the MCP endpoint).
 * 403, not 421 Misdirected Request: a client may retry a 421 on another connection by itself,
 * and 403 is what the MCP SDK's own guard and the MCP spec's Origin rule answer.
 *
 * A request without `Host` is let through: only an in-process caller (msw, tests, the
 * dashboard's own calls) can make one, since Node's server refuses an HTTP/1.1 request without it
 * and a browser always sends it, so there is no DNS to rebind. The message names neither the
 * public URL nor the listen address: a rebinding page reads this answer as its own.
 *
 * @example
 *   app.use('*', guardHosts(dependencies));
 */
export function guardHosts({
  allowedHosts,
  publicUrl,
  listenUrl,
}: {
  allowedHosts: readonly string[];
  publicUrl: () => string;
  listenUrl: () => string | null;
}): MiddlewareHandler {
  const isAllowed = createHostRule({ allowedHosts, publicUrl, listenUrl });
  return (c, next) => {
    const host = c.req.header('host');
    if (host === undefined || isAllowed(host)) return next();
    const name = toHostName(host);
    const allow = name === null ? '' : `, or start mcpsim with --allowed-host ${name} (env MCPSIM_ALLOWED_HOSTS)`;
    return Promise.resolve(
      refuseRequest(
        c,
        apiError(
          'host_not_allowed',
          `Host ${quoteHeader(host)} is not a name this server answers to (a guard against DNS rebinding): reach it at localhost or 127.0.0.1${allow}`,
        ),
      ),
    );
  };
}
