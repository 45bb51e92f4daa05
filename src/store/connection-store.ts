import type { Connection, ConnectionStatus, ModuleSource, ServerInfo } from '../domain/connection.js';
import type { Statement } from 'better-sqlite3';
import type { Sqlite } from './database.js';
import type { CacheSet } from './read-cache.js';
import type { SecretBox } from './secret-box.js';

interface ConnectionRow {
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

export interface ConnectionListQuery {
  limit: number;
  /** Return only connections created after this position (the cursor). */
  afterSeq: number;
  name?: string;
  mcpUrl?: string;
  /** Metadata pairs that must all match; values compare as `toMetadataText` does. */
  metadata: [key: string, value: string][];
}

const columns = `c.seq, c.namespace_id, n.name AS namespace, c.connection_id, c.name, c.transport, c.mcp_url, c.server,
  c.metadata, c.mock_enabled, c.mock_scenario, c.icon_url, c.created_at, c.status, c.server_info, c.source`;

/** The JSON text of a metadata value inside SQL; keep in step with `toMetadataText`. */
const metadataMatch = `EXISTS (SELECT 1 FROM json_each(c.metadata) AS m WHERE m.key = ? AND
  (CASE WHEN m.type IN ('true', 'false', 'null') THEN m.type ELSE CAST(m.value AS TEXT) END) = ?)`;

function toConnection(row: ConnectionRow): Connection {
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

const toJson = (value: unknown): string | null => (value === null || value === undefined ? null : JSON.stringify(value));

export interface ConnectionStoreOptions {
  /** Where the cache of single connections comes from (read-cache.ts). */
  caches: CacheSet;
  /** The id of an account's namespace (cached by the namespace store), or null. */
  namespaceIdOf(accountId: string, name: string): number | null;
}

/** How many connections stay cached (oldest dropped first). */
const maxCachedConnections = 10_000;

/**
 * Connections inside namespaces, with their headers sealed by the secret box. Single connections
 * are read through a cache (see read-cache.ts): the objects returned by `get` and
 * `getInNamespace` are frozen and shared, so copy before changing one.
 */
export function createConnectionStore(db: Sqlite, secrets: SecretBox, { caches, namespaceIdOf }: ConnectionStoreOptions) {
  const headerContext = (namespaceId: number, connectionId: string) => `connection-headers:${namespaceId}:${connectionId}`;
  const statements = {
    get: db.prepare<[number, string], ConnectionRow>(
      `SELECT ${columns} FROM connections c JOIN namespaces n ON n.id = c.namespace_id WHERE c.namespace_id = ? AND c.connection_id = ?`,
    ),
    headers: db.prepare<[number, string], { headers_ciphertext: Buffer | null }>(
      'SELECT headers_ciphertext FROM connections WHERE namespace_id = ? AND connection_id = ?',
    ),
    insert: db.prepare(`INSERT INTO connections (namespace_id, connection_id, name, transport, mcp_url, server, metadata, mock_enabled,
        mock_scenario, icon_url, created_at, updated_at, status, server_info, source, headers_ciphertext)
      VALUES (@namespaceId, @connectionId, @name, @transport, @mcpUrl, @server, @metadata, @mockEnabled,
        @mockScenario, @iconUrl, @createdAt, @updatedAt, @status, @serverInfo, @source, @headers)
      ON CONFLICT (namespace_id, connection_id) DO NOTHING`),
    update: db.prepare(`UPDATE connections SET name = @name, transport = @transport, mcp_url = @mcpUrl, server = @server,
        metadata = @metadata, updated_at = @updatedAt, status = @status, server_info = @serverInfo, source = @source,
        headers_ciphertext = CASE WHEN @keepHeaders THEN headers_ciphertext ELSE @headers END
      WHERE namespace_id = @namespaceId AND connection_id = @connectionId`),
    delete: db.prepare('DELETE FROM connections WHERE namespace_id = ? AND connection_id = ?'),
    setStatus: db.prepare(`UPDATE connections SET status = @status, server_info = COALESCE(@serverInfo, server_info)
      WHERE namespace_id = @namespaceId AND connection_id = @connectionId AND created_at = @createdAt AND mcp_url IS @mcpUrl`),
    setTarget: db.prepare(`UPDATE connections SET status = @status, mcp_url = @mcpUrl, updated_at = @updatedAt,
        headers_ciphertext = CASE WHEN @keepHeaders THEN headers_ciphertext ELSE @headers END
      WHERE namespace_id = @namespaceId AND connection_id = @connectionId AND created_at = @createdAt`),
  };
  const listStatements = new Map<string, Statement<unknown[], ConnectionRow>>();
  const cache = caches.create<string, Connection>(maxCachedConnections);
  const cacheKey = (namespaceId: number, connectionId: string) => `${namespaceId}\n${connectionId}`;
  const forget = (namespaceId: number, connectionId: string) => cache.forget(cacheKey(namespaceId, connectionId));

  function get(namespaceId: number, connectionId: string): Connection | null {
    return cache.read(cacheKey(namespaceId, connectionId), () => {
      const row = statements.get.get(namespaceId, connectionId);
      return row ? toConnection(row) : null;
    });
  }

  function rowParameters(namespaceId: number, connection: Connection, headers: Record<string, string> | null | undefined, updatedAt: string) {
    return {
      namespaceId,
      connectionId: connection.connectionId,
      name: connection.name,
      transport: connection.transport,
      mcpUrl: connection.mcpUrl,
      server: connection.server,
      metadata: toJson(connection.metadata),
      mockEnabled: connection.mock ? 1 : 0,
      mockScenario: connection.mock?.scenario ?? null,
      iconUrl: connection.iconUrl,
      createdAt: connection.createdAt,
      updatedAt,
      status: JSON.stringify(connection.status),
      serverInfo: toJson(connection.serverInfo),
      source: toJson(connection.source),
      keepHeaders: headers === undefined ? 1 : 0,
      headers: headers == null ? null : secrets.seal(JSON.stringify(headers), headerContext(namespaceId, connection.connectionId)),
    };
  }

  return {
    get,
    /** One connection found by its account and namespace name (the hot path of GET and tool calls: no SQL once cached). */
    getInNamespace(accountId: string, namespace: string, connectionId: string): Connection | null {
      const namespaceId = namespaceIdOf(accountId, namespace);
      return namespaceId === null ? null : get(namespaceId, connectionId);
    },
    /** Forgets every cached connection (a namespace was deleted, and its connections with it). */
    forgetAll(): void {
      cache.clear();
    },
    /** The decrypted headers of a connection, or null when it has none. */
    getHeaders(namespaceId: number, connectionId: string): Record<string, string> | null {
      const sealed = statements.headers.get(namespaceId, connectionId)?.headers_ciphertext;
      if (!sealed) return null;
      return JSON.parse(secrets.open(sealed, headerContext(namespaceId, connectionId))) as Record<string, string>;
    },
    /** Inserts a new connection; false when the id was taken meanwhile. */
    insert(namespaceId: number, connection: Connection, headers: Record<string, string> | null | undefined, now: string): boolean {
      const { keepHeaders: _unused, ...parameters } = rowParameters(namespaceId, connection, headers, now);
      forget(namespaceId, connection.connectionId);
      return statements.insert.run(parameters).changes === 1;
    },
    /** Rewrites a connection; `headers` undefined keeps the stored ones. */
    update(namespaceId: number, connection: Connection, headers: Record<string, string> | null | undefined, now: string): void {
      forget(namespaceId, connection.connectionId);
      statements.update.run(rowParameters(namespaceId, connection, headers, now));
    },
    /**
     * Records what an upstream said (a probe, a relayed call, a listing), unless the connection
     * was deleted, re-created or re-targeted meanwhile (then its `createdAt` or `mcpUrl` differ).
     * `serverInfo` undefined keeps the stored one.
     */
    setStatus(namespaceId: number, connection: Pick<Connection, 'connectionId' | 'createdAt' | 'mcpUrl' | 'status'>, serverInfo?: ServerInfo): boolean {
      const { connectionId, createdAt, mcpUrl, status } = connection;
      forget(namespaceId, connectionId);
      return statements.setStatus.run({ namespaceId, connectionId, createdAt, mcpUrl, status: JSON.stringify(status), serverInfo: toJson(serverInfo) }).changes === 1;
    },
    /** Stores what the setup page collected: a new URL (query values), new headers, and the status they give. */
    setTarget(namespaceId: number, connection: Pick<Connection, 'connectionId' | 'createdAt' | 'mcpUrl' | 'status'>, headers: Record<string, string> | null | undefined, now: string): boolean {
      const { connectionId, createdAt, mcpUrl, status } = connection;
      forget(namespaceId, connectionId);
      return (
        statements.setTarget.run({
          namespaceId,
          connectionId,
          createdAt,
          mcpUrl,
          status: JSON.stringify(status),
          updatedAt: now,
          keepHeaders: headers === undefined ? 1 : 0,
          headers: headers == null ? null : secrets.seal(JSON.stringify(headers), headerContext(namespaceId, connectionId)),
        }).changes === 1
      );
    },
    delete(namespaceId: number, connectionId: string): boolean {
      forget(namespaceId, connectionId);
      return statements.delete.run(namespaceId, connectionId).changes > 0;
    },
    /**
     * One page in creation order; `nextSeq` is set when more rows follow. With `keep`, rows it
     * refuses are skipped and the page is still filled up to `limit` with rows it keeps.
     */
    list(namespaceId: number, query: ConnectionListQuery, keep?: (connection: Connection) => boolean): { connections: Connection[]; nextSeq: number | null } {
      const conditions = ['c.namespace_id = ?', 'c.seq > ?'];
      const parameters: unknown[] = [namespaceId, query.afterSeq];
      if (query.name !== undefined) conditions.push('c.name = ?'), parameters.push(query.name);
      if (query.mcpUrl !== undefined) conditions.push('c.mcp_url = ?'), parameters.push(query.mcpUrl);
      for (const [key, value] of query.metadata) conditions.push(metadataMatch), parameters.push(key, value);
      const sql = `SELECT ${columns} FROM connections c JOIN namespaces n ON n.id = c.namespace_id
        WHERE ${conditions.join(' AND ')} ORDER BY c.seq LIMIT ?`;
      let statement = listStatements.get(sql);
      if (!statement) listStatements.set(sql, (statement = db.prepare<unknown[], ConnectionRow>(sql)));
      if (keep) return listKept(statement, parameters, query.limit, keep);
      const rows = statement.all(...parameters, query.limit + 1);
      const page = rows.slice(0, query.limit);
      return { connections: page.map(toConnection), nextSeq: rows.length > query.limit ? page.at(-1)!.seq : null };
    },
  };
}

function listKept(statement: Statement<unknown[], ConnectionRow>, parameters: unknown[], limit: number, keep: (connection: Connection) => boolean) {
  const connections: Connection[] = [];
  let lastSeq = 0;
  // LIMIT -1 is no limit in SQLite; the loop stops at the first kept row past the page.
  for (const row of statement.iterate(...parameters, -1)) {
    const connection = toConnection(row);
    if (!keep(connection)) continue;
    if (connections.length === limit) return { connections, nextSeq: lastSeq };
    connections.push(connection);
    lastSeq = row.seq;
  }
  return { connections, nextSeq: null };
}

export type ConnectionStore = ReturnType<typeof createConnectionStore>;
