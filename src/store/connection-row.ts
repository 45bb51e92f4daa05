import type { Connection, ConnectionStatus, ModuleSource, ServerInfo } from '../domain/connection.js';

/** A `connections` row joined with its namespace's name, as `connectionColumns` selects it. */
export interface ConnectionRow {
  seq: number;
  namespace_id: number;
  namespace: string;
  connection_id: string;
  name: string;
  transport: 'http' | 'uplink';
  mcp_url: string | null;
  server: string | null;
  metadata: string | null;
  mock_enabled: number;
  mock_scenario: string | null;
  icon_url: string | null;
  created_at: string;
  status: string;
  server_info: string | null;
  source: string | null;
}

/** The select list of a `ConnectionRow`, over `connections c JOIN namespaces n`. */
export const connectionColumns = `c.seq, c.namespace_id, n.name AS namespace, c.connection_id, c.name, c.transport, c.mcp_url, c.server,
  c.metadata, c.mock_enabled, c.mock_scenario, c.icon_url, c.created_at, c.status, c.server_info, c.source`;

/**
 * The connection a row holds (its headers are read apart, only when needed).
 *
 * @example
 *   const row = db.prepare(`SELECT ${connectionColumns} FROM connections c JOIN namespaces n ON n.id = c.namespace_id WHERE c.seq = ?`).get(seq);
 *   toConnection(row).status; // { state: 'connected' }
 */
export function toConnection(row: ConnectionRow): Connection {
  return {
    key: row.seq,
    namespaceKey: row.namespace_id,
    namespace: row.namespace,
    connectionId: row.connection_id,
    name: row.name,
    transport: row.transport,
    mcpUrl: row.mcp_url,
    server: row.server,
    metadata: row.metadata === null ? null : (JSON.parse(row.metadata) as Record<string, unknown>),
    mock: row.mock_enabled ? { enabled: true, ...(row.mock_scenario === null ? {} : { scenario: row.mock_scenario }) } : null,
    iconUrl: row.icon_url,
    createdAt: row.created_at,
    status: JSON.parse(row.status) as ConnectionStatus,
    serverInfo: row.server_info === null ? null : (JSON.parse(row.server_info) as ServerInfo),
    source: row.source === null ? null : (JSON.parse(row.source) as ModuleSource),
  };
}

/**
 * The named parameters of a connection's columns for an INSERT or UPDATE (the headers are sealed
 * apart, by the store that holds the key).
 *
 * @example
 *   db.prepare('UPDATE connections SET name = @name WHERE namespace_id = @namespaceId AND connection_id = @connectionId')
 *     .run(toConnectionParameters(namespace.id, connection, now));
 */
export function toConnectionParameters(namespaceId: number, connection: Connection, updatedAt: string) {
  return {
    namespaceId,
    connectionId: connection.connectionId,
    name: connection.name,
    transport: connection.transport,
    mcpUrl: connection.mcpUrl,
    server: connection.server,
    metadata: toJsonColumn(connection.metadata),
    mockEnabled: connection.mock ? 1 : 0,
    mockScenario: connection.mock?.scenario ?? null,
    iconUrl: connection.iconUrl,
    createdAt: connection.createdAt,
    updatedAt,
    status: JSON.stringify(connection.status),
    serverInfo: toJsonColumn(connection.serverInfo),
    source: toJsonColumn(connection.source),
  };
}

/**
 * A nullable JSON column: null (or undefined) stays SQL NULL.
 *
 * @example
 *   toJsonColumn({ team: 'core' }); // '{"team":"core"}'
 *   toJsonColumn(undefined); // null
 */
export function toJsonColumn(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}
