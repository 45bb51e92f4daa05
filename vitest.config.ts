import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { resolveBrowserSuites } from './test/support/browser-suites.js';
import { unisolatedTests } from './test/support/unisolated-tests.js';

// Without Chromium the browser suites are left out, in one line that says which and how to run them
// (a fresh machine: `npm test` passes); with MCPSIM_REQUIRE_BROWSER=1 (.ci/run) a missing one fails.
const browser = resolveBrowserSuites();
if (browser.notice) console.log(browser.notice);

// docs/testing.md says how the suite is split for speed and what keeps a file in the unisolated project.
export default defineConfig({
  test: {
    exclude: [...configDefaults.exclude, ...browser.exclude],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Builds the CLI once from the current sources for the child-process tests (test/support/built-cli.ts).
    globalSetup: ['test/support/global-setup.ts'],
    // vitest run's default is one worker fewer than the cores: one file at a time on 2 cores, while
    // most files wait on sockets and child processes. One per core overlaps that waiting.
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: unisolatedTests, isolate: false },
      },
      {
        extends: true,
        test: {
          name: 'platform',
          include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...browser.exclude, ...unisolatedTests],
        },
      },
    ],
  },
});
