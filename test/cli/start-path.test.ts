/**
 * What a start of the built CLI evaluates (issue 40: start in under half a second): the demo's and
 * serve's modules and everything they import statically, read from the CommonJS bundle esbuild
 * wrote, whose module comments (`// node_modules/zod/...`) name its packages. A package only a
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

/** The packages of the modules `modulesLoadedFrom` finds: `zod`, `@modelcontextprotocol/sdk`. */
function packagesLoadedFrom(bundle: string, entries: readonly string[] | 'all'): Set<string> {
  return new Set([...modulesLoadedFrom(bundle, entries)].map((path) => /^((?:@[^/]+\/)?[^/]+)\//.exec(path)![1]!));
}

/**
 * The node_modules paths (`zod/v4/locales/en.js`) of the modules that the CLI's CommonJS bundle
 * evaluates when it runs the command modules `entries` (`src/cli/serve-command.ts`), or of every
 * module in it. esbuild wraps a module that is evaluated late in an initialiser (`var init_x =
 * __esm({ "src/x.ts"() { init_y(); ... } })`, `require_x = __commonJS(...)` for CommonJS), which an
 * `import()` calls (`Promise.resolve().then(() => (init_x(), x_exports))`); a module without one runs
 * when the bundle loads. So: the unwrapped modules, and what their top-level statements and the
 * entries' initialisers call, followed through the initialisers' own top-level calls.
 */
function modulesLoadedFrom(bundle: string, entries: readonly string[] | 'all'): Set<string> {
  return new Set([...pathsLoadedFrom(bundle, entries)].flatMap((path) => /(?:^|\/)node_modules\/(.+)$/.exec(path)?.slice(1) ?? []));
}

/** The paths of those modules as the bundle names them: `src/cli/main.ts`, `../node_modules/zod/v4/locales/en.js`. */
function pathsLoadedFrom(bundle: string, entries: readonly string[] | 'all'): Set<string> {
  const text = readFileSync(bundle, 'utf8');
  const commented = [...text.matchAll(/^\/\/ (\S+)$/gm)].map(([, path]) => path!);
  if (entries === 'all') return new Set(commented);
  // Each initialiser: its name, its module's path, and the initialisers its top-level statements call
  // (a statement of the module's own is indented four spaces; an `import()` is left for later).
  const wrapped = new Map<string, { path: string; calls: string[] }>();
  for (const [, name, path, body] of text.matchAll(
    /^var (\w+) = __(?:esm|commonJS)\(\{\n {2}"([^"]+)"\([^)]*\) \{\n([\s\S]*?)\n {2}\}\n\}\);$/gm,
  ))
    wrapped.set(name!, {
      path: path!,
      calls: [...body!.matchAll(/^ {4}(?!.*Promise\.resolve\(\)\.then).*?\b((?:init|require)_\w+)\(\)/gm)].map(([, call]) => call!),
    });
  const wrappedPaths = new Set([...wrapped.values()].map(({ path }) => path));
  const loaded = new Set(commented.filter((path) => !wrappedPaths.has(path)));
  const pending = [
    ...[...text.matchAll(/^(?:var \w+ = (?:__toESM\()?)?((?:init|require)_\w+)\(\)/gm)].map(([, call]) => call!),
    ...[...wrapped].filter(([, { path }]) => entries.some((entry) => path === entry || path.endsWith(`/${entry}`))).map(([name]) => name),
  ];
  const seen = new Set<string>();
  while (pending.length > 0) {
    const name = pending.pop()!;
    const module = wrapped.get(name);
    if (seen.has(name) || !module) continue;
    seen.add(name);
    loaded.add(module.path);
    pending.push(...module.calls);
  }
  return loaded;
}

/** The built CLI's bundle, which dist/cli/bin.js runs (scripts/bundle-cli.ts). */
function builtCliBundle(): string {
  const chunks = join(dirname(builtCliEntry()), 'chunks');
  const [bundle, ...others] = readdirSync(chunks).filter((file) => /^cli-.+\.cjs$/.test(file));
  expect(others).toEqual([]);
  return join(chunks, bundle!);
}

const startPath = ['src/cli/demo-command.ts', 'src/cli/serve-command.ts'];

const lazyPackages = ['ai', '@ai-sdk/openai', '@ai-sdk/gateway', '@ai-sdk/provider-utils'];

describe('the start path of the built CLI', () => {
  it('holds the packages a start needs and not the AI SDK, which only a model request needs', () => {
    const packages = packagesLoadedFrom(builtCliBundle(), startPath);
    expect(packages).toContain('zod');
    expect(packages).toContain('hono');
    for (const lazy of lazyPackages) expect(packages).not.toContain(lazy);
  });

  it('holds neither yaml, ajv, faker, jsonpath-plus nor randexp, which code after the start requires at their first use', () => {
    const packages = packagesLoadedFrom(builtCliBundle(), startPath);
    expect(packages).toContain('@modelcontextprotocol/sdk'); // whose Server and Client build an ajv validator
    for (const lazy of ['yaml', 'ajv', 'ajv-formats', '@faker-js/faker', 'jsonpath-plus', 'randexp']) expect(packages).not.toContain(lazy);
    // Nor zod's messages in other languages than English.
    const locales = [...modulesLoadedFrom(builtCliBundle(), startPath)].filter((path) => path.startsWith('zod/v4/locales/'));
    expect(locales).toEqual(['zod/v4/locales/en.js']);
  });

  it("loads the agent's tools, whose schemas are built at import, at the first request to their path", () => {
    // The bundle names a source by its path from the build's folder, through the tests' symlinks (test/support/build-cli.ts).
    const agentModules = (paths: Set<string>) => [...paths].flatMap((path) => /(?:^|\/)src\/agent\/([^/]+)$/.exec(path)?.slice(1) ?? []);
    expect(agentModules(pathsLoadedFrom(builtCliBundle(), startPath)).filter((file) => file !== 'agent-path.ts')).toEqual([]);
    expect(agentModules(pathsLoadedFrom(builtCliBundle(), 'all'))).toContain('agent-http.ts');
  });

  it('keeps each lazily required package in a file of its own, exporting what the sources require', () => {
    const chunks = join(dirname(builtCliEntry()), 'chunks');
    expect(
      readdirSync(chunks)
        .filter((file) => /^lazy-.+\.cjs$/.test(file))
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
    const packages = packagesLoadedFrom(builtCliBundle(), 'all');
    for (const lazy of lazyPackages) expect(packages).toContain(lazy);
  });
});
