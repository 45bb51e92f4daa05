import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { catalogEntrySchema } from '../domain/catalog-entry.js';
import { toFieldMessage } from '../domain/field-message.js';
import { toQualityScore, type RegistryEntry } from '../domain/registry.js';
import { packagePath } from '../package-root.js';

export { catalogEntrySchema };

const catalogDirectory = packagePath('catalog');

let loaded: readonly RegistryEntry[] | undefined;

/**
 * The demo catalog that ships with mcpsim (`catalog/*.json`), read and checked once per process: a
 * demo start asked for it three times (seeding, then the scenario checks' server names and tools),
 * and each read parsed every entry again. A broken file is a bug in mcpsim, so this throws with the
 * file name and the first problem.
 */
export function loadDemoCatalog(): RegistryEntry[] {
  loaded ??= readDemoCatalog();
  return [...loaded];
}

function readDemoCatalog(): RegistryEntry[] {
  const files = readdirSync(catalogDirectory)
    .filter((name) => name.endsWith('.json'))
    .sort();
  const seen = new Map<string, string>();
  return files.map((file) => {
    const data: unknown = JSON.parse(readFileSync(join(catalogDirectory, file), 'utf8'));
    const parsed = catalogEntrySchema.safeParse(data);
    if (!parsed.success) throw new Error(`catalog/${file}: ${toFieldMessage(parsed.error.issues, data)}`);
    for (const key of [parsed.data.id, parsed.data.qualifiedName.replace(/^@/, '').toLowerCase()]) {
      const other = seen.get(key);
      if (other)
        throw new Error(`catalog/${file}: repeats the id or qualifiedName of catalog/${other} ("${key}"); each server needs its own`);
      seen.set(key, file);
    }
    return { ...parsed.data, quality: parsed.data.quality ?? toQualityScore(parsed.data) } as RegistryEntry;
  });
}

/** A fingerprint of the catalog's content, so a changed catalog is loaded again. */
export function demoCatalogVersion(entries: readonly RegistryEntry[]): string {
  return createHash('sha256').update(JSON.stringify(entries)).digest('hex').slice(0, 16);
}
