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
import { build } from 'esbuild';

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
  // CommonJS packages in an ES module bundle still call require() for Node's built-ins.
  banner: {
    js: "import { createRequire as __mcpsimCreateRequire } from 'node:module'; const require = __mcpsimCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
