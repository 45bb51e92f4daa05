import type { Platform } from '../../src/platform/platform.js';
import type { RegistryEntry } from '../../src/domain/registry.js';

/** A registry entry of our own, so tests do not depend on the demo catalog's content. */
export const testServer: RegistryEntry = {
  id: '00000000-0000-5000-8000-000000000001',
  qualifiedName: '@test/tracker',
  namespace: 'test',
  slug: 'tracker',
  displayName: 'Test Tracker',
  description: 'An issue tracker that exists only in tests.',
  iconUrl: 'https://tracker.test/icon.png',
  verified: false,
  useCount: 1,
  remote: true,
  isDeployed: true,
  createdAt: '2025-06-01T00:00:00.000Z',
  homepage: 'https://tracker.test',
  byPlatform: false,
  owner: 'owner-1',
  repoOwner: null,
  repoName: null,
  remoteUrl: 'https://tracker.test/mcp',
  deploymentUrl: 'https://tracker.test/mcp',
  serverInfo: { name: 'tracker', version: '2.1.0' },
  config: {
    headers: { Authorization: { label: 'API token', required: true }, 'X-Trace': { label: 'Trace id', required: false } },
    query: { region: { label: 'Region', description: 'eu or us', required: true } },
  },
  tools: [
    { name: 'list_issues', description: 'Lists issues.', inputSchema: { type: 'object', properties: { state: { type: 'string' } } } },
  ],
  resources: [],
  prompts: [],
  quality: 0.5,
  security: null,
};

export function registerTestServers(platform: Platform): void {
  platform.stores.registry.upsert([testServer]);
}
