/**
 * No test asserts how fast something is (issue 40): on a busy machine such a test fails for no fault
 * of the code, as a CI run did on a mean of 21.35 ms against 21.19. Speed is shown by `npm run
 * bench*`; a test asserts the work (counts of renders, listeners, calls) instead.
 *
 * The scan is static, over every test file and test/support: each reading of the clock that can
 * make a duration (`performance.now()`, `process.hrtime`, `Date.now()` stored or subtracted) must
 * be listed below with the number of such readings in its file and why it stays. What may stay: a
 * bound that only proves a timeout fires or that nothing hangs (at least 10× what it bounds), a lower
 * bound on a deliberate wait (a busy machine only lengthens it), a wait loop's deadline, a window
 * around a timestamp. A file that reads the clock may not compute statistics of it either.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Each file that reads the clock for a duration: how many readings, and why they stay. */
const allowed: Record<string, { readings: number; why: string }> = {
  'test/api/body-budget.test.ts': {
    readings: 8,
    why: 'the 408 and 503 timeouts fire (bounds 10× the grace, deadline and wait), lower bounds on deliberate waits',
  },
  'test/api/clock.test.ts': { readings: 2, why: 'a window around the system clock’s timestamp, not a duration' },
  'test/api/faults.test.ts': {
    readings: 4,
    why: 'a lower bound on a 150 ms fault latency; another tool answers within a tenth of a 100 s latency',
  },
  'test/api/self-relay.test.ts': { readings: 2, why: '/health answers within 10 s: proves nothing hangs' },
  'test/cli/demo.test.ts': { readings: 2, why: 'the deadline of a loop that waits for the banner' },
  'test/cli/scenario-cli.test.ts': { readings: 2, why: 'the deadline of a loop that waits for output' },
  'test/cli/token-cli.test.ts': { readings: 2, why: 'a window around the minted token’s timestamp, not a duration' },
  'test/mcp/everything-http.test.ts': {
    readings: 4,
    why: 'a stopped upstream fails within 10 s (the message tells it from the 5 s call timeout): nothing hangs',
  },
  'test/mcp/namespace-tools-upstreams.test.ts': { readings: 2, why: 'the listing waits the 500 ms timeout, and ends within 10× it' },
  'test/mcp/session-bounds.test.ts': { readings: 2, why: '/health answers within 10 s: proves nothing hangs' },
  'test/mcp/session-lifetimes.test.ts': { readings: 4, why: 'the deadlines of loops that wait for a stream to end' },
  'test/mcp/stdio-robustness.test.ts': { readings: 4, why: 'a failure is told from the 30 s call timeout by half of it' },
  'test/mcp/stdio-uplink.test.ts': { readings: 6, why: 'the call and start timeouts fire (bounds 10× them); a crash hangs nothing' },
  'test/mcp/uplink-pairing.test.ts': { readings: 2, why: 'the 1.5 s initialize timeout fires (bound 10× it)' },
  'test/mcp/upstream-relay.test.ts': { readings: 2, why: 'the 400 ms upstream timeout fires (bound 10× it)' },
  'test/mcp/upstream-servers.test.ts': { readings: 2, why: 'the 300 ms connect timeout fires (bound 10× it)' },
  'test/scenario/scenario-reload.test.ts': { readings: 2, why: 'the deadline of a loop that waits for a reload' },
  'test/sim/capture-whole-session.test.ts': { readings: 2, why: 'the deadline of a loop that waits for the capture to start' },
  'test/sim/model-source.test.ts': { readings: 2, why: 'two 50 ms model timeouts fire (bound 10× them)' },
  'test/sim/simulator-memory.test.ts': {
    readings: 2,
    why: 'a lower bound on deliberate model delays: calls of one connection wait in turn',
  },
  'test/sim/simulator-sources.test.ts': {
    readings: 2,
    why: 'model timeouts fire (bound 10× the two 200 ms attempts), a lower bound on them',
  },
  'test/support/cli-session.ts': { readings: 2, why: 'the deadline of a loop that waits for a prompt' },
  'test/support/demo-server.ts': { readings: 2, why: 'the deadline of a loop that waits for the banner' },
};

const clockReading = /performance\.now\(\)|process\.hrtime|Date\.now\(\)\s*-\s*[A-Za-z_(]|=\s*Date\.now\(\)\s*;/g;
/** A median, percentile or average; "mean" only as a name (`mean =`, `.mean`), since "did you mean" is prose. */
const statistics = /\b(median|average|percentile|p50|p90|p95|p99)\b|\bmean\s*[=:(]|\.mean\b/i;

function testFiles(): string[] {
  const under = (folder: string, keep: (path: string) => boolean) =>
    (readdirSync(root + folder, { recursive: true }) as string[]).map((path) => `${folder}${path.split('\\').join('/')}`).filter(keep);
  const script = (path: string) => /\.(ts|tsx|mjs|cjs|js)$/.test(path);
  return [
    ...under('test/', (path) => script(path) && (path.startsWith('test/support/') || /\.test\.tsx?$/.test(path))),
    ...under('src/', (path) => /\.test\.tsx?$/.test(path)),
  ]
    .filter((path) => path !== 'test/no-timing.test.ts')
    .sort();
}

/** The file's code without comments, so a comment that names a clock or a median is not counted. */
function code(path: string): string {
  return readFileSync(root + path, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

describe('tests that assert no speed', () => {
  const files = testFiles();
  const readings = Object.fromEntries(files.map((path) => [path, code(path).match(clockReading)?.length ?? 0]));

  it('reads the clock for a duration only where a timeout bound, a deliberate wait or a deadline is listed with its reason', () => {
    const unlisted = files
      .filter((path) => readings[path]! !== (allowed[path]?.readings ?? 0))
      .map((path) => `${path}: ${readings[path]} clock readings, ${allowed[path]?.readings ?? 0} listed`);
    // A new one: assert the work (counts), or move the figure to bench/; a timeout bound gets 10× slack and a line above.
    expect(unlisted).toEqual([]);
  });

  it('computes no statistics of durations (medians, means, percentiles) in a test', () => {
    expect(files.filter((path) => readings[path]! > 0 && statistics.test(code(path)))).toEqual([]);
  });

  it('lists only files that exist, each with a reason', () => {
    expect(Object.keys(allowed).filter((path) => !files.includes(path))).toEqual([]);
    expect(Object.values(allowed).filter(({ why }) => why.length < 20)).toEqual([]);
  });

  it('finds a duration where one is measured (the scan can fail)', () => {
    const sample = 'const started = performance.now();\nawait work();\nexpect(performance.now() - started).toBeLessThan(5);';
    expect(sample.match(clockReading)).toHaveLength(2);
    expect(statistics.test('expect(many.median).toBeLessThan(3 * one.median)')).toBe(true);
  });
});
