import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Which test files drive a browser, and whether they run here. Read by vitest.config.ts, so it
 * imports no browser driver: a machine without Chromium skips these files instead of failing
 * them, and says so in one line; `.ci/run` sets `MCPSIM_REQUIRE_BROWSER=1`, so CI fails instead.
 */

/** Debian's Chromium (`apt-get install -y chromium`); `MCPSIM_CHROMIUM_PATH` names another, or a missing one to try a fresh machine. */
export const chromiumPath = process.env.MCPSIM_CHROMIUM_PATH ?? '/usr/bin/chromium';

const root = fileURLToPath(new URL('../../', import.meta.url));
const browserDriver = /from '\.\.\/support\/(chromium|demo-dashboard)\.js'/;

/** The test files that import the browser launcher (directly or through the demo dashboard), relative to the root. */
export function findBrowserSuites(): string[] {
  return (readdirSync(`${root}test`, { recursive: true }) as string[])
    .map((path) => `test/${path.split('\\').join('/')}`)
    .filter((path) => path.endsWith('.test.ts') && browserDriver.test(readFileSync(root + path, 'utf8')))
    .sort();
}

/**
 * The browser suites to leave out of this run: none when Chromium is here; all of them, with the
 * one line that says so, when it is not; a thrown error when it is required (CI).
 */
export function resolveBrowserSuites(env: NodeJS.ProcessEnv = process.env): { exclude: string[]; notice: string | null } {
  if (existsSync(chromiumPath)) return { exclude: [], notice: null };
  const suites = findBrowserSuites();
  if (env.MCPSIM_REQUIRE_BROWSER === '1')
    throw new Error(
      `${chromiumPath} is missing and MCPSIM_REQUIRE_BROWSER=1 asks for it: install it with "apt-get install -y chromium" (.ci/run does)`,
    );
  return {
    exclude: suites,
    notice: `mcpsim: ${suites.length} browser suites did not run, ${chromiumPath} is missing (${suites.map((path) => path.replace(/^test\//, '')).join(', ')}); to run them: apt-get install -y chromium`,
  };
}
