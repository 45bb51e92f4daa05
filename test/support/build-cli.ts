/** Builds the CLI from the current sources for the child-process tests; built-cli.ts says why and how. */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const projectDirectory = fileURLToPath(new URL('../..', import.meta.url));

/** Builds the current sources into a fresh temporary directory; the caller removes it. */
export async function buildCli(): Promise<string> {
  const directory = mkdtempSync(join(tmpdir(), 'mcpsim-built-cli-'));
  try {
    // Every entry of the checkout is a link to it but dist/, which the build below writes afresh,
    // so this checkout's own dist/ is never touched while other files read it.
    for (const entry of readdirSync(projectDirectory)) {
      if (entry !== 'dist' && entry !== '.git') symlinkSync(join(projectDirectory, entry), join(directory, entry));
    }
    mkdirSync(join(directory, 'dist'));
    // The bundling step of `npm run build` itself, run in that directory: the tests' CLI is the one
    // `npm start` runs, one CommonJS bundle (through V8's code cache) instead of ~840 modules to resolve and link
    // (a child's --version about 1 s of CPU instead of 1.9 s as per-file ES modules).
    // Node resolves a module through its symlinks to the checkout, where src/package-root.ts would
    // then find this checkout and write the checked catalog into its dist/ (or fail when it has
    // none); kept as links, the build's package root is this directory, and the bundle finds its
    // checked catalog (dist/cli/demo-catalog.json) beside it, so each child skips that check.
    await promisify(execFile)(
      process.execPath,
      ['--preserve-symlinks', '--preserve-symlinks-main', '--import', 'tsx', join('scripts', 'bundle-cli.ts')],
      {
        cwd: directory,
        timeout: 120_000,
      },
    );
    return directory;
  } catch (error) {
    rmSync(directory, { recursive: true, force: true });
    throw error;
  }
}
