import type { ServerTarget } from '../domain/connection.js';
import { qualifiedNameSpellings, toServerTarget, type RegistryEntry, type RegistrySummary } from '../domain/registry.js';
import type { Sqlite } from './database.js';
import { summaryColumns, toEntry, toServerParameters, toSummary, type DetailRow, type ServerRow } from './registry-row.js';
import type { CacheSet } from './read-cache.js';

/**
 * Registry servers and their tools. Every write bumps `registry_revision` in the meta table in
 * the same transaction, so caches (the search index, cached responses) see any change, also one
 * made by another process such as `mcpsim registry import`.
 */
export function createRegistryStore(db: Sqlite, caches: CacheSet) {
  const insert = `INSERT INTO registry_servers (id, qualified_name, namespace, slug, display_name, description, icon_url,
        verified, use_count, remote, is_deployed, created_at, homepage, by_platform, owner, repo_owner, repo_name, remote_url,
        deployment_url, server_info, config, resources, prompts, quality, security, owner_account)
      VALUES (@id, @qualifiedName, @namespace, @slug, @displayName, @description, @iconUrl, @verified, @useCount, @remote,
        @isDeployed, @createdAt, @homepage, @byPlatform, @owner, @repoOwner, @repoName, @remoteUrl, @deploymentUrl,
        @serverInfo, @config, @resources, @prompts, @quality, @security, @ownerAccount)`;
  const statements = {
    // Any existing entry with the same id or name (in any case) wins: seeding never overwrites.
    insertMissing: db.prepare(`${insert} ON CONFLICT DO NOTHING`),
    upsert: db.prepare(`${insert}
      ON CONFLICT (id) DO UPDATE SET qualified_name = excluded.qualified_name, namespace = excluded.namespace,
        slug = excluded.slug, display_name = excluded.display_name, description = excluded.description,
        icon_url = excluded.icon_url, verified = excluded.verified, use_count = excluded.use_count, remote = excluded.remote,
        is_deployed = excluded.is_deployed, created_at = excluded.created_at, homepage = excluded.homepage,
        by_platform = excluded.by_platform, owner = excluded.owner, repo_owner = excluded.repo_owner,
        repo_name = excluded.repo_name, remote_url = excluded.remote_url, deployment_url = excluded.deployment_url,
        server_info = excluded.server_info, config = excluded.config, resources = excluded.resources,
        prompts = excluded.prompts, quality = excluded.quality, security = excluded.security, owner_account = excluded.owner_account`),
    deleteTools: db.prepare('DELETE FROM registry_tools WHERE server_id = ?'),
    insertTool: db.prepare('INSERT INTO registry_tools (server_id, position, name, definition) VALUES (?, ?, ?, ?)'),
    target: db.prepare<[string, string], Pick<DetailRow, 'qualified_name' | 'deployment_url' | 'icon_url' | 'server_info' | 'config'>>(
      'SELECT qualified_name, deployment_url, icon_url, server_info, config FROM registry_servers WHERE qualified_name IN (?, ?)',
    ),
    detail: db.prepare<[string, string], DetailRow>(
      `SELECT ${summaryColumns}, server_info, config, resources, prompts, security FROM registry_servers WHERE qualified_name IN (?, ?)`,
    ),
    tools: db.prepare<[string], { definition: string }>('SELECT definition FROM registry_tools WHERE server_id = ? ORDER BY position'),
    summaries: db.prepare<[], ServerRow>(
      `SELECT ${summaryColumns} FROM registry_servers ORDER BY use_count DESC, qualified_name COLLATE NOCASE ASC, id ASC`,
    ),
    delete: db.prepare<[string, string]>('DELETE FROM registry_servers WHERE qualified_name IN (?, ?)'),
    owner: db.prepare<[string, string], { owner_account: string | null }>(
      'SELECT owner_account FROM registry_servers WHERE qualified_name IN (?, ?)',
    ),
    // The owner part of a name, with or without `@`: LIKE ignores ASCII case, as the name's NOCASE does.
    ownersUnder: db.prepare<[string, string], { owner_account: string | null }>(
      "SELECT DISTINCT owner_account FROM registry_servers WHERE qualified_name LIKE ? ESCAPE '\\' OR qualified_name LIKE ? ESCAPE '\\'",
    ),
    count: db.prepare<[], { count: number }>('SELECT count(*) AS count FROM registry_servers'),
    revision: db.prepare<[], { value: string }>("SELECT value FROM meta WHERE key = 'registry_revision'"),
    bumpRevision: db.prepare(
      "INSERT INTO meta (key, value) VALUES ('registry_revision', '1') ON CONFLICT (key) DO UPDATE SET value = CAST(value AS INTEGER) + 1",
    ),
  };

  const upsertMany = db.transaction((entries: readonly RegistryEntry[], ownerAccount: string | null) => {
    for (const { tools, ...entry } of entries) {
      statements.upsert.run({ ...toServerParameters(entry), ownerAccount });
      statements.deleteTools.run(entry.id);
      tools.forEach((tool, position) => statements.insertTool.run(entry.id, position, tool.name, JSON.stringify(tool)));
    }
    statements.bumpRevision.run();
  });

  const insertMissingMany = db.transaction((entries: readonly RegistryEntry[]) => {
    let inserted = 0;
    for (const { tools, ...entry } of entries) {
      // Seeded entries belong to the local account (owner null), like the demo catalog and imports.
      if (statements.insertMissing.run({ ...toServerParameters(entry), ownerAccount: null }).changes === 0) continue;
      tools.forEach((tool, position) => statements.insertTool.run(entry.id, position, tool.name, JSON.stringify(tool)));
      inserted++;
    }
    if (inserted > 0) statements.bumpRevision.run();
    return inserted;
  });

  // The revision and targets are read on hot paths (each mock tool call, each connection write): cached.
  const revisionCache = caches.create<'revision', string>(1);
  const targetCache = caches.create<string, ServerTarget>(10_000);
  /** Runs a write, then forgets every cached copy (the write bumped the revision, or failed). */
  function writing<T>(write: () => T): T {
    try {
      return write();
    } finally {
      revisionCache.clear();
      targetCache.clear();
    }
  }

  const replaceOne = db.transaction((entry: RegistryEntry, ownerAccount: string | null) => {
    statements.delete.run(...qualifiedNameSpellings(entry.qualifiedName));
    upsertMany([entry], ownerAccount);
  });

  const deleteOne = db.transaction((qualifiedName: string) => {
    const deleted = statements.delete.run(...qualifiedNameSpellings(qualifiedName)).changes > 0;
    if (deleted) statements.bumpRevision.run();
    return deleted;
  });

  return {
    /**
     * Inserts or replaces entries (matched by id) and their tools, all in one transaction, owned
     * by `ownerAccount` (only it may change them through the API); null, the default, is the
     * server's first (local) account: the demo catalog and imports.
     */
    upsert(entries: readonly RegistryEntry[], { ownerAccount = null }: { ownerAccount?: string | null } = {}): void {
      writing(() => upsertMany.immediate(entries, ownerAccount));
    },
    /**
     * Replaces whatever entry has the entry's name (any spelling, any owner) with it, owned by
     * `ownerAccount`, in one transaction: nothing of the old entry is kept.
     */
    replace(entry: RegistryEntry, { ownerAccount = null }: { ownerAccount?: string | null } = {}): void {
      writing(() => replaceOne.immediate(entry, ownerAccount));
    },
    /**
     * The accounts that own entries under the owner part `owner` of qualified names (`team` for
     * `@team/tracker`, any case); null stands for the local account.
     */
    ownersUnder(owner: string): (string | null)[] {
      const pattern = `${owner.replace(/[\\%_]/g, (character) => `\\${character}`)}/%`;
      return statements.ownersUnder.all(pattern, `@${pattern}`).map((row) => row.owner_account);
    },
    /** The account that owns the entry (null: the local account), or undefined when there is no such entry. */
    ownerOf(qualifiedName: string): string | null | undefined {
      const row = statements.owner.get(...qualifiedNameSpellings(qualifiedName));
      return row === undefined ? undefined : row.owner_account;
    },
    /**
     * Inserts the entries that do not exist yet (by id or name), with their tools, in one
     * transaction; an existing entry, imported or authored, is left as it is. Returns how many
     * were inserted.
     */
    insertMissing(entries: readonly RegistryEntry[]): number {
      return writing(() => insertMissingMany.immediate(entries));
    },
    /** Deletes the entry named `qualifiedName` (with or without `@`, any case) and its tools. */
    delete(qualifiedName: string): boolean {
      return writing(() => deleteOne.immediate(qualifiedName));
    },
    /** What a connection needs of the server named `qualifiedName` (with or without `@`). */
    findTarget(qualifiedName: string): ServerTarget | null {
      return targetCache.read(qualifiedName, () => {
        const row = statements.target.get(...qualifiedNameSpellings(qualifiedName));
        if (!row) return null;
        return toServerTarget({
          qualifiedName: row.qualified_name,
          deploymentUrl: row.deployment_url,
          iconUrl: row.icon_url,
          serverInfo: JSON.parse(row.server_info),
          config: JSON.parse(row.config),
        });
      });
    },
    /** The whole entry, tools included. */
    get(qualifiedName: string): RegistryEntry | null {
      const row = statements.detail.get(...qualifiedNameSpellings(qualifiedName));
      return row ? toEntry(row, statements.tools.all(row.id)) : null;
    },
    /** Every entry's listing fields, in the default order: most used first, then by name. */
    listSummaries(): RegistrySummary[] {
      return statements.summaries.all().map(toSummary);
    },
    /** Changes whenever any process writes the registry. */
    revision(): string {
      return revisionCache.read('revision', () => statements.revision.get()?.value ?? '0')!;
    },
    count(): number {
      return statements.count.get()?.count ?? 0;
    },
  };
}

export type RegistryStore = ReturnType<typeof createRegistryStore>;
