/**
 * The catalog file schema: a registry entry in the list-item shape plus what mcpsim needs. It
 * lives in `domain/` so that record parsing (`registry-record.ts`) can reuse it;
 * `store/demo-catalog.ts` re-exports it for the demo catalog.
 */
import { z } from 'zod';
import { serverIconSchema } from './server-info.js';

/** The platform's pattern for a registry server's qualified name (the `server` field of a connection). */
export const qualifiedNamePattern = /^@?[a-zA-Z0-9][a-zA-Z0-9_-]*(?:\/[a-zA-Z0-9][a-zA-Z0-9_-]*)?$/;

const httpField = z.strictObject({ label: z.string(), description: z.string().optional(), required: z.boolean().optional() });

const toolSchema = z.looseObject({
  name: z.string().min(1),
  title: z.string().optional(),
  description: z.string().min(1),
  inputSchema: z.looseObject({ type: z.literal('object') }),
  outputSchema: z.looseObject({}).optional(),
  annotations: z.looseObject({}).optional(),
});

export const resourceSchema = z.strictObject({
  uri: z.string(),
  name: z.string(),
  description: z.string().optional(),
  mimeType: z.string().optional(),
});

export const promptSchema = z.strictObject({
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  arguments: z.array(z.strictObject({ name: z.string(), description: z.string().optional(), required: z.boolean().optional() })).optional(),
});

export const securitySchema = z.strictObject({ scanPassed: z.boolean() });

/** One file of `catalog/`: a registry entry in the list-item shape plus what mcpsim needs. */
export const catalogEntrySchema = z.strictObject({
  id: z.uuid(),
  qualifiedName: z.string().regex(qualifiedNamePattern),
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
  serverInfo: z.strictObject({
    name: z.string(),
    version: z.string(),
    title: z.string().optional(),
    description: z.string().optional(),
    websiteUrl: z.string().optional(),
    icons: z.array(serverIconSchema).optional(),
  }),
  config: z.strictObject({ headers: z.record(z.string(), httpField).optional(), query: z.record(z.string(), httpField).optional() }),
  tools: z.array(toolSchema),
  resources: z.array(resourceSchema).default([]),
  prompts: z.array(promptSchema).default([]),
  /** The static quality score; computed from the other fields when absent. */
  quality: z.number().min(0).max(1).optional(),
  security: securitySchema.nullable().default(null),
});
