import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { toQualityScore, type RegistryEntry } from '../domain/registry.js';

const catalogDirectory = new URL('../../catalog/', import.meta.url);

const httpField = z.strictObject({ label: z.string(), description: z.string().optional(), required: z.boolean().optional() });

const toolSchema = z.looseObject({
  name: z.string().min(1),
  title: z.string().optional(),
  description: z.string().min(1),
  inputSchema: z.looseObject({ type: z.literal('object') }),
  outputSchema: z.looseObject({}).optional(),
  annotations: z.looseObject({}).optional(),
});

/** One file of `catalog/`: a registry entry in the list-item shape plus what mcpsim needs. */
export const catalogEntrySchema = z.strictObject({
  id: z.uuid(),
  qualifiedName: z.string().regex(/^@?[a-zA-Z0-9][a-zA-Z0-9_-]*(?:\/[a-zA-Z0-9][a-zA-Z0-9_-]*)?$/),
  namespace: z.string(),
  slug: z.string(),
  displayName: z.string(),
  description: z.string(),
  iconUrl: z.string(),
  verified: z.boolean(),
  useCount: z.int().nonnegative(),
  remote: z.boolean(),
  isDeployed: z.boolean(),
  createdAt: z.iso.datetime(),
  homepage: z.string(),
  byPlatform: z.boolean(),
  owner: z.string(),
  repoOwner: z.string().nullable(),
  repoName: z.string().nullable(),
  remoteUrl: z.url().nullable(),
  deploymentUrl: z.url(),
  serverInfo: z.strictObject({ name: z.string(), version: z.string(), title: z.string().optional() }),
  config: z.strictObject({ headers: z.record(z.string(), httpField).optional(), query: z.record(z.string(), httpField).optional() }),
  tools: z.array(toolSchema),
  resources: z.array(z.strictObject({ uri: z.string(), name: z.string(), description: z.string().optional(), mimeType: z.string().optional() })).default([]),
  prompts: z
    .array(
      z.strictObject({
        name: z.string(),
        description: z.string().optional(),
        arguments: z.array(z.strictObject({ name: z.string(), description: z.string().optional(), required: z.boolean().optional() })).optional(),
      }),
    )
    .default([]),
  /** The static quality score; computed from the other fields when absent. */
  quality: z.number().min(0).max(1).optional(),
  security: z.strictObject({ scanPassed: z.boolean() }).nullable().default(null),
});

/**
 * Reads the demo catalog that ships with mcpsim (`catalog/*.json`). A broken file is a bug in
 * mcpsim, so this throws with the file name and the first problem.
 */
export function loadDemoCatalog(): RegistryEntry[] {
  const files = readdirSync(catalogDirectory).filter((name) => name.endsWith('.json')).sort();
  const seen = new Map<string, string>();
  return files.map((file) => {
    const parsed = catalogEntrySchema.safeParse(JSON.parse(readFileSync(new URL(file, catalogDirectory), 'utf8')));
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new Error(`catalog/${file}: ${issue.path.join('.')}: ${issue.message}`);
    }
    for (const key of [parsed.data.id, parsed.data.qualifiedName.replace(/^@/, '').toLowerCase()]) {
      const other = seen.get(key);
      if (other) throw new Error(`catalog/${file}: repeats the id or qualifiedName of catalog/${other} ("${key}"); each server needs its own`);
      seen.set(key, file);
    }
    return { ...parsed.data, quality: parsed.data.quality ?? toQualityScore(parsed.data) } as RegistryEntry;
  });
}

/** A fingerprint of the catalog's content, so a changed catalog is loaded again. */
export function demoCatalogVersion(entries: readonly RegistryEntry[]): string {
  return createHash('sha256').update(JSON.stringify(entries)).digest('hex').slice(0, 16);
}
