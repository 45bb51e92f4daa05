import type { Connection } from '../../domain/connection.js';
import type { Namespace } from '../../store/namespace-store.js';

/** The wire form of a connection: exactly the platform's fields, `mock` and `serverInfo` only when set. */
export function toConnectionView(connection: Connection) {
  return {
    connectionId: connection.connectionId,
    name: connection.name,
    transport: connection.transport,
    mcpUrl: connection.mcpUrl,
    metadata: connection.metadata,
    ...(connection.mock ? { mock: connection.mock } : {}),
    iconUrl: connection.iconUrl,
    createdAt: connection.createdAt,
    status: connection.status,
    ...(connection.serverInfo ? { serverInfo: connection.serverInfo } : {}),
  };
}

/** The JSON text of stored connections, by the frozen object the read cache shares (store/read-cache.ts). */
const connectionTexts = new WeakMap<Connection, string>();

/**
 * `toConnectionView(connection)` as JSON text. A stored connection is frozen and shared until it
 * changes, so its text is made once and kept with it (a GET answers the same object again and
 * again); an object that is not frozen could still change, and is serialised each time.
 */
export function toConnectionText(connection: Connection): string {
  if (!Object.isFrozen(connection)) return JSON.stringify(toConnectionView(connection));
  let text = connectionTexts.get(connection);
  if (text === undefined) connectionTexts.set(connection, (text = JSON.stringify(toConnectionView(connection))));
  return text;
}

export function toNamespaceView(namespace: Namespace) {
  return { name: namespace.name, createdAt: namespace.createdAt };
}
