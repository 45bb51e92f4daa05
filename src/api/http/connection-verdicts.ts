/**
 * A token's per-connection verdicts, remembered while the token's chain and the connection live.
 *
 * A token GET ran its chain's policies against the connection on every request (three links of
 * three constraints in `npm run bench`: about half a microsecond, a few per cent of the request),
 * though neither side can change: the authenticator keeps one frozen chain per verified token, and
 * the connection store hands out frozen copies that a write replaces rather than changes
 * (src/store/read-cache.ts). So a verdict is kept per chain, connection object and operation, in
 * WeakMaps that let both go with their owners; an object that is not frozen (a write's planned
 * connection) is judged afresh every time. Expiry is not a verdict: the authenticator checks it on
 * every request, so an expired token is refused at once.
 *
 * @example
 *   connectionVerdict(caller.chain, 'read', connection); // 'allowed' | 'forbidden' | 'hidden'
 */
import type { Connection } from '../../domain/connection.js';
import { toConnectionAccess, type AccessOperation, type Chain, type ConnectionAccess } from '../../domain/policy.js';

const remembered = new WeakMap<Chain, WeakMap<Connection, Partial<Record<AccessOperation, ConnectionAccess>>>>();

/** The verdict of `toConnectionAccess`, remembered when both the chain and the connection are frozen. */
export function connectionVerdict(chain: Chain, operation: AccessOperation, connection: Connection): ConnectionAccess {
  if (chain.length === 0) return 'allowed';
  if (!Object.isFrozen(chain) || !Object.isFrozen(connection)) return toConnectionAccess(chain, operation, connection);
  let byConnection = remembered.get(chain);
  if (byConnection === undefined) remembered.set(chain, (byConnection = new WeakMap()));
  let verdicts = byConnection.get(connection);
  if (verdicts === undefined) byConnection.set(connection, (verdicts = {}));
  return (verdicts[operation] ??= toConnectionAccess(chain, operation, connection));
}
