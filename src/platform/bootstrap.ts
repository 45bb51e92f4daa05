import { createApiKey, toStoredKey } from '../domain/api-key.js';
import type { Clock } from '../domain/clock.js';
import type { ConnectionInput } from '../domain/connection.js';
import { planConnectionWrite } from '../domain/connection-write.js';
import type { RandomSource } from '../domain/random.js';
import { currentDemoCatalogVersion, loadDemoCatalog } from '../store/demo-catalog.js';
import type { MockSettings } from '../store/memory-store.js';
import type { Stores } from '../store/stores.js';
import { demoGithubSettings } from './demo-world.js';

export const demoNamespace = 'demo';

/** Connections the demo namespace starts with; each is skipped if its server is not in the catalog. */
const demoConnections: { id: string; input: ConnectionInput; settings?: MockSettings }[] = [
  {
    id: 'github',
    settings: demoGithubSettings,
    input: {
      name: 'GitHub (mock)',
      server: '@github/github-mcp-server',
      metadata: { team: 'demo' },
      mock: {
        enabled: true,
        scenario:
          'The acme/widgets repository has 3 open issues: #12 "Crash on empty config" (bug), #15 "Add dark mode" (enhancement) and #17 "Docs typo in README". Alice maintains it; Bob opened #12.',
      },
    },
  },
  { id: 'time', input: { name: 'Time (mock)', server: '@modelcontextprotocol/time', metadata: { team: 'demo' }, mock: { enabled: true } } },
  { id: 'notion', input: { name: 'Notion (needs a token)', server: '@makenotion/notion-mcp-server', metadata: { team: 'demo' } } },
];

export interface BootstrapOptions {
  clock: Clock;
  random: RandomSource;
  /** Fix the local account's key (replaces its other keys). */
  apiKey?: string;
  /** Create the demo namespace and its connections on first start. */
  demo: boolean;
}

/**
 * Brings a database to a usable state: the demo catalog (entries that do not exist yet), the
 * local account and its key, and on first start the demo namespace. Safe to run on every start.
 *
 * @returns the local API key when it is known (fixed, or generated just now), else null
 */
export function bootstrap(stores: Stores, options: BootstrapOptions): { apiKey: string | null; accountId: string } {
  const now = options.clock.now().toISOString();
  const catalogVersion = currentDemoCatalogVersion();
  if (stores.meta.get('demo_catalog_version') !== catalogVersion) {
    // Only what is missing: an entry that exists (imported from the data set, authored) is never overwritten.
    stores.registry.insertMissing(loadDemoCatalog());
    stores.meta.set('demo_catalog_version', catalogVersion);
  }

  let apiKey: string | null = options.apiKey ?? null;
  let account = stores.accounts.findLocal();
  if (!account) {
    account = stores.accounts.create({
      id: `acct_${Buffer.from(options.random(8)).toString('hex')}`,
      name: 'local',
      isLocal: true,
      createdAt: now,
    });
    apiKey ??= createApiKey();
  }
  if (apiKey !== null) stores.accounts.replaceKeys(account.id, toStoredKey(apiKey), now);
  // A previous process may have stopped without closing: nothing is paired with this one yet.
  stores.connections.disconnectUplinks();

  if (options.demo && stores.meta.get('demo_seeded') === null) {
    seedDemoNamespace(stores, account.id, options.clock.now());
    stores.meta.set('demo_seeded', now);
  }
  return { apiKey, accountId: account.id };
}

function seedDemoNamespace(stores: Stores, accountId: string, now: Date): void {
  stores.transaction(() => {
    const { namespace } = stores.namespaces.ensure(accountId, demoNamespace, now.toISOString());
    for (const { id, input, settings } of demoConnections) {
      const target = stores.registry.findTarget(input.server!);
      if (!target || stores.connections.get(namespace.id, id)) continue;
      const plan = planConnectionWrite({ namespace: namespace.name, connectionId: id, existing: null, input, target, now });
      stores.connections.insert(namespace.id, plan.connection, plan.headers, now.toISOString());
      const seq = stores.connections.get(namespace.id, id)?.key;
      if (settings && seq !== undefined) stores.memory.setSettings(stores.memory.keyFor(seq), seq, settings);
    }
  });
}
