import type { HttpProfile, ServerInfo, ServerTarget } from './connection.js';

/** The 16 fields of a list item, in the platform's order (docs/api.md). */
export const serverListFields = [
  'id',
  'qualifiedName',
  'namespace',
  'slug',
  'displayName',
  'description',
  'iconUrl',
  'verified',
  'useCount',
  'remote',
  'isDeployed',
  'createdAt',
  'homepage',
  'byPlatform',
  'owner',
  'score',
] as const;
export type ServerListField = (typeof serverListFields)[number];

/** An MCP tool definition as `tools/list` returns it. */
export interface ToolDefinition {
  name: string;
  title?: string | undefined;
  description?: string | undefined;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown> | undefined;
  annotations?: Record<string, unknown> | undefined;
  [extra: string]: unknown;
}

/** An MCP resource a server offers (registry detail). */
export interface ResourceDefinition {
  uri: string;
  name: string;
  description?: string | undefined;
  mimeType?: string | undefined;
}

/** An MCP prompt a server offers (registry detail). */
export interface PromptDefinition {
  name: string;
  title?: string | undefined;
  description?: string | undefined;
  arguments?: { name: string; description?: string | undefined; required?: boolean | undefined }[] | undefined;
}

/** Namespace of the registry's ids: `uuidv5('server:' + lower(qualifiedName), registryIdNamespace)`, as the public data set. */
export const registryIdNamespace = '6f1c7a52-3d0e-5b7e-9a41-2c8d4b1e0f93';

/** The listing fields of a registry entry (what search and the list endpoint work from). */
export type RegistrySummary = Omit<RegistryEntry, 'serverInfo' | 'config' | 'tools' | 'resources' | 'prompts' | 'security'>;

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
  resources: ResourceDefinition[];
  prompts: PromptDefinition[];
  /** Static quality score in [0, 1] (the list item's `score` when browsing without `q`). */
  quality: number;
  /** Result of a security scan, when one is known. */
  security: { scanPassed: boolean } | null;
}

/** The two spellings a qualified name may be written in: with and without the leading `@`. */
export function qualifiedNameSpellings(name: string): [string, string] {
  const bare = name.startsWith('@') ? name.slice(1) : name;
  return [bare, `@${bare}`];
}

export function toServerTarget(
  entry: Pick<RegistryEntry, 'qualifiedName' | 'deploymentUrl' | 'iconUrl' | 'serverInfo' | 'config'>,
): ServerTarget {
  return {
    qualifiedName: entry.qualifiedName,
    deploymentUrl: entry.deploymentUrl,
    iconUrl: entry.iconUrl || null,
    serverInfo: entry.serverInfo,
    config: entry.config,
  };
}

/**
 * The public data set's static quality score, from 0 to 0.9: popularity on a log scale, verified,
 * an icon, and a description of some length. Used for entries that do not bring their own.
 */
export function toQualityScore(
  entry: Pick<RegistryEntry, 'useCount' | 'verified' | 'iconUrl' | 'description'>,
  maxUseCount = 450_000,
): number {
  const popularity = Math.min(1, Math.log10(entry.useCount + 1) / Math.log10(maxUseCount + 1));
  const description = entry.description.length >= 80 ? 0.1 : entry.description.length > 0 ? 0.05 : 0;
  const score = 0.6 * popularity + (entry.verified ? 0.2 : 0) + (entry.iconUrl ? 0.1 : 0) + description;
  return Math.round(score * 10_000) / 10_000;
}
