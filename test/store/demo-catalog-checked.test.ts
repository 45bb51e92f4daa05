/**
 * The demo catalog as the build checked it (store/demo-catalog.ts): a bundled start reads those
 * entries instead of parsing every file, but only those of its own build and of unchanged files.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  demoCatalogVersion,
  loadDemoCatalog,
  readCheckedCatalogVersion,
  readDemoCatalog,
  writeCheckedCatalog,
} from '../../src/store/demo-catalog.js';

const directory = mkdtempSync(join(tmpdir(), 'mcpsim-catalog-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe('the checked demo catalog', () => {
  it("gives the checked entries to its own build while the catalog's files are unchanged, else checks them again", () => {
    const file = join(directory, 'demo-catalog.json');
    writeCheckedCatalog('build-1', file);
    expect(readDemoCatalog('build-1', file)).toEqual(loadDemoCatalog());

    // Proof that they are read, not checked again: a marked entry comes back as written.
    const checked = JSON.parse(readFileSync(file, 'utf8')) as { hash: string; entries: Array<{ displayName: string }> };
    checked.entries[0]!.displayName = 'as the build wrote it';
    writeFileSync(file, JSON.stringify(checked));
    expect(readDemoCatalog('build-1', file)[0]!.displayName).toBe('as the build wrote it');

    expect(readDemoCatalog('build-2', file)).toEqual(loadDemoCatalog());
    expect(readDemoCatalog(null, file)).toEqual(loadDemoCatalog());
    writeFileSync(file, JSON.stringify({ ...checked, hash: 'of other files' }));
    expect(readDemoCatalog('build-1', file)).toEqual(loadDemoCatalog());
    rmSync(file);
    expect(readDemoCatalog('build-1', file)).toEqual(loadDemoCatalog());
  });

  it("gives a start the catalog's fingerprint without its entries, only for its own build and unchanged files", () => {
    const file = join(directory, 'fingerprinted-catalog.json');
    writeCheckedCatalog('build-1', file);
    const versionFile = join(directory, 'fingerprinted-catalog-version.json');
    expect(readCheckedCatalogVersion('build-1', file)).toBe(demoCatalogVersion(loadDemoCatalog()));

    // Proof that it is read, not computed: a marked fingerprint comes back as written.
    const written = JSON.parse(readFileSync(versionFile, 'utf8')) as { version: string };
    writeFileSync(versionFile, JSON.stringify({ ...written, version: 'as the build wrote it' }));
    expect(readCheckedCatalogVersion('build-1', file)).toBe('as the build wrote it');

    expect(readCheckedCatalogVersion('build-2', file)).toBeNull();
    expect(readCheckedCatalogVersion(null, file)).toBeNull();
    writeFileSync(versionFile, JSON.stringify({ ...written, hash: 'of other files' }));
    expect(readCheckedCatalogVersion('build-1', file)).toBeNull();
    rmSync(versionFile);
    expect(readCheckedCatalogVersion('build-1', file)).toBeNull();
  });
});
