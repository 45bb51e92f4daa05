/**
 * A token's scope verdicts, remembered while the token's chain and what was judged live.
 *
 * A token GET ran its chain's policies on every request, twice (the gate, then the connection:
 * three links of three constraints in `npm run bench`, about a microsecond in all), though nothing
 * they read can change: the authenticator keeps one frozen chain per verified token, an operation's
 * permission is frozen when its route is made, and the connection store hands out frozen copies
 * that a write replaces rather than changes (src/store/read-cache.ts). So verdicts are kept per
 * chain in WeakMaps that let them go with their owners; anything not frozen (a write's planned
 * connection, a caller made by hand) is judged afresh every time. Expiry is not a verdict: the
 * authenticator checks it on every request, so an expired token is refused at once.
 *
 * @example
 *   connectionVerdict(caller.chain, 'read', connection); // 'allowed' | 'forbidden' | 'hidden'
 */
import type { Connection } from '../../domain/connection.js';
import { toConnectionAccess, type AccessOperation, type Chain, type ConnectionAccess } from '../../domain/policy.js';

const connectionVerdicts = new WeakMap<Chain, WeakMap<Connection, Partial<Record<AccessOperation, ConnectionAccess>>>>();
const gateVerdicts = new WeakMap<Chain, WeakMap<object, Map<string | undefined, boolean>>>();
/** Namespaces remembered per chain and gate; a token that names more (every one a new URL) starts the count again. */
const maxNamespacesPerGate = 64;

/** The verdict of `toConnectionAccess`, remembered when both the chain and the connection are frozen. */
export function connectionVerdict(chain: Chain, operation: AccessOperation, connection: Connection): ConnectionAccess {
  if (chain.length === 0) return 'allowed';
  if (!Object.isFrozen(chain) || !Object.isFrozen(connection)) return toConnectionAccess(chain, operation, connection);
  let byConnection = connectionVerdicts.get(chain);
  if (byConnection === undefined) connectionVerdicts.set(chain, (byConnection = new WeakMap()));
  let verdicts = byConnection.get(connection);
  if (verdicts === undefined) byConnection.set(connection, (verdicts = {}));
  return (verdicts[operation] ??= toConnectionAccess(chain, operation, connection));
}

/**
 * The gate's verdict for a frozen permission in a namespace: `decide()`'s answer, remembered when
 * the chain and the permission are frozen (at most `maxNamespacesPerGate` namespaces each).
 */
export function gateVerdict(chain: Chain, permission: object, namespace: string | undefined, decide: () => boolean): boolean {
  if (!Object.isFrozen(chain) || !Object.isFrozen(permission)) return decide();
  let byPermission = gateVerdicts.get(chain);
  if (byPermission === undefined) gateVerdicts.set(chain, (byPermission = new WeakMap()));
  let byNamespace = byPermission.get(permission);
  if (byNamespace === undefined) byPermission.set(permission, (byNamespace = new Map()));
  const known = byNamespace.get(namespace);
  if (known !== undefined) return known;
  if (byNamespace.size >= maxNamespacesPerGate) byNamespace.clear();
  const allowed = decide();
  byNamespace.set(namespace, allowed);
  return allowed;
}
