/**
 * Uplink pairing at the API (docs/decisions.md, "Uplink pairing"): `GET /{ns}/{id}` and `GET /connect/{ns}/{id}` with
 * `Upgrade: websocket`. The app stays one `fetch`: the socket door (node/) passes a
 * `SocketUpgrade` in the request's env, this middleware decides (authentication, scope, the
 * connection, conflicts) and, when it accepts, the door upgrades and hands the socket back. A
 * request without the header, or arriving through a door that cannot upgrade (`app.fetch` in
 * process), is an ordinary GET of the connection.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { apiError } from '../errors.js';
import type { ConnectionResolver } from '../mcp/resolve-connection.js';
import { createSocketChannel, type MessageSocket } from '../mcp/upstream/uplink-channel.js';
import type { UplinkPairings } from '../mcp/upstream/uplink-pairings.js';
import { missingPermission } from './http/access.js';
import type { Authenticate } from './http/operation-routes.js';
import { connectionId, namespaceName } from './schemas/connection-schemas.js';

export type { MessageSocket } from '../mcp/upstream/uplink-channel.js';

/** What the socket door offers a request that asked to upgrade. */
export interface SocketUpgrade {
  /** Completes the upgrade (101) and calls `onSocket` with the socket; not calling it refuses. */
  accept(onSocket: (socket: MessageSocket) => void): void;
}

/** The env the socket door passes to `app.fetch` for an upgrade request. */
export interface UpgradeEnv {
  socketUpgrade?: SocketUpgrade;
}

const params = z.object({ namespace: namespaceName, connectionId });

/**
 * The middleware mounted on the connection paths (both mounts) before the routes.
 *
 * @example
 *   app.use(toHonoPath('/connect/{namespace}/{connectionId}'), createUplinkUpgrade({ resolver, uplinks, authenticate }));
 */
export function createUplinkUpgrade({
  resolver,
  uplinks,
  authenticate,
}: {
  resolver: ConnectionResolver;
  uplinks: UplinkPairings;
  authenticate: Authenticate;
}): MiddlewareHandler {
  // Not async: every request on a connection's path passes here, and only an upgrade needs to wait.
  return (c, next) => {
    const upgrade = (c.env as UpgradeEnv | undefined)?.socketUpgrade;
    if (!upgrade || c.req.method !== 'GET' || c.req.header('upgrade')?.toLowerCase() !== 'websocket') return next();
    return pair(c, upgrade);
  };

  async function pair(c: Context, upgrade: SocketUpgrade): Promise<Response> {
    const caller = await authenticate(c.req.header('authorization'));
    const { namespace, connectionId: id } = params.parse(c.req.param());
    const verdict = resolver.resolve({ accountId: caller.account.id, chain: caller.chain, namespace, connectionId: id }, 'pair');
    if (verdict.kind === 'missing' || verdict.kind === 'hidden')
      throw apiError('not_found', `Connection "${id}" not found in namespace "${namespace}"`);
    if (verdict.kind === 'forbidden') throw missingPermission('connections', verdict.operation);
    if (verdict.kind === 'refused') throw apiError('conflict', verdict.refusal.message);
    const { connection } = verdict;
    const force = ['1', 'true'].includes(new URL(c.req.url).searchParams.get('force') ?? '');
    if (!force && uplinks.isPaired(connection)) {
      throw apiError(
        'conflict',
        `Connection "${id}" in namespace "${namespace}" is already paired with a local server; reconnect with ?force=1 to replace that pairing`,
      );
    }
    upgrade.accept((socket) => {
      // A failed pairing has already ended the socket and, when initialize failed, set the status to error.
      uplinks.pair(connection, createSocketChannel(socket), { force }).catch(() => {});
    });
    return c.body(null, 200);
  }
}
