import type { HttpProfile, ServerInfo, ServerTarget } from './connection.js';

/** An MCP tool definition as `tools/list` returns it. */
export interface ToolDefinition {
  name: string;
  title?: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
  [extra: string]: unknown;
}

/** A registry server with everything mcpsim keeps about it. */
export interface RegistryEntry {
  id: string;
  qualifiedName: string;
  namespace: string;
  slug: string;
  displayName: string;
  description: string;
  iconUrl: string;
  verified: boolean;
  useCount: number;
  remote: boolean;
  isDeployed: boolean;
  createdAt: string;
  homepage: string;
  byPlatform: boolean;
  owner: string;
  repoOwner: string | null;
  repoName: string | null;
  remoteUrl: string | null;
  deploymentUrl: string;
  serverInfo: ServerInfo;
  config: HttpProfile;
  tools: ToolDefinition[];
}

/** The two spellings a qualified name may be written in: with and without the leading `@`. */
export function qualifiedNameSpellings(name: string): [string, string] {
  const bare = name.startsWith('@') ? name.slice(1) : name;
  return [bare, `@${bare}`];
}

export function toServerTarget(entry: Pick<RegistryEntry, 'qualifiedName' | 'deploymentUrl' | 'iconUrl' | 'serverInfo' | 'config'>): ServerTarget {
  return {
    qualifiedName: entry.qualifiedName,
    deploymentUrl: entry.deploymentUrl,
    iconUrl: entry.iconUrl || null,
    serverInfo: entry.serverInfo,
    config: entry.config,
  };
}
