import type { Statement } from 'better-sqlite3';
import type { Connection } from '../domain/connection.js';
import { connectionColumns, toConnection, type ConnectionRow } from './connection-row.js';
import type { Sqlite } from './database.js';

export interface ConnectionListQuery {
  limit: number;
  /** Return only connections created after this position (the cursor). */
  afterSeq: number;
  name?: string;
  mcpUrl?: string;
  /** Metadata pairs that must all match; values compare as `toMetadataText` does. */
  metadata: [key: string, value: string][];
}

export interface ConnectionPage {
  connections: Connection[];
  /** The cursor position after this page, or null when no more rows follow. */
  nextSeq: number | null;
}

/** The JSON text of a metadata value inside SQL; keep in step with `toMetadataText`. */
const metadataMatch = `EXISTS (SELECT 1 FROM json_each(c.metadata) AS m WHERE m.key = ? AND
  (CASE WHEN m.type IN ('true', 'false', 'null') THEN m.type ELSE CAST(m.value AS TEXT) END) = ?)`;

/**
 * The paged, filtered listing of a namespace's connections. Each combination of filters is its own
 * SQL text, prepared once and kept (there are only as many as combinations of name, mcpUrl and
 * the number of metadata pairs).
 *
 * @example
 *   const list = createConnectionList(db);
 *   const page = list(namespace.id, { limit: 100, afterSeq: 0, metadata: [['team', 'core']] });
 *   const next = page.nextSeq === null ? null : list(namespace.id, { limit: 100, afterSeq: page.nextSeq, metadata: [['team', 'core']] });
 */
export function createConnectionList(db: Sqlite) {
  const listStatements = new Map<string, Statement<unknown[], ConnectionRow>>();
  /**
   * One page in creation order; `nextSeq` is set when more rows follow. With `keep`, rows it
   * refuses are skipped and the page is still filled up to `limit` with rows it keeps.
   */
  return function list(namespaceId: number, query: ConnectionListQuery, keep?: (connection: Connection) => boolean): ConnectionPage {
    const conditions = ['c.namespace_id = ?', 'c.seq > ?'];
    const parameters: unknown[] = [namespaceId, query.afterSeq];
    const where = (condition: string, ...values: unknown[]) => {
      conditions.push(condition);
      parameters.push(...values);
    };
    if (query.name !== undefined) where('c.name = ?', query.name);
    if (query.mcpUrl !== undefined) where('c.mcp_url = ?', query.mcpUrl);
    for (const [key, value] of query.metadata) where(metadataMatch, key, value);
    const sql = `SELECT ${connectionColumns} FROM connections c JOIN namespaces n ON n.id = c.namespace_id
        WHERE ${conditions.join(' AND ')} ORDER BY c.seq LIMIT ?`;
    let statement = listStatements.get(sql);
    if (!statement) listStatements.set(sql, (statement = db.prepare<unknown[], ConnectionRow>(sql)));
    if (keep) return listKept(statement, parameters, query.limit, keep);
    const rows = statement.all(...parameters, query.limit + 1);
    const page = rows.slice(0, query.limit);
    return { connections: page.map(toConnection), nextSeq: rows.length > query.limit ? page.at(-1)!.seq : null };
  };
}

function listKept(
  statement: Statement<unknown[], ConnectionRow>,
  parameters: unknown[],
  limit: number,
  keep: (connection: Connection) => boolean,
): ConnectionPage {
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
