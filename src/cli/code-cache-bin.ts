#!/usr/bin/env node
/**
 * The built CLI's entry (`npm start`, `npx mcpsim`: dist/cli/bin.js), which scripts/bundle-cli.ts
 * builds from this file: it runs the CLI's CommonJS bundle (dist/cli/chunks/cli-<content hash>.cjs)
 * through V8's code cache, so a start neither parses the bundle nor compiles the functions the
 * previous start compiled (issue 40: start in under half a second; bench/README.md, "Start-up").
 * Node 20 has no compile cache for modules (`module.enableCompileCache` is Node 22), hence one
 * CommonJS bundle compiled as a `vm.Script` with `cachedData`.
 *
 * The cache is one file per bundle, Node version and architecture in a folder of the user's own in
 * the system's temporary directory (as Node 22's compile cache), never beside the bundle, which may
 * sit in a read-only node_modules: `<tmpdir>/mcpsim-code-cache-<uid>/cli-<hash>.cjs-serve-v20.x-x64.v8`,
 * one per command (`commandKey`).
 * The bundle's name carries its content hash, so a new build never meets an old cache, and V8
 * rejects a cache it cannot use (another V8 or other flags), which is then written anew. The start
 * that finds none writes it a second after it began (or at its exit, if sooner), when the functions
 * a start needs are compiled; the folder keeps the newest few caches.
 */
import { chmodSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, Script } from 'node:vm';

// Defined by the bundle (scripts/bundle-cli.ts): the bundle's file name in dist/cli/chunks/.
declare const MCPSIM_CLI_BUNDLE: string;

/** How many caches the folder keeps (each about 2 MB): a few commands, builds or Node versions side by side. */
const keptCaches = 8;

const bundle = fileURLToPath(new URL(`./chunks/${MCPSIM_CLI_BUNDLE}`, import.meta.url));
const cacheFolder = codeCacheFolder();
const cacheFile =
  cacheFolder && join(cacheFolder, `${MCPSIM_CLI_BUNDLE}-${commandKey(process.argv.slice(2))}-${process.version}-${process.arch}.v8`);

/**
 * Which command a run is, for its cache: a cache holds the functions its writing run had compiled,
 * so a `--version` run's cache would serve a later `serve` start poorly, and one per command does
 * not. The command's word (`serve`, `mcp`), `demo` for none, `help` for a help or version run.
 *
 * @example
 *   commandKey(['serve', '--port', '0']); // 'serve'
 */
function commandKey(args: readonly string[]): string {
  if (args.some((arg) => /^(-h|--help|-v|--version)$/.test(arg))) return 'help';
  return args.find((arg) => /^[a-z]+$/.test(arg)) ?? 'demo';
}

/** The user's cache folder, made if missing; none when it cannot be made or another user could write to it. */
function codeCacheFolder(): string | undefined {
  const uid = process.getuid?.();
  const folder = join(tmpdir(), `mcpsim-code-cache-${uid ?? 'user'}`);
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const { uid: owner, mode } = statSync(folder);
    // A folder another user made or can write to could hold a cache made to run their code.
    return (uid === undefined || owner === uid) && (mode & 0o022) === 0 ? folder : undefined;
  } catch {
    return undefined;
  }
}

function readCache(): Buffer | undefined {
  try {
    return cacheFile ? readFileSync(cacheFile) : undefined;
  } catch {
    return undefined;
  }
}

/** Writes the script's code cache (atomically: starts may run side by side) and drops the oldest beyond `keptCaches`. */
function writeCache(script: Script): void {
  if (!cacheFile) return;
  try {
    const temporary = `${cacheFile}.${process.pid}.tmp`;
    writeFileSync(temporary, script.createCachedData());
    chmodSync(temporary, 0o600);
    renameSync(temporary, cacheFile);
    const caches = readdirSync(cacheFolder!)
      .filter((name) => name.endsWith('.v8'))
      .map((name) => ({ path: join(cacheFolder!, name), modified: statSync(join(cacheFolder!, name)).mtimeMs }))
      .sort((a, b) => b.modified - a.modified);
    for (const { path } of caches.slice(keptCaches)) rmSync(path, { force: true });
  } catch {
    // No cache: the next start parses the bundle, as this one did.
  }
}

const cachedData = readCache();
// The CommonJS wrapper on the bundle's first line, so the bundle's lines keep their numbers.
const script = new Script(`(function (exports, require, module, __filename, __dirname) {${readFileSync(bundle, 'utf8')}\n})`, {
  filename: bundle,
  cachedData,
  // A package's own `import('node:crypto')` (pkce-challenge) still loads as from a module.
  importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
});
if (!cachedData || script.cachedDataRejected) {
  let written = false;
  const writeOnce = () => {
    if (written) return;
    written = true;
    writeCache(script);
  };
  setTimeout(writeOnce, 1000).unref();
  process.once('exit', writeOnce);
}
const run = script.runInThisContext() as (
  exports: object,
  require: NodeJS.Require,
  module: { exports: object },
  filename: string,
  dirname: string,
) => void;
const bundleModule = { exports: {} };
run(bundleModule.exports, createRequire(bundle), bundleModule, bundle, dirname(bundle));
