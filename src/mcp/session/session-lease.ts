import { hashApiKey } from '../../domain/api-key.js';
import type { Clock } from '../../domain/clock.js';
import type { Connection } from '../../domain/connection.js';
import { readBearer } from '../../domain/credential.js';
import type { Stores } from '../../store/stores.js';

/**
 * What an MCP session lives on: its connection and the credential that opened it. Asked on every
 * request of the session and on the sessions' lease tick; the reason the session must end, or
 * null while both are there (docs/decisions.md, "MCP endpoint": everything ends with what it
 * belongs to).
 */
export type SessionLease = () => string | null;

/** The credential that opened a session, as the authenticator saw it. */
export interface LeaseCredential {
  /** The `Authorization` header of the `initialize` POST. */
  authorization: string | undefined;
  /** When a service token expires; null for an API key. */
  expiresAt: Date | null;
}

export interface SessionLeases {
  /**
   * @example
   *   const lease = leases.leaseFor(verdict.connection, { authorization: request.headers.get('authorization') ?? undefined, expiresAt: caller.expiresAt });
   *   lease(); // null, until the connection is deleted, the key removed or the token expired
   */
  leaseFor(connection: Connection, credential: LeaseCredential): SessionLease;
}

/**
 * Leases read from the stores and the platform clock (a virtual clock moved forward expires a
 * token's sessions as it expires the token). A connection is the same one while its row keeps its
 * key and creation time (deleted and created again is another connection). An API key is looked up
 * again only after the account store said keys were removed, so a tick costs no SQL.
 */
export function createSessionLeases({ stores, clock }: { stores: Pick<Stores, 'connections' | 'accounts'>; clock: Clock }): SessionLeases {
  let keysRemoved = 0;
  stores.accounts.onKeysRemoved(() => void keysRemoved++);
  return {
    leaseFor(connection, { authorization, expiresAt }) {
      const { namespaceKey, connectionId, key, createdAt } = connection;
      const bearer = authorization === undefined ? null : readBearer(authorization);
      const keyHash = expiresAt === null && bearer?.kind === 'api_key' ? hashApiKey(bearer.text) : null;
      let checkedAt = keysRemoved;
      let keyGone = false;
      return () => {
        const now = namespaceKey === undefined ? null : stores.connections.get(namespaceKey, connectionId);
        if (!now || now.key !== key || now.createdAt !== createdAt) return `connection "${connectionId}" was deleted`;
        if (expiresAt !== null && clock.now().getTime() >= expiresAt.getTime())
          return `the service token that opened it expired at ${expiresAt.toISOString()}`;
        if (keyHash !== null && checkedAt !== keysRemoved) {
          checkedAt = keysRemoved;
          keyGone = stores.accounts.findByKeyHash(keyHash) === null;
        }
        return keyGone ? 'the API key that opened it was removed' : null;
      };
    },
  };
}
