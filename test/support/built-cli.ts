/**
 * The mcpsim CLI as the child-process tests run it: built once per `vitest run` from the current
 * sources (vitest.config.ts `globalSetup`), so a child pays plain node's start instead of tsx's
 * transform of ~300 modules, and one bundle instead of ~840 modules to link (docs/testing.md).
 *
 * The build (build-cli.ts) runs `npm run build`'s bundling step (scripts/bundle-cli.ts) in a
 * temporary directory laid out like the repository: `dist/cli/` holds the bundle, every other
 * top-level entry is a symlink to the real one, so the package root (src/package-root.ts), its
 * catalog/, scenarios/ and node_modules resolve as they do from the checkout.
 *
 *   spawn(process.execPath, [...cliArguments(), 'serve', '--port', '0'], { cwd: projectDirectory });
 */
import { join } from 'node:path';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    builtCliDirectory: string;
  }
}

/** The node arguments that run the built CLI: `[...cliArguments(), 'serve']`. */
export function cliArguments(): string[] {
  return [builtCliEntry()];
}

/** The built `src/cli/bin.ts`, for a test that writes a launcher script around it. */
export function builtCliEntry(): string {
  return join(inject('builtCliDirectory'), 'dist', 'cli', 'bin.js');
}
