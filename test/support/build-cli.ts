/** Builds the CLI from the current sources for the child-process tests; built-cli.ts says why and how. */
import { build } from 'esbuild';
import { mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const projectDirectory = fileURLToPath(new URL('../..', import.meta.url));

/** Builds the current sources into a fresh temporary directory; the caller removes it. */
export async function buildCli(): Promise<string> {
  const directory = mkdtempSync(join(tmpdir(), 'mcpsim-built-cli-'));
  try {
    for (const entry of readdirSync(projectDirectory)) {
      if (entry !== 'src' && entry !== '.git') symlinkSync(join(projectDirectory, entry), join(directory, entry));
    }
    const sources = readdirSync(join(projectDirectory, 'src'), { recursive: true })
      .map(String)
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .map((file) => join(projectDirectory, 'src', file));
    // The same type-stripping transform tsx applies per import (tsx is esbuild), done once.
    await build({
      entryPoints: sources,
      outdir: join(directory, 'src'),
      outbase: join(projectDirectory, 'src'),
      format: 'esm',
      platform: 'node',
      target: 'node20',
      jsx: 'automatic',
      jsxImportSource: 'hono/jsx',
      logLevel: 'warning',
    });
    return directory;
  } catch (error) {
    rmSync(directory, { recursive: true, force: true });
    throw error;
  }
}
