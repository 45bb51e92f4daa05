/**
 * What a start of the built CLI loads (issue 40: start in under half a second): the demo's and
 * serve's chunks and everything they import statically, read from the bundle esbuild wrote, whose
 * module comments (`// node_modules/zod/...`) name the packages in each chunk. A package only a
 * model request needs must stay behind a dynamic import, and one that synchronous code needs only
 * after the start in a lazily required file (src/domain/lazy-packages.ts; bench/README.md, "Start-up").
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ajvPackage,
  fakerPackage,
  jsonPathPackage,
  lazyPackageExports,
  randExpPackage,
  yamlPackage,
} from '../../src/domain/lazy-packages.js';
import { builtCliEntry } from '../support/built-cli.js';

/** The packages in the chunks loaded from `entry`: its static imports, and the `import()`s whose path `follow` accepts. */
function packagesLoadedFrom(entry: string, follow: (path: string) => boolean): Set<string> {
  return new Set([...modulesLoadedFrom(entry, follow)].map((path) => /^((?:@[^/]+\/)?[^/]+)\//.exec(path)![1]!));
}

/** The node_modules paths of the modules in the chunks loaded from `entry` (`zod/v4/locales/en.js`). */
function modulesLoadedFrom(entry: string, follow: (path: string) => boolean): Set<string> {
  const modules = new Set<string>();
  const seen = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const [, path] of text.matchAll(/^\/\/ (?:.*\/)?node_modules\/(.+)$/gm)) modules.add(path!);
    for (const [, path] of text.matchAll(/^(?:import|export)\s[^;]*?from\s*"(\.\.?\/[^"]+)"/gm)) pending.push(join(dirname(file), path!));
    for (const [, path] of text.matchAll(/import\("(\.\.?\/[^"]+)"\)/g)) if (follow(path!)) pending.push(join(dirname(file), path!));
  }
  return modules;
}

const lazyPackages = ['ai', '@ai-sdk/openai', '@ai-sdk/gateway', '@ai-sdk/provider-utils'];

describe('the start path of the built CLI', () => {
  it('holds the packages a start needs and not the AI SDK, which only a model request needs', () => {
    const packages = packagesLoadedFrom(builtCliEntry(), (path) => /\/(demo|serve)-command-/.test(path));
    expect(packages).toContain('zod');
    expect(packages).toContain('hono');
    for (const lazy of lazyPackages) expect(packages).not.toContain(lazy);
  });

  it('holds neither yaml, ajv, faker, jsonpath-plus nor randexp, which code after the start requires at their first use', () => {
    const startPath = (path: string) => /\/(demo|serve)-command-/.test(path);
    const packages = packagesLoadedFrom(builtCliEntry(), startPath);
    expect(packages).toContain('@modelcontextprotocol/sdk'); // whose Server and Client build an ajv validator
    for (const lazy of ['yaml', 'ajv', 'ajv-formats', '@faker-js/faker', 'jsonpath-plus', 'randexp']) expect(packages).not.toContain(lazy);
    // Nor zod's messages in other languages than English.
    const locales = [...modulesLoadedFrom(builtCliEntry(), startPath)].filter((path) => path.startsWith('zod/v4/locales/'));
    expect(locales).toEqual(['zod/v4/locales/en.js']);
  });

  it('keeps each lazily required package in a file of its own, exporting what the sources require', () => {
    const chunks = join(dirname(builtCliEntry()), 'chunks');
    expect(
      readdirSync(chunks)
        .filter((file) => file.endsWith('.cjs'))
        .sort(),
    ).toEqual(
      Object.keys(lazyPackageExports)
        .map((name) => `lazy-${name}.cjs`)
        .sort(),
    );
    const fromSources = {
      yaml: yamlPackage,
      ajv: ajvPackage,
      'jsonpath-plus': jsonPathPackage,
      faker: fakerPackage,
      randexp: randExpPackage,
    };
    const requireBuilt = createRequire(join(chunks, 'x.js'));
    for (const [name, load] of Object.entries(fromSources)) {
      const built = requireBuilt(`./lazy-${name}.cjs`) as Record<string, unknown>;
      const sources = load() as Record<string, unknown>;
      expect(Object.keys(built).sort(), name).toEqual(Object.keys(sources).sort());
      for (const key of Object.keys(sources)) expect(typeof built[key], `${name}.${key}`).toBe(typeof sources[key]);
    }
  });

  it('reaches the AI SDK through a dynamic import', () => {
    const packages = packagesLoadedFrom(builtCliEntry(), () => true);
    for (const lazy of lazyPackages) expect(packages).toContain(lazy);
  });
});
