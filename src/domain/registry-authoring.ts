import type { HttpProfile, ServerInfo } from './connection.js';
import { toQualityScore, type PromptDefinition, type RegistryEntry, type ResourceDefinition, type ToolDefinition } from './registry.js';
import { splitQualifiedName, toDefaultDeploymentUrl, toRegistryId } from './registry-record.js';

/** What `PUT /servers/{qualifiedName}` may set; everything is optional. */
export interface ServerAuthoringInput {
  displayName?: string | undefined;
  description?: string | undefined;
  iconUrl?: string | undefined;
  homepage?: string | undefined;
  verified?: boolean | undefined;
  useCount?: number | undefined;
  remote?: boolean | undefined;
  isDeployed?: boolean | undefined;
  deploymentUrl?: string | undefined;
  repoOwner?: string | null | undefined;
  repoName?: string | null | undefined;
  serverInfo?: ServerInfo | undefined;
  config?: HttpProfile | undefined;
  tools?: ToolDefinition[] | undefined;
  resources?: ResourceDefinition[] | undefined;
  prompts?: PromptDefinition[] | undefined;
}

/**
 * The registry entry a local author's PUT makes: the existing entry with the given fields
 * replaced, or a new one with defaults (owned by the caller, deployed at the hosted URL pattern).
 * A given `tools` list replaces the whole list.
 */
export function toAuthoredEntry(
  qualifiedName: string,
  input: ServerAuthoringInput,
  existing: RegistryEntry | null,
  context: { now: Date; ownerId: string },
): RegistryEntry {
  const { namespace, slug } = splitQualifiedName(existing?.qualifiedName ?? qualifiedName);
  const name = existing?.qualifiedName ?? qualifiedName;
  const base: RegistryEntry = existing ?? {
    id: toRegistryId(name),
    qualifiedName: name,
    namespace,
    slug,
    displayName: slug,
    description: '',
    iconUrl: '',
    verified: false,
    useCount: 0,
    remote: true,
    isDeployed: false,
    createdAt: context.now.toISOString(),
    homepage: `https://smithery.ai/server/${name}`,
    byPlatform: false,
    owner: context.ownerId,
    repoOwner: null,
    repoName: null,
    remoteUrl: null,
    deploymentUrl: toDefaultDeploymentUrl(name),
    serverInfo: { name: slug, version: '1.0.0' },
    config: {},
    tools: [],
    resources: [],
    prompts: [],
    quality: 0,
    security: null,
  };
  const defined = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as Partial<RegistryEntry>;
  const entry: RegistryEntry = { ...base, ...defined };
  return existing ? entry : { ...entry, quality: toQualityScore(entry) };
}
