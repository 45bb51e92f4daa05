/**
 * The test files that share one module graph per worker (vitest `isolate: false`, the `unit`
 * project of vitest.config.ts): each pays its imports once per worker instead of once per file.
 * A file belongs here only while it changes nothing another file could see: no server or child
 * process left running, no `process.env` or `process.on`, no fake timers, no msw, no `vi.mock`, no
 * spy it does not restore, no module-level state it mutates. docs/testing.md says more.
 */
export const unisolatedTests: string[] = [
  // The pure source units: words, schemas, rules and worlds in, values out.
  'src/**/*.test.ts',
  // Static scans of the repository.
  'test/no-timing.test.ts',
  'test/bench/corpus-files.test.ts',
  'test/bench/corpus-measure.test.ts',
  // Simulator and store units driven in process, on their own temporary directories.
  'test/mcp/recorded-events.test.ts',
  'test/mcp/session-stores.test.ts',
  'test/scenario/scenario-load.test.ts',
  'test/sim/fixture-recorder.test.ts',
  'test/sim/model-judge.test.ts',
  'test/sim/prompt-fidelity.test.ts',
  'test/sim/prompt-session-golden.test.ts',
  'test/sim/public-walks.test.ts',
  'test/sim/replay-source.test.ts',
  'test/sim/runner-recorded-events.test.ts',
  'test/sim/world-as-written.test.ts',
  'test/sim/world-walks.test.ts',
  'test/store/read-cache.test.ts',
];
