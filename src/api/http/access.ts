/**
 * Scope enforcement, in two steps and nowhere else: the gate that app.ts runs before every
 * operation (from its declared `permission`), and the per-item check that routes run on each
 * connection or namespace they touch. The API key (an empty chain) passes both untouched.
 */
import type { Connection } from '../../domain/connection.js';
import { isAllowed, mayAllowSome, type AccessOperation, type AccessRequest, type Chain, type Resource } from '../../domain/policy.js';
import { apiError, type ApiError } from '../../errors.js';
import { connectionVerdict, gateVerdict } from './token-verdicts.js';
import type { Account } from '../../store/account-store.js';

/** Who is calling: an account, and the chain of its token (empty for the API key). */
export interface Caller {
  account: Account;
  chain: Chain;
  credential: 'api_key' | 'service_token';
  /** When the token expires; null for the API key. */
  expiresAt: Date | null;
}

/** The scope an operation needs, as declared on it. */
export interface Permission {
  resource: Resource;
  operation: AccessOperation;
  /** The path parameter that names the namespace acted in (default `namespace`, when present). */
  namespaceParam?: string;
  /**
   * The route checks items itself after the gate: `connection` (the gate asks only whether some
   * connection of the namespace could be allowed), or `namespace` (a list across namespaces).
   */
  each?: 'connection' | 'namespace';
}

/**
 * What an operation requires of its caller: a scope; `credential` (any valid credential, e.g.
 * `POST /tokens`); or `api-key` (the API key itself, never a token: the `/__mcpsim` control API).
 * A non-public operation without one is closed to tokens (deny by default).
 */
export type OperationAccess = Permission | 'credential' | 'api-key';

/** The gate: throws 403 when the caller's scope cannot cover the operation. */
export function checkOperationAccess(caller: Caller, access: OperationAccess | undefined, params: Readonly<Record<string, unknown>>): void {
  if (access === 'credential') return;
  if (access === 'api-key') {
    if (caller.credential !== 'api_key') throw apiError('forbidden', 'This route accepts only the API key, not a service token');
    return;
  }
  if (caller.chain.length === 0) return;
  if (!access) throw apiError('forbidden', 'This route is not open to service tokens; call it with the API key');
  const given = params[access.namespaceParam ?? 'namespace'];
  const namespace = typeof given === 'string' ? given : undefined;
  const allowed = gateVerdict(caller.chain, access, namespace, () => {
    const request: AccessRequest = {
      resource: access.resource,
      operation: access.operation,
      ...(namespace === undefined ? {} : { namespace }),
    };
    return access.each ? mayAllowSome(caller.chain, request, access.each) : isAllowed(caller.chain, request);
  });
  if (!allowed) throw missingPermission(access.resource, access.operation);
}

/**
 * The per-connection check of a route that answers in the platform's vocabulary. Passes when the
 * caller may do `operation` on the connection; a connection it may see gets 403; one it may not
 * see gets `hidden()`, the very error a missing connection gets (404), so that existence never
 * leaks.
 */
export function checkConnectionAccess(caller: Caller, operation: AccessOperation, connection: Connection, hidden: () => ApiError): void {
  const access = connectionVerdict(caller.chain, operation, connection);
  if (access === 'forbidden') throw missingPermission('connections', operation);
  if (access === 'hidden') throw hidden();
}

/** Whether the caller may see the connection (lists leave out the ones it may not). */
export function canSeeConnection(caller: Caller, connection: Connection): boolean {
  return connectionVerdict(caller.chain, 'read', connection) === 'allowed';
}

/** Whether the caller may `operation` the namespace itself (the namespaces list leaves out the others). */
export function canAccessNamespace(caller: Caller, operation: AccessOperation, namespace: string): boolean {
  return caller.chain.length === 0 || isAllowed(caller.chain, { resource: 'namespaces', operation, namespace });
}

export function missingPermission(resource: Resource, operation: AccessOperation): ApiError {
  return apiError('forbidden', `Missing required permission: ${resource}:${operation}`);
}
