/**
 * The demo catalog as the build checked it (store/demo-catalog.ts): a bundled start reads those
 * entries instead of parsing every file, but only those of its own build and of unchanged files.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadDemoCatalog, readDemoCatalog, writeCheckedCatalog } from '../../src/store/demo-catalog.js';

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
});
