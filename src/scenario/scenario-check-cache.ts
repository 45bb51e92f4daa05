/**
 * Scenario files already checked and found good, so a start does not check them again (issue 40:
 * the checks were half of a demo start: YAML, the schema, and every step's arguments against its
 * tool's inputSchema, which first builds ajv's draft 2020-12 meta-schema). An entry is keyed by
 * everything the verdict depends on: the file's text, the checking code (`identity`: the build's
 * id), the demo catalog (its names and tools) and the known server names; it holds the scenario
 * the checks gave, as JSON (a scenario JSON would not give back as it was is not kept), so a hit
 * parses nothing. Only good files are kept: a bad file is checked, and its problems shown, every time.
 */
import { createHash } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { packagePath } from '../package-root.js';
import { currentDemoCatalogVersion } from '../store/demo-catalog.js';
import { buildId } from '../version.js';
import type { Scenario } from './scenario-schema.js';

export interface ScenarioCheckCache {
  /** The key of a file's text checked with `knownServers`. */
  keyOf(text: string, knownServers: readonly string[]): string;
  /** The scenario of a file with this key that passed every check (a copy of its own), or undefined. */
  get(key: string): Scenario | undefined;
  /** Remembers that the file with this key passed, with its scenario (skipped when JSON would not give it back as it is). */
  remember(key: string, scenario: Scenario): void;
  /** Writes what was remembered to `file` (nothing when nothing changed); a failed write only costs the next start its speed. */
  save(): void;
}

export interface ScenarioCheckCacheOptions {
  /** Identifies the checking code: a change of the checks must not reuse a verdict of the old ones. */
  identity: string;
  /** Fingerprint of the demo catalog the steps are checked against (`demoCatalogVersion`). */
  catalogVersion: string;
  /** Where the cache is kept (the data directory's `scenario-checks.json`), or null for one in memory only. */
  file: string | null;
  /** Read-only entries (the build's, for the bundled scenarios), so a fresh data directory starts fast too. */
  shipped?: string | null;
}

/** Files kept at most: a scenario folder edited all day keeps its latest versions, not every save. */
export const maxCheckedScenarios = 64;

interface CacheFile {
  identity: string;
  entries: Record<string, unknown>;
}

/**
 * @example
 *   const cache = createScenarioCheckCache({ identity: buildId, catalogVersion, file: join(dataDir, 'scenario-checks.json') });
 *   const results = await loadScenarios('scenarios/', { checked: cache });
 *   cache.save();
 */
export function createScenarioCheckCache({
  identity,
  catalogVersion,
  file,
  shipped = null,
}: ScenarioCheckCacheOptions): ScenarioCheckCache {
  const shippedEntries = readEntries(shipped, identity);
  // Insertion order is use order: a hit moves its entry to the end, and the oldest go first past the bound.
  const entries = new Map(Object.entries(readEntries(file, identity)));
  let changed = false;
  return {
    keyOf(text, knownServers) {
      return createHash('sha256')
        .update(JSON.stringify([identity, catalogVersion, knownServers, text]))
        .digest('hex');
    },
    get(key) {
      let scenario: unknown;
      if (entries.has(key)) {
        scenario = entries.get(key);
        entries.delete(key);
        entries.set(key, scenario);
      } else if (Object.hasOwn(shippedEntries, key)) scenario = shippedEntries[key];
      // A copy: whoever loads it may change it, and the next load must get it as it was checked.
      return scenario === undefined ? undefined : (structuredClone(scenario) as Scenario);
    },
    remember(key, scenario) {
      // YAML may give what JSON cannot carry (.inf, .nan): such a file is simply checked every time.
      if (entries.has(key) || !isDeepStrictEqual(JSON.parse(JSON.stringify(scenario)) as unknown, scenario)) return;
      entries.set(key, structuredClone(scenario));
      for (const oldest of entries.keys()) {
        if (entries.size <= maxCheckedScenarios) break;
        entries.delete(oldest);
      }
      changed = true;
    },
    save() {
      if (!file || !changed) return;
      const content: CacheFile = { identity, entries: Object.fromEntries(entries) };
      try {
        // Written aside and renamed, so a start that stops halfway leaves the old file or the new one.
        writeFileSync(`${file}.tmp`, JSON.stringify(content));
        renameSync(`${file}.tmp`, file);
        changed = false;
      } catch {
        // A data directory that refuses the file still serves; the next start checks the files again.
      }
    },
  };
}

/** The entries of a cache file written by the same checking code; none when it is missing, unreadable or another's. */
function readEntries(file: string | null, identity: string): Record<string, unknown> {
  if (!file) return {};
  try {
    const content = JSON.parse(readFileSync(file, 'utf8')) as Partial<CacheFile> | null;
    return content?.identity === identity && typeof content.entries === 'object' && content.entries !== null ? content.entries : {};
  } catch {
    return {};
  }
}

/** Where a data directory keeps its checked scenarios (`mcpsim reset` forgets it with the rest). */
export const scenarioChecksFile = 'scenario-checks.json';

/**
 * The cache of a data directory for the bundled build's checks, with the build's own entries for
 * the bundled scenarios; null from the sources (no build id: their checks change without one).
 *
 * @example
 *   const checked = openScenarioCheckCache('./.mcpsim');
 */
export function openScenarioCheckCache(dataDir: string, identity: string | null = buildId): ScenarioCheckCache | null {
  if (identity === null) return null;
  return createScenarioCheckCache({
    identity,
    catalogVersion: currentDemoCatalogVersion(),
    file: join(dataDir, scenarioChecksFile),
    shipped: packagePath('dist', 'cli', scenarioChecksFile),
  });
}
