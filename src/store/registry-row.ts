import type { RegistryEntry, RegistrySummary, ToolDefinition } from '../domain/registry.js';

/** A `registry_servers` row as `summaryColumns` selects it. */
export interface ServerRow {
  id: string;
  qualified_name: string;
  namespace: string;
  slug: string;
  display_name: string;
  description: string;
  icon_url: string;
  verified: number;
  use_count: number;
  remote: number;
  is_deployed: number;
  created_at: string;
  homepage: string;
  by_platform: number;
  owner: string;
  repo_owner: string | null;
  repo_name: string | null;
  remote_url: string | null;
  deployment_url: string;
  quality: number;
}

/** A whole `registry_servers` row. */
export interface DetailRow extends ServerRow {
  server_info: string;
  config: string;
  resources: string;
  prompts: string;
  security: string | null;
}

/** The columns of a `ServerRow`: what the listing and search read of every server. */
export const summaryColumns = `id, qualified_name, namespace, slug, display_name, description, icon_url, verified, use_count, remote,
  is_deployed, created_at, homepage, by_platform, owner, repo_owner, repo_name, remote_url, deployment_url, quality`;

/**
 * The listing fields of a server row.
 *
 * @example
 *   db.prepare(`SELECT ${summaryColumns} FROM registry_servers`).all().map(toSummary);
 */
export function toSummary(row: ServerRow): RegistrySummary {
  return {
    id: row.id,
    qualifiedName: row.qualified_name,
    namespace: row.namespace,
    slug: row.slug,
    displayName: row.display_name,
    description: row.description,
    iconUrl: row.icon_url,
    verified: row.verified === 1,
    useCount: row.use_count,
    remote: row.remote === 1,
    isDeployed: row.is_deployed === 1,
    createdAt: row.created_at,
    homepage: row.homepage,
    byPlatform: row.by_platform === 1,
    owner: row.owner,
    repoOwner: row.repo_owner,
    repoName: row.repo_name,
    remoteUrl: row.remote_url,
    deploymentUrl: row.deployment_url,
    quality: row.quality,
  };
}

/**
 * The whole entry of a row and its tools' rows (in position order).
 *
 * @example
 *   const entry = toEntry(detailRow, db.prepare('SELECT definition FROM registry_tools WHERE server_id = ? ORDER BY position').all(detailRow.id));
 */
export function toEntry(row: DetailRow, tools: readonly { definition: string }[]): RegistryEntry {
  return {
    ...toSummary(row),
    serverInfo: JSON.parse(row.server_info),
    config: JSON.parse(row.config),
    resources: JSON.parse(row.resources),
    prompts: JSON.parse(row.prompts),
    security: row.security === null ? null : JSON.parse(row.security),
    tools: tools.map((tool) => JSON.parse(tool.definition) as ToolDefinition),
  };
}

/**
 * The named parameters of a server's upsert (its tools are rows of their own).
 *
 * @example
 *   const { tools, ...server } = entry;
 *   upsertStatement.run(toServerParameters(server)); // verified: 1, serverInfo: '{...}', ...
 */
export function toServerParameters(entry: Omit<RegistryEntry, 'tools'>) {
  return {
    ...entry,
    verified: entry.verified ? 1 : 0,
    remote: entry.remote ? 1 : 0,
    isDeployed: entry.isDeployed ? 1 : 0,
    byPlatform: entry.byPlatform ? 1 : 0,
    serverInfo: JSON.stringify(entry.serverInfo),
    config: JSON.stringify(entry.config),
    resources: JSON.stringify(entry.resources),
    prompts: JSON.stringify(entry.prompts),
    security: entry.security === null ? null : JSON.stringify(entry.security),
  };
}
