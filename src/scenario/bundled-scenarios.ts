import { existsSync, readdirSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packagePath } from '../package-root.js';

/** The demo scenarios shipped with mcpsim, and their fixtures. */
export const bundledScenariosDir = packagePath('scenarios');
export const bundledFixturesDir = packagePath('fixtures');

/** The names of the bundled scenarios (`issue-triage`, ...), sorted. */
export function bundledScenarioNames(): string[] {
  return readdirSync(bundledScenariosDir)
    .filter((name) => /\.ya?ml$/.test(name))
    .map((name) => name.replace(/\.ya?ml$/, ''))
    .sort();
}

/**
 * Where a scenario given to a library call lives: a `URL` or `file:` URL as it says (so
 * `new URL('./triage.yaml', import.meta.url)` is relative to the calling module); a plain name
 * without a slash or extension is a bundled scenario (`issue-triage`); an absolute path as is; any
 * other path relative to the current directory. Throws, naming the resolved path and the ways to
 * say it, when there is no file there.
 *
 * @example
 *   resolveScenarioPath('issue-triage');                          // <package>/scenarios/issue-triage.yaml
 *   resolveScenarioPath(new URL('./a.yaml', import.meta.url));    // the file beside the caller
 */
export function resolveScenarioPath(scenario: string | URL, cwd = process.cwd()): string {
  const given = String(scenario);
  let path: string;
  if (scenario instanceof URL || given.startsWith('file:')) path = fileURLToPath(scenario);
  else if (/^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(given)) {
    path = resolve(bundledScenariosDir, `${given}.yaml`);
    if (!existsSync(path))
      throw new Error(
        `mcpsim: there is no bundled scenario "${given}"; the bundled ones are ${bundledScenarioNames().join(', ')} (give a path or a URL for a file of your own)`,
      );
  } else path = isAbsolute(given) ? given : resolve(cwd, given);
  if (!existsSync(path)) {
    const how =
      isAbsolute(given) || scenario instanceof URL || given.startsWith('file:') ? '' : ` (resolved against the current directory ${cwd})`;
    throw new Error(
      `mcpsim: no scenario file at ${path}${how}; give an absolute path, a URL such as new URL('./my-scenario.yaml', import.meta.url), or a bundled scenario name (${bundledScenarioNames().join(', ')})`,
    );
  }
  return path;
}
