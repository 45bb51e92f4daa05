import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * mcpsim's own folder, the one holding its package.json (and catalog/, scenarios/, fixtures/,
 * data/): found by walking up from this module, so it is the same from src/ (tsx), from dist/ (tsc)
 * and from the bundled CLI in dist/cli/ (esbuild), whatever depth the code that asks sits at.
 */
export const packageRoot: string = findPackageRoot(dirname(fileURLToPath(import.meta.url)));

function findPackageRoot(start: string): string {
  for (let directory = start; ; directory = dirname(directory)) {
    const manifest = join(directory, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'mcpsim') return directory;
    if (dirname(directory) === directory) throw new Error(`mcpsim: no package.json named "mcpsim" above ${start}`);
  }
}

/**
 * A path inside mcpsim's folder.
 *
 * @example
 *   packagePath('catalog'); // <package>/catalog
 */
export function packagePath(...parts: string[]): string {
  return join(packageRoot, ...parts);
}
