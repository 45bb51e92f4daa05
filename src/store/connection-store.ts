import type { Connection, ServerInfo } from '../domain/connection.js';
import { createConnectionList } from './connection-list.js';
import { connectionColumns, toConnection, toConnectionParameters, toJsonColumn, type ConnectionRow } from './connection-row.js';
import type { Sqlite } from './database.js';
import type { CacheSet } from './read-cache.js';
import type { SecretBox } from './secret-box.js';

export interface ConnectionStoreOptions {
  /** Where the cache of single connections comes from (read-cache.ts). */
  caches: CacheSet;
  /** The id of an account's namespace (cached by the namespace store), or null. */
  namespaceIdOf(accountId: string, name: string): number | null;
}

type UpdateParameters = ReturnType<typeof toConnectionParameters> & { keepHeaders: number; headers: Buffer | null };

/** How many connections stay cached (oldest dropped first). */
const maxCachedConnections = 10_000;

/**
 * Connections inside namespaces, with their headers sealed by the secret box. Single connections
 * are read through a cache (see read-cache.ts): the objects returned by `get` and
 * `getInNamespace` are frozen and shared, so copy before changing one.
 */
export function createConnectionStore(db: Sqlite, secrets: SecretBox, { caches, namespaceIdOf }: ConnectionStoreOptions) {
  const headerContext = (namespaceId: number, connectionId: string) => `connection-headers:${namespaceId}:${connectionId}`;
  const queryContext = (namespaceId: number, connectionId: string) => `connection-query:${namespaceId}:${connectionId}`;
  const statements = {
    get: db.prepare<[number, string], ConnectionRow>(
      `SELECT ${connectionColumns} FROM connections c JOIN namespaces n ON n.id = c.namespace_id WHERE c.namespace_id = ? AND c.connection_id = ?`,
    ),
    headers: db.prepare<[number, string], { headers_ciphertext: Buffer | null }>(
      'SELECT headers_ciphertext FROM connections WHERE namespace_id = ? AND connection_id = ?',
    ),
    secretQuery: db.prepare<[number, string], { query_ciphertext: Buffer | null }>(
      'SELECT query_ciphertext FROM connections WHERE namespace_id = ? AND connection_id = ?',
    ),
    insert: db.prepare(`INSERT INTO connections (namespace_id, connection_id, name, transport, mcp_url, server, metadata, mock_enabled,
        mock_scenario, icon_url, created_at, updated_at, status, server_info, source, headers_ciphertext)
      VALUES (@namespaceId, @connectionId, @name, @transport, @mcpUrl, @server, @metadata, @mockEnabled,
        @mockScenario, @iconUrl, @createdAt, @updatedAt, @status, @serverInfo, @source, @headers)
      ON CONFLICT (namespace_id, connection_id) DO NOTHING`),
    update: db.prepare<UpdateParameters>(`UPDATE connections SET name = @name, transport = @transport, mcp_url = @mcpUrl, server = @server,
        metadata = @metadata, updated_at = @updatedAt, status = @status, server_info = @serverInfo, source = @source,
        headers_ciphertext = CASE WHEN @keepHeaders THEN headers_ciphertext ELSE @headers END
      WHERE namespace_id = @namespaceId AND connection_id = @connectionId`),
    delete: db.prepare('DELETE FROM connections WHERE namespace_id = ? AND connection_id = ?'),
    setStatus: db.prepare(`UPDATE connections SET status = @status, server_info = COALESCE(@serverInfo, server_info)
      WHERE namespace_id = @namespaceId AND connection_id = @connectionId AND created_at = @createdAt AND mcp_url IS @mcpUrl`),
    disconnectUplinks: db.prepare(`UPDATE connections SET status = '{"state":"disconnected"}'
      WHERE transport = 'uplink' AND source IS NULL AND json_extract(status, '$.state') = 'connected'`),
    setTarget: db.prepare(`UPDATE connections SET status = @status, mcp_url = @mcpUrl, updated_at = @updatedAt,
        headers_ciphertext = CASE WHEN @keepHeaders THEN headers_ciphertext ELSE @headers END,
        query_ciphertext = CASE WHEN @keepQuery THEN query_ciphertext ELSE @query END
      WHERE namespace_id = @namespaceId AND connection_id = @connectionId AND created_at = @createdAt`),
  };
  const cache = caches.create<string, Connection>(maxCachedConnections);
  const cacheKey = (namespaceId: number, connectionId: string) => `${namespaceId}\n${connectionId}`;
  const forget = (namespaceId: number, connectionId: string) => cache.forget(cacheKey(namespaceId, connectionId));

  function get(namespaceId: number, connectionId: string): Connection | null {
    return cache.read(cacheKey(namespaceId, connectionId), () => {
      const row = statements.get.get(namespaceId, connectionId);
      return row ? toConnection(row) : null;
    });
  }

  const sealQuery = (namespaceId: number, connectionId: string, query: Record<string, string>) =>
    secrets.seal(JSON.stringify(query), queryContext(namespaceId, connectionId));

  /** The header columns of a write: `headers` undefined keeps the stored ones, null removes them. */
  function toHeaderColumns(namespaceId: number, connectionId: string, headers: Record<string, string> | null | undefined) {
    return {
      keepHeaders: headers === undefined ? 1 : 0,
      headers: headers == null ? null : secrets.seal(JSON.stringify(headers), headerContext(namespaceId, connectionId)),
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
    /**
     * Query values typed on the setup page (the stored URL shows them as `***`; see
     * domain/secrets.ts `revealQueryValues`), or null.
     */
    getSecretQuery(namespaceId: number, connectionId: string): Record<string, string> | null {
      const sealed = statements.secretQuery.get(namespaceId, connectionId)?.query_ciphertext;
      if (!sealed) return null;
      return JSON.parse(secrets.open(sealed, queryContext(namespaceId, connectionId))) as Record<string, string>;
    },
    /** Inserts a new connection: its store key (`seq`), or null when the id was taken meanwhile. */
    insert(namespaceId: number, connection: Connection, headers: Record<string, string> | null | undefined, now: string): number | null {
      const parameters = {
        ...toConnectionParameters(namespaceId, connection, now),
        headers: toHeaderColumns(namespaceId, connection.connectionId, headers).headers,
      };
      forget(namespaceId, connection.connectionId);
      const result = statements.insert.run(parameters);
      return result.changes === 1 ? Number(result.lastInsertRowid) : null;
    },
    /**
     * Rewrites a connection; `headers` undefined keeps the stored ones. Inside a write transaction
     * the cache gets the row as written (a rollback forgets it, read-cache.ts), so that the next
     * request's read makes no statement (outside a transaction one costs as much as the rest of a
     * GET): made by `toConnection` from the texts just bound and the columns the update keeps, so
     * it is what a read would give, without the read. (`UPDATE ... RETURNING` was measured slower.)
     */
    update(namespaceId: number, connection: Connection, headers: Record<string, string> | null | undefined, now: string): void {
      const { connectionId } = connection;
      const previous = db.inTransaction ? get(namespaceId, connectionId) : null;
      forget(namespaceId, connectionId);
      // Object.assign, not two spreads into a new literal: that copy was a tenth of a changing PUT's transaction.
      const parameters = Object.assign(
        toConnectionParameters(namespaceId, connection, now),
        toHeaderColumns(namespaceId, connectionId, headers),
      );
      if (statements.update.run(parameters).changes === 1 && previous)
        cache.read(cacheKey(namespaceId, connectionId), () => toConnection(toUpdatedRow(previous, parameters)));
    },
    /**
     * Records what an upstream said (a probe, a relayed call, a listing), unless the connection
     * was deleted, re-created or re-targeted meanwhile (then its `createdAt` or `mcpUrl` differ).
     * `serverInfo` undefined keeps the stored one.
     */
    setStatus(
      namespaceId: number,
      connection: Pick<Connection, 'connectionId' | 'createdAt' | 'mcpUrl' | 'status'>,
      serverInfo?: ServerInfo,
    ): boolean {
      const { connectionId, createdAt, mcpUrl, status } = connection;
      forget(namespaceId, connectionId);
      return (
        statements.setStatus.run({
          namespaceId,
          connectionId,
          createdAt,
          mcpUrl,
          status: JSON.stringify(status),
          serverInfo: toJsonColumn(serverInfo),
        }).changes === 1
      );
    },
    /**
     * Stores what the setup page collected: a new URL (its typed query values masked), new headers
     * and query values (sealed; undefined keeps the stored ones), and the status they give.
     */
    setTarget(
      namespaceId: number,
      connection: Pick<Connection, 'connectionId' | 'createdAt' | 'mcpUrl' | 'status'>,
      secrets: { headers?: Record<string, string> | null; query?: Record<string, string> | null },
      now: string,
    ): boolean {
      const { connectionId, createdAt, mcpUrl, status } = connection;
      forget(namespaceId, connectionId);
      const query = secrets.query;
      const parameters = {
        namespaceId,
        connectionId,
        createdAt,
        mcpUrl,
        status: JSON.stringify(status),
        updatedAt: now,
        ...toHeaderColumns(namespaceId, connectionId, secrets.headers),
        keepQuery: query === undefined ? 1 : 0,
        query: query == null ? null : sealQuery(namespaceId, connectionId, query),
      };
      return statements.setTarget.run(parameters).changes === 1;
    },
    /**
     * Marks every uplink connection disconnected (on start: no local server is paired with a
     * process that just started, whatever the last one left). Returns how many changed.
     */
    disconnectUplinks(): number {
      const changed = statements.disconnectUplinks.run().changes;
      if (changed > 0) cache.clear();
      return changed;
    },
    delete(namespaceId: number, connectionId: string): boolean {
      forget(namespaceId, connectionId);
      return statements.delete.run(namespaceId, connectionId).changes > 0;
    },
    /** One page in creation order, filtered (see connection-list.ts). */
    list: createConnectionList(db),
  };
}

/** The row of `previous` once the update statement above has bound `parameters` (it keeps the other columns). */
function toUpdatedRow(previous: Connection, parameters: UpdateParameters): ConnectionRow {
  return {
    seq: previous.key!,
    namespace_id: previous.namespaceKey!,
    namespace: previous.namespace,
    connection_id: previous.connectionId,
    name: parameters.name,
    transport: parameters.transport,
    mcp_url: parameters.mcpUrl,
    server: parameters.server,
    metadata: parameters.metadata,
    mock_enabled: previous.mock ? 1 : 0,
    mock_scenario: previous.mock?.scenario ?? null,
    icon_url: previous.iconUrl,
    created_at: previous.createdAt,
    status: parameters.status,
    server_info: parameters.serverInfo,
    source: parameters.source,
  };
}

export type { ConnectionListQuery } from './connection-list.js';
export type ConnectionStore = ReturnType<typeof createConnectionStore>;
