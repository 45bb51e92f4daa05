import { configDefaults, defineConfig } from 'vitest/config';
import { resolveBrowserSuites } from './test/support/browser-suites.js';

// Without Chromium the browser suites are left out, in one line that says which and how to run them
// (a fresh machine: `npm test` passes); with MCPSIM_REQUIRE_BROWSER=1 (.ci/run) a missing one fails.
const browser = resolveBrowserSuites();
if (browser.notice) console.log(browser.notice);

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...browser.exclude],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
