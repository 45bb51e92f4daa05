import type { Implementation } from '@modelcontextprotocol/sdk/types.js';
import { toListedPrompt } from '../../domain/mock-surface.js';
import { toServerInfo } from '../../domain/server-info.js';
import type { ToolDefinition } from '../../domain/registry.js';
import { toRegistryId } from '../../domain/registry-record.js';
import type { CapturedSurface } from './capture-surface.js';

/** What a captured server's registry entry is made of. */
export interface CatalogServer {
  qualifiedName: string;
  upstream: string;
  serverInfo: Implementation;
  description: string;
  tools: readonly ToolDefinition[];
  surface: CapturedSurface;
}

/** The server as a catalog entry (the `registry import` format, catalog shape); see catalog/README.md. */
export function toCatalogEntry(server: CatalogServer, createdAt: string): Record<string, unknown> {
  const [namespace = '', slug = ''] = server.qualifiedName.replace(/^@/, '').split('/');
  const remote = /^https?:\/\//.test(server.upstream);
  return {
    id: toRegistryId(server.qualifiedName),
    qualifiedName: server.qualifiedName,
    namespace,
    slug,
    displayName: server.serverInfo.title ?? server.serverInfo.name,
    description: server.description,
    iconUrl: '',
    verified: false,
    useCount: 0,
    remote,
    isDeployed: false,
    createdAt,
    homepage: '',
    byPlatform: false,
    owner: '',
    repoOwner: null,
    repoName: null,
    remoteUrl: null,
    deploymentUrl: `https://server.smithery.ai/${server.qualifiedName.replace(/^@/, '')}/mcp`,
    // As the server sent it (every field the platform keeps), so the mock answers initialize alike.
    serverInfo: toServerInfo(server.serverInfo, server.serverInfo.name),
    config: {},
    // The catalog shape wants a description on every tool; a tool that has none is named by its title or name.
    tools: server.tools.map((tool) => ({ ...tool, description: tool.description ?? tool.title ?? tool.name })),
    // The registry lists them; their contents and the templates are the scenario's (mock settings).
    resources: (server.surface.resources ?? []).map(({ uri, name, description, mimeType }) => ({
      uri,
      name,
      ...(description === undefined ? {} : { description }),
      ...(mimeType === undefined ? {} : { mimeType }),
    })),
    prompts: (server.surface.prompts ?? []).map(toListedPrompt),
  };
}
