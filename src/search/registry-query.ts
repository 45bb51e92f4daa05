import type { RegistrySummary } from '../domain/registry.js';

/** The filters of `GET /servers`, already validated. */
export interface RegistryFilters {
  ids?: ReadonlySet<string> | undefined;
  qualifiedName?: string | undefined;
  namespace?: string | undefined;
  remote?: boolean | undefined;
  isDeployed?: boolean | undefined;
  verified?: boolean | undefined;
  ownerId?: string | undefined;
  repoOwner?: string | undefined;
  repoName?: string | undefined;
}

/**
 * A predicate over entries for the given filters, or undefined when nothing is filtered.
 * Names compare case-insensitively (qualified names are unique ignoring case, and a leading `@`
 * is optional); ids, owner ids and booleans compare exactly.
 */
export function createRegistryFilter(filters: RegistryFilters): ((entry: RegistrySummary) => boolean) | undefined {
  const checks: ((entry: RegistrySummary) => boolean)[] = [];
  const lower = (value: string | null) => (value ?? '').toLowerCase();
  if (filters.ids) checks.push((entry) => filters.ids!.has(entry.id));
  if (filters.qualifiedName !== undefined) {
    const wanted = lower(filters.qualifiedName).replace(/^@/, '');
    checks.push((entry) => lower(entry.qualifiedName).replace(/^@/, '') === wanted);
  }
  if (filters.namespace !== undefined) {
    const wanted = lower(filters.namespace).replace(/^@/, '');
    checks.push((entry) => lower(entry.namespace) === wanted);
  }
  if (filters.remote !== undefined) checks.push((entry) => entry.remote === filters.remote);
  if (filters.isDeployed !== undefined) checks.push((entry) => entry.isDeployed === filters.isDeployed);
  if (filters.verified !== undefined) checks.push((entry) => entry.verified === filters.verified);
  if (filters.ownerId !== undefined) checks.push((entry) => entry.owner === filters.ownerId);
  if (filters.repoOwner !== undefined) checks.push((entry) => lower(entry.repoOwner) === lower(filters.repoOwner!));
  if (filters.repoName !== undefined) checks.push((entry) => lower(entry.repoName) === lower(filters.repoName!));
  if (checks.length === 0) return undefined;
  return (entry) => checks.every((check) => check(entry));
}

/**
 * Orders `positions` pseudo-randomly but repeatably for `seed`: each entry's place depends only
 * on the seed and its id, so every page of the same seed cuts the same sequence, with no entry
 * repeated or lost.
 */
export function toSeededOrder(positions: readonly number[], ids: readonly string[], seed: number): number[] {
  const low = seed >>> 0;
  const high = Math.floor(seed / 0x1_0000_0000) >>> 0;
  const keys = new Map<number, number>();
  for (const position of positions) keys.set(position, mix(hashString(ids[position]!) ^ mix(low) ^ mix(high ^ 0x9e3779b9)));
  return [...positions].sort((left, right) => keys.get(left)! - keys.get(right)! || left - right);
}

function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  return hash >>> 0;
}

/** The 32-bit finaliser of MurmurHash3: spreads every input bit over the output. */
function mix(value: number): number {
  let hash = value >>> 0;
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return (hash ^ (hash >>> 16)) >>> 0;
}
