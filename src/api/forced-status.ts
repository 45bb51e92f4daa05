/**
 * A status put on a connection by the control API (`PUT .../status`) or by a fault rule (a
 * status change after n calls), built the way the platform would show it: `auth_required` with
 * its setup link, `input_required` with the registry entry's profile and every required name
 * missing, `error` with a message.
 */
import type { Connection, ConnectionState, ConnectionStatus } from '../domain/connection.js';
import { findMissingInputs } from '../domain/connection-rules.js';
import type { Stores } from '../store/stores.js';
import type { ConnectionPlace } from './connection-upstream.js';

export interface ForcedStatusContext {
  stores: Pick<Stores, 'registry' | 'connections'>;
  setupUrl(place: ConnectionPlace, connection: Pick<Connection, 'namespace' | 'connectionId' | 'key'>): string;
}

/**
 * The status `state` means for this connection.
 *
 * @example
 *   toForcedStatus(context, place, connection, 'error', 'upstream is down') // { state: 'error', message: 'upstream is down' }
 */
export function toForcedStatus(
  context: ForcedStatusContext,
  place: ConnectionPlace,
  connection: Connection,
  state: ConnectionState,
  message: string | null,
): ConnectionStatus {
  switch (state) {
    case 'connected':
    case 'disconnected':
      return { state };
    case 'auth_required':
      return { state, setupUrl: context.setupUrl(place, connection) };
    case 'input_required': {
      const http = (connection.server === null ? null : context.stores.registry.findTarget(connection.server)?.config) ?? {};
      // Nothing supplied counts: every required header and query parameter is missing.
      return { state, setupUrl: context.setupUrl(place, connection), http, missing: findMissingInputs(http, null, null) };
    }
    case 'error':
      return { state, message: message ?? `Connection "${connection.connectionId}" was put in the error state by the mcpsim control API` };
  }
}

/**
 * Stores the forced status; returns the connection with it, or null when the connection was
 * deleted or re-created meanwhile (nothing is stored then).
 */
export function storeForcedStatus(
  context: ForcedStatusContext,
  place: ConnectionPlace,
  connection: Connection,
  state: ConnectionState,
  message: string | null,
): Connection | null {
  const next: Connection = { ...connection, status: toForcedStatus(context, place, connection, state, message) };
  return context.stores.connections.setStatus(place.namespaceId, next) ? next : null;
}
