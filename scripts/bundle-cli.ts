/**
 * `npm run build`'s second step: bundles the CLI (src/cli/run-cli.ts and every module it loads,
 * packages included) into one CommonJS file, dist/cli/chunks/cli-<content hash>.cjs, and writes
 * dist/cli/bin.js over the file tsc wrote there: src/cli/code-cache-bin.ts, which runs that bundle
 * through V8's code cache. One bundle instead of ~800 ES modules is most of what `npm start` saves
 * to listening (bench/README.md, "Start-up"): Node resolves, opens and links each module of an
 * unbundled start; the code cache spares parsing and compiling the bundle.
 * The rest of dist/ (the library entry points ".", "./node", "./msw") stays as tsc wrote it, and an
 * unbundled dist/cli/bin.js (tsc alone) runs the same: data files are found from the package's root
 * (src/package-root.ts), whatever folder the code sits in.
 *
 * Packages stay outside the bundle only when they cannot be bundled: better-sqlite3 loads a native
 * addon from its own folder.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { lazyPackageExports } from '../src/domain/lazy-packages.js';
import { bundledScenariosDir } from '../src/scenario/bundled-scenarios.js';
import { loadScenarios } from '../src/scenario/load-scenario.js';
import { openScenarioCheckCache } from '../src/scenario/scenario-check-cache.js';
import { writeCheckedCatalog } from '../src/store/demo-catalog.js';

/**
 * The build's id (version.ts, `buildId`): a hash of the sources and the locked dependencies, so a
 * data directory's checked scenarios (scenario-check-cache.ts) are checked again after any change.
 */
const sources = readdirSync('src', { recursive: true })
  .map(String)
  .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
  .sort();
const hash = createHash('sha256');
for (const file of [...sources.map((source) => join('src', source)), 'package.json', 'package-lock.json'])
  hash.update(`${file}\0`).update(readFileSync(file)).update('\0');
const buildId = hash.digest('hex').slice(0, 16);

/**
 * zod's `locales` namespace (`z.locales`) imports its error messages in ~50 languages, about 350 KB
 * of the start's code that V8 parses on every start; mcpsim never sets a locale (`z.config`), so the
 * bundle keeps English, the default, only. A `z.locales.xx()` in the bundle would find nothing.
 */
const zodEnglishOnly: Plugin = {
  name: 'zod-english-only',
  setup(bundle) {
    bundle.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, ({ importer }) =>
      /[\\/]node_modules[\\/]zod[\\/]/.test(importer)
        ? { path: 'zod/v4/locales', namespace: 'zod-english-only', pluginData: join(dirname(importer), '../locales/en.js') }
        : undefined,
    );
    bundle.onLoad({ filter: /.*/, namespace: 'zod-english-only' }, ({ pluginData: english }: { pluginData: string }) => ({
      contents: `export { default as en } from ${JSON.stringify(english)};`,
      resolveDir: dirname(english),
      loader: 'js',
    }));
  },
};

/**
 * The MCP SDK's `Server` and `Client` build their ajv validator in their constructors, so the SDK's
 * static import of ajv put ajv in a start's code though a start makes neither. Its two imports
 * (`ajv`, `ajv-formats`, from validation/ajv-provider.js) read mcpsim's lazily loaded ajv instead
 * (src/domain/lazy-packages.ts): the same classes, required at the first Server or Client.
 */
const sdkAjvAtFirstUse: Plugin = {
  name: 'sdk-ajv-at-first-use',
  setup(bundle) {
    bundle.onResolve({ filter: /^ajv(-formats)?$/ }, ({ path, importer }) =>
      /[\\/]@modelcontextprotocol[\\/]sdk[\\/].*[\\/]validation[\\/]ajv-provider\.js$/.test(importer)
        ? { path, namespace: 'sdk-ajv-at-first-use' }
        : undefined,
    );
    bundle.onLoad({ filter: /.*/, namespace: 'sdk-ajv-at-first-use' }, ({ path }) => ({
      contents: [
        `import { ajvPackage } from ${JSON.stringify(resolve('src/domain/lazy-packages.ts'))};`,
        path === 'ajv'
          ? 'export default function Ajv(options) { return new (ajvPackage().Ajv)(options); }'
          : 'export default function addFormats(ajv, options) { return ajvPackage().addFormats(ajv, options); }',
      ].join('\n'),
      resolveDir: resolve('.'),
      loader: 'js',
    }));
  },
};

// The bundle's name is its content hash: an earlier build's would stay beside it, and be published.
rmSync('dist/cli/chunks', { recursive: true, force: true });

// The whole CLI in one CommonJS file (dist/cli/chunks/cli-<hash>.cjs), since Node 20 keeps V8's code
// cache for a `vm.Script` but for no ES module; each command's modules are still evaluated only when
// it runs (esbuild turns an `import()` into a call of the module's initialiser).
const { metafile } = await build({
  stdin: { contents: "import { runCli } from './src/cli/run-cli.ts'; void runCli();", resolveDir: '.', sourcefile: 'cli.ts', loader: 'ts' },
  outdir: 'dist/cli/chunks',
  entryNames: 'cli-[hash]',
  outExtension: { '.js': '.cjs' },
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  external: ['better-sqlite3'],
  plugins: [zodEnglishOnly, sdkAjvAtFirstUse],
  // code-cache-bin.ts runs the bundle with the file's own `__filename`, as Node runs a CommonJS file.
  banner: { js: "const __mcpsimImportMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
  define: {
    MCPSIM_BUILD_ID: JSON.stringify(buildId),
    MCPSIM_LAZY_PACKAGES: 'true',
    'import.meta.url': '__mcpsimImportMetaUrl',
  },
  metafile: true,
  logLevel: 'warning',
});
const cliBundle = Object.keys(metafile.outputs).find((path) => /^dist\/cli\/chunks\/cli-[^/]+\.cjs$/.test(path));
if (!cliBundle) throw new Error(`no dist/cli/chunks/cli-<hash>.cjs among ${Object.keys(metafile.outputs).join(', ')}`);

// dist/cli/bin.js, over tsc's: runs the bundle through V8's code cache (src/cli/code-cache-bin.ts).
await build({
  entryPoints: ['src/cli/code-cache-bin.ts'],
  outfile: 'dist/cli/bin.js',
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  define: { MCPSIM_CLI_BUNDLE: JSON.stringify(basename(cliBundle)) },
  logLevel: 'warning',
});

// The packages a start does not need (src/domain/lazy-packages.ts), one CommonJS file per group that
// lazy-packages.ts requires from the bundle's folder at the first use: dist/cli/chunks/lazy-<name>.cjs.
for (const [name, exports] of Object.entries(lazyPackageExports)) {
  const contents = Object.entries(exports)
    .map(([specifier, names]) => (names === '*' ? `export * from '${specifier}';` : `export { ${names} } from '${specifier}';`))
    .join('\n');
  await build({
    stdin: { contents, resolveDir: '.', sourcefile: `lazy-${name}.js` },
    outfile: `dist/cli/chunks/lazy-${name}.cjs`,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
  });
}

// The demo catalog, checked now, so a start reads its entries without parsing each (store/demo-catalog.ts).
writeCheckedCatalog(buildId);

// The bundled scenarios, checked now with this build's id, so the demo's first start (a fresh data
// directory) skips their checks too: dist/cli/scenario-checks.json, read beside the data directory's.
// One with a problem is not kept: a start checks it and shows the problem.
const checked = openScenarioCheckCache('dist/cli', buildId)!;
await loadScenarios(bundledScenariosDir, { checked });
checked.save();
