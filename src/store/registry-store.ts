import type { ServerTarget } from '../domain/connection.js';
import { qualifiedNameSpellings, toServerTarget, type RegistryEntry } from '../domain/registry.js';
import type { Sqlite } from './database.js';

interface TargetRow {
  qualified_name: string;
  deployment_url: string;
  icon_url: string;
  server_info: string;
  config: string;
}

/** Registry servers and their tools. */
export function createRegistryStore(db: Sqlite) {
  const statements = {
    upsert: db.prepare(`INSERT INTO registry_servers (id, qualified_name, namespace, slug, display_name, description, icon_url,
        verified, use_count, remote, is_deployed, created_at, homepage, by_platform, owner, repo_owner, repo_name, remote_url,
        deployment_url, server_info, config, resources, prompts, quality, security)
      VALUES (@id, @qualifiedName, @namespace, @slug, @displayName, @description, @iconUrl, @verified, @useCount, @remote,
        @isDeployed, @createdAt, @homepage, @byPlatform, @owner, @repoOwner, @repoName, @remoteUrl, @deploymentUrl,
        @serverInfo, @config, @resources, @prompts, @quality, @security)
      ON CONFLICT (id) DO UPDATE SET qualified_name = excluded.qualified_name, namespace = excluded.namespace,
        slug = excluded.slug, display_name = excluded.display_name, description = excluded.description,
        icon_url = excluded.icon_url, verified = excluded.verified, use_count = excluded.use_count, remote = excluded.remote,
        is_deployed = excluded.is_deployed, created_at = excluded.created_at, homepage = excluded.homepage,
        by_platform = excluded.by_platform, owner = excluded.owner, repo_owner = excluded.repo_owner,
        repo_name = excluded.repo_name, remote_url = excluded.remote_url, deployment_url = excluded.deployment_url,
        server_info = excluded.server_info, config = excluded.config, resources = excluded.resources,
        prompts = excluded.prompts, quality = excluded.quality, security = excluded.security`),
    deleteTools: db.prepare('DELETE FROM registry_tools WHERE server_id = ?'),
    insertTool: db.prepare('INSERT INTO registry_tools (server_id, position, name, definition) VALUES (?, ?, ?, ?)'),
    target: db.prepare<[string, string], TargetRow>(
      'SELECT qualified_name, deployment_url, icon_url, server_info, config FROM registry_servers WHERE qualified_name IN (?, ?)',
    ),
    count: db.prepare<[], { count: number }>('SELECT count(*) AS count FROM registry_servers'),
  };

  const upsertMany = db.transaction((entries: readonly RegistryEntry[]) => {
    for (const { tools, ...entry } of entries) {
      statements.upsert.run({
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
      });
      statements.deleteTools.run(entry.id);
      tools.forEach((tool, position) => statements.insertTool.run(entry.id, position, tool.name, JSON.stringify(tool)));
    }
  });

  return {
    /** Inserts or replaces entries (matched by id) and their tools, all in one transaction. */
    upsert(entries: readonly RegistryEntry[]): void {
      upsertMany.immediate(entries);
    },
    /** What a connection needs of the server named `qualifiedName` (with or without `@`). */
    findTarget(qualifiedName: string): ServerTarget | null {
      const row = statements.target.get(...qualifiedNameSpellings(qualifiedName));
      if (!row) return null;
      return toServerTarget({
        qualifiedName: row.qualified_name,
        deploymentUrl: row.deployment_url,
        iconUrl: row.icon_url,
        serverInfo: JSON.parse(row.server_info),
        config: JSON.parse(row.config),
      });
    },
    count(): number {
      return statements.count.get()?.count ?? 0;
    },
  };
}

export type RegistryStore = ReturnType<typeof createRegistryStore>;
