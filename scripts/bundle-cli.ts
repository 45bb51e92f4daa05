/**
 * `npm run build`'s second step: bundles the CLI (src/cli/bin.ts and every module it loads, packages
 * included) into dist/cli/bin.js and its lazily loaded chunks (dist/cli/chunks/), over the file tsc
 * wrote there. One bundle instead of ~800 ES modules is most of what `npm start` saves to listening
 * (bench/README.md, "Start-up"): Node resolves, opens and links each module of an unbundled start.
 * The rest of dist/ (the library entry points ".", "./node", "./msw") stays as tsc wrote it, and an
 * unbundled dist/cli/bin.js (tsc alone) runs the same: data files are found from the package's root
 * (src/package-root.ts), whatever folder the code sits in.
 *
 * Packages stay outside the bundle only when they cannot be bundled: better-sqlite3 loads a native
 * addon from its own folder.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { build, type Plugin } from 'esbuild';
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

// The chunks' names are content hashes: an earlier build's would stay beside these, and be published.
rmSync('dist/cli/chunks', { recursive: true, force: true });

await build({
  entryPoints: { bin: 'src/cli/bin.ts' },
  outdir: 'dist/cli',
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  external: ['better-sqlite3'],
  plugins: [zodEnglishOnly],
  // CommonJS packages in an ES module bundle still call require() for Node's built-ins.
  banner: {
    js: "import { createRequire as __mcpsimCreateRequire } from 'node:module'; const require = __mcpsimCreateRequire(import.meta.url);",
  },
  define: { MCPSIM_BUILD_ID: JSON.stringify(buildId) },
  logLevel: 'warning',
});

// The demo catalog, checked now, so a start reads its entries without parsing each (store/demo-catalog.ts).
writeCheckedCatalog(buildId);

// The bundled scenarios, checked now with this build's id, so the demo's first start (a fresh data
// directory) skips their checks too: dist/cli/scenario-checks.json, read beside the data directory's.
// One with a problem is not kept: a start checks it and shows the problem.
const checked = openScenarioCheckCache('dist/cli', buildId)!;
await loadScenarios(bundledScenariosDir, { checked });
checked.save();
