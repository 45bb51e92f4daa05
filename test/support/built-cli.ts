/**
 * The mcpsim CLI as the child-process tests run it: built once per `vitest run` from the current
 * sources (vitest.config.ts `globalSetup`), so a child pays plain node's start instead of tsx's
 * transform of ~300 modules (serve to listening about 1.5 s instead of 2.5–3.5 s here, and about
 * 2 s less CPU per start; docs/testing.md).
 *
 * The build (build-cli.ts) is a per-file transform (no bundle) into a temporary directory laid out like the
 * repository: `src/` holds the output, every other top-level entry is a symlink to the real one, so
 * the `new URL('../../catalog/', import.meta.url)` lookups of the sources and node_modules resolve
 * exactly as they do from `src/`.
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
  return join(inject('builtCliDirectory'), 'src', 'cli', 'bin.js');
}
