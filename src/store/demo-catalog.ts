import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { catalogEntrySchema } from '../domain/catalog-entry.js';
import { toFieldMessage } from '../domain/field-message.js';
import { toQualityScore, type RegistryEntry } from '../domain/registry.js';
import { isDeepStrictEqual } from 'node:util';
import { packagePath } from '../package-root.js';
import { buildId } from '../version.js';

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

/** The catalog as the build checked it (`writeCheckedCatalog`), beside the bundle. */
const checkedCatalogFile = packagePath('dist', 'cli', 'demo-catalog.json');

interface CheckedCatalog {
  identity: string;
  /** Of the catalog's files, names and texts: a file edited after the build is checked again. */
  hash: string;
  entries: RegistryEntry[];
}

/**
 * The catalog's entries: as the build checked them when its files are unchanged since (`identity`
 * is the build's; none from the sources), else each file parsed and checked now.
 */
export function readDemoCatalog(identity = buildId, checkedFile = checkedCatalogFile): RegistryEntry[] {
  const texts = readCatalogTexts();
  return readCheckedCatalog(texts, identity, checkedFile) ?? checkCatalog(texts);
}

/** The catalog's files, by name, as bytes: hashing them needs no decoding. */
function readCatalogFiles(): Map<string, Buffer> {
  const files = readdirSync(catalogDirectory)
    .filter((name) => name.endsWith('.json'))
    .sort();
  return new Map(files.map((file) => [file, readFileSync(join(catalogDirectory, file))]));
}

function readCatalogTexts(): Map<string, string> {
  return new Map([...readCatalogFiles()].map(([file, bytes]) => [file, bytes.toString('utf8')]));
}

function hashOf(files: Map<string, string | Buffer>): string {
  const hash = createHash('sha256');
  for (const [file, content] of files) hash.update(`${file}\0`).update(content).update('\0');
  return hash.digest('hex');
}

/** Beside the checked entries, their fingerprint (`demoCatalogVersion`): a start needs only that. */
const versionFileOf = (checkedFile: string) => checkedFile.replace(/\.json$/, '-version.json');

let currentVersion: string | undefined;

/**
 * `demoCatalogVersion(loadDemoCatalog())`, once per process, without reading the entries when the
 * build's fingerprint vouches for the catalog's files: a warm start only compares it with the one
 * it seeded and the scenario checks it kept (the entries were a quarter of a second of its CPU).
 */
export function currentDemoCatalogVersion(): string {
  return (currentVersion ??= readCheckedCatalogVersion(buildId, checkedCatalogFile) ?? demoCatalogVersion(loadDemoCatalog()));
}

/** The fingerprint the build `identity` wrote beside `checkedFile`, if the catalog's files are those it checked; else null. */
export function readCheckedCatalogVersion(identity: string | null, checkedFile: string): string | null {
  if (identity === null) return null;
  try {
    const checked = JSON.parse(readFileSync(versionFileOf(checkedFile), 'utf8')) as { identity: string; hash: string; version: string };
    return checked.identity === identity && checked.hash === hashOf(readCatalogFiles()) ? checked.version : null;
  } catch {
    return null;
  }
}

/**
 * The entries the bundled build checked, when the catalog's files are still those it checked (a
 * start then skips parsing every entry with its schema, about 60 ms); null from the sources.
 */
function readCheckedCatalog(texts: Map<string, string>, identity: string | null, file: string): RegistryEntry[] | null {
  if (identity === null) return null;
  try {
    const checked = JSON.parse(readFileSync(file, 'utf8')) as CheckedCatalog;
    return checked.identity === identity && checked.hash === hashOf(texts) ? checked.entries : null;
  } catch {
    return null;
  }
}

/**
 * `npm run build`: checks the catalog and writes what it gives for the bundled build's starts
 * (dist/cli/demo-catalog.json), unless JSON would not give it back as it is.
 */
export function writeCheckedCatalog(identity: string, file = checkedCatalogFile): void {
  const texts = readCatalogTexts();
  const entries = checkCatalog(texts);
  if (!isDeepStrictEqual(JSON.parse(JSON.stringify(entries)) as unknown, entries)) return;
  const hash = hashOf(texts);
  writeFileSync(file, JSON.stringify({ identity, hash, entries } satisfies CheckedCatalog));
  writeFileSync(versionFileOf(file), JSON.stringify({ identity, hash, version: demoCatalogVersion(entries) }));
}

function checkCatalog(texts: Map<string, string>): RegistryEntry[] {
  const seen = new Map<string, string>();
  return [...texts].map(([file, text]) => {
    const data: unknown = JSON.parse(text);
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

let loadedVersion: string | undefined;

/** A fingerprint of the catalog's content, so a changed catalog is loaded again (of the loaded catalog: once per process). */
export function demoCatalogVersion(entries: readonly RegistryEntry[]): string {
  const isLoaded = entries.length === loaded?.length && entries.every((entry, index) => entry === loaded![index]);
  if (isLoaded && loadedVersion !== undefined) return loadedVersion;
  const version = createHash('sha256').update(JSON.stringify(entries)).digest('hex').slice(0, 16);
  if (isLoaded) loadedVersion = version;
  return version;
}
