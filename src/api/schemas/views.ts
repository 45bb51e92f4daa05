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

export function toNamespaceView(namespace: Namespace) {
  return { name: namespace.name, createdAt: namespace.createdAt };
}
