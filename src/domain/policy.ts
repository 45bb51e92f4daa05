/**
 * Token policies (docs/decisions.md, "Service tokens"): what a service token may
 * do, and whether it may do one request. Pure; no I/O.
 *
 * A constraint matches a request when every field it has matches (AND); a list field matches
 * when any element does (OR). A policy (a token's `policy`) allows what any one of its
 * constraints matches. A chain is the policies of a token and of every token it was minted
 * from: a request is allowed only when every policy of the chain allows it, so a child never
 * exceeds its parent. The API key is the empty chain: everything of its account.
 */
import { toMetadataText } from './connection-rules.js';
import { parseDuration, type DurationRule } from './duration.js';

export const resources = ['connections', 'servers', 'namespaces', 'skills'] as const;
export const accessOperations = ['read', 'write', 'execute'] as const;

export type Resource = (typeof resources)[number];
export type AccessOperation = (typeof accessOperations)[number];

/** One grant, with list fields normalised to arrays; an absent field places no restriction. */
export interface Constraint {
  namespaces?: string[];
  resources?: Resource[];
  operations?: AccessOperation[];
  /** Any one map must match; a map matches when all its pairs equal the connection's metadata. */
  metadata?: Record<string, string>[];
}

/** Independent grants: a policy allows what any one constraint matches. */
export type Policy = Constraint[];

/** A token's policies, parent first; a request must be allowed by every one. Empty = the API key. */
export type Chain = Policy[];

export interface AccessRequest {
  resource: Resource;
  operation: AccessOperation;
  /** The namespace the request acts in; absent for requests outside any namespace. */
  namespace?: string;
  /** The connection the request names, for `connections` requests about one connection. */
  connection?: { connectionId: string; metadata: Record<string, unknown> | null };
}

export const defaultTtlSeconds = 60 * 60;
export const maxTtlSeconds = 24 * 60 * 60;

/** The metadata key that matches a connection's id rather than its metadata. */
export const connectionIdKey = 'connectionId';

/** A token ttl: seconds, or `<n>h`, `<n>m`, `<n>s`; from one second to 24 hours. */
const ttlRule: DurationRule = { numberUnit: 's', units: ['h', 'm', 's'], minMs: 1000, maxMs: maxTtlSeconds * 1000 };

/**
 * A ttl as the platform accepts it: a positive whole number of seconds, or `<n>h`, `<n>m`, `<n>s`;
 * at most 24 hours. Returns the seconds, or a message that says what is wrong.
 *
 * @example
 *   parseTtl('30m'); // { seconds: 1800 }
 *   parseTtl(90000); // { error: 'must be at most 86400 seconds (24h)' }
 */
export function parseTtl(value: string | number): { seconds: number } | { error: string } {
  const parsed = parseDuration(value, ttlRule);
  return 'ms' in parsed ? { seconds: parsed.ms / 1000 } : parsed;
}

/**
 * Whether the chain allows the request: every policy must have a constraint that matches it.
 *
 * @example
 *   isAllowed([[{ resources: ['connections'], operations: ['read'] }]], { resource: 'connections', operation: 'read', namespace: 'demo' }); // true
 */
export function isAllowed(chain: Chain, request: AccessRequest): boolean {
  // Plain loops: this runs on every request of a token, and closures cost a visible share of it.
  for (const policy of chain) {
    let granted = false;
    for (const constraint of policy) {
      if (constraintMatches(constraint, request)) {
        granted = true;
        break;
      }
    }
    if (!granted) return false;
  }
  return true;
}

/** Whether a connection is visible to the chain: listed, readable, and not reported as missing. */
export function connectionVisible(
  chain: Chain,
  namespace: string,
  connection: { connectionId: string; metadata: Record<string, unknown> | null },
): boolean {
  return isAllowed(chain, { resource: 'connections', operation: 'read', namespace, connection });
}

/** What a caller may do with one connection: `allowed`, `forbidden` (it may see it, not do this) or `hidden` (it may not even see it). */
export type ConnectionAccess = 'allowed' | 'forbidden' | 'hidden';

/**
 * The per-connection verdict for `operation`. A connection the chain may not see is `hidden`, so
 * that callers answer it exactly as a missing one (existence never leaks); an empty chain (the
 * API key) is always allowed.
 *
 * @example
 *   toConnectionAccess([[{ operations: ['read'] }]], 'execute', connection); // 'forbidden'
 */
export function toConnectionAccess(
  chain: Chain,
  operation: AccessOperation,
  connection: { namespace: string; connectionId: string; metadata: Record<string, unknown> | null },
): ConnectionAccess {
  if (chain.length === 0) return 'allowed';
  if (isAllowed(chain, { resource: 'connections', operation, namespace: connection.namespace, connection })) return 'allowed';
  return operation !== 'read' && connectionVisible(chain, connection.namespace, connection) ? 'forbidden' : 'hidden';
}

/**
 * The gate in front of a route whose items are checked one by one afterwards: could the chain
 * allow this request for some item? `unknown: 'connection'` leaves the connection open (metadata
 * constraints may match one); `unknown: 'namespace'` leaves the namespace open (a list across
 * namespaces). A necessary condition only: the item checks decide.
 */
export function mayAllowSome(chain: Chain, request: Omit<AccessRequest, 'connection'>, unknown: 'connection' | 'namespace'): boolean {
  // Plain loops, as in isAllowed: this gate runs on every request of a token.
  for (const policy of chain) {
    let granted = false;
    for (const constraint of policy) {
      if (constraintMayMatch(constraint, request, unknown)) {
        granted = true;
        break;
      }
    }
    if (!granted) return false;
  }
  return true;
}

function constraintMayMatch(
  constraint: Constraint,
  request: Omit<AccessRequest, 'connection'>,
  unknown: 'connection' | 'namespace',
): boolean {
  if (constraint.resources && !constraint.resources.includes(request.resource)) return false;
  if (constraint.operations && !constraint.operations.includes(request.operation)) return false;
  if (
    constraint.namespaces &&
    unknown !== 'namespace' &&
    (request.namespace === undefined || !constraint.namespaces.includes(request.namespace))
  )
    return false;
  if (constraint.metadata && (request.resource !== 'connections' || unknown !== 'connection')) return false;
  return true;
}

function constraintMatches(constraint: Constraint, request: AccessRequest): boolean {
  if (constraint.resources && !constraint.resources.includes(request.resource)) return false;
  if (constraint.operations && !constraint.operations.includes(request.operation)) return false;
  if (constraint.namespaces && (request.namespace === undefined || !constraint.namespaces.includes(request.namespace))) return false;
  if (constraint.metadata) {
    const connection = request.resource === 'connections' ? request.connection : undefined;
    if (!connection) return false;
    for (const pairs of constraint.metadata) if (metadataMatches(pairs, connection)) return true;
    return false;
  }
  return true;
}

/** All pairs equal; `connectionId` compares with the connection's id, never with a metadata field of that name. */
function metadataMatches(pairs: Record<string, string>, connection: NonNullable<AccessRequest['connection']>): boolean {
  for (const key in pairs) {
    const expected = pairs[key];
    if (key === connectionIdKey) {
      if (connection.connectionId !== expected) return false;
      continue;
    }
    const metadata = connection.metadata;
    if (metadata === null || !Object.hasOwn(metadata, key) || toMetadataText(metadata[key]) !== expected) return false;
  }
  return true;
}
