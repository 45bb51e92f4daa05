/**
 * A fresh platform for each test whose mock connections answer from the stateful simulator alone:
 * no model and no fixture (an empty fixtures folder, miss policy `simulate`), in process, on a real
 * SQLite file. The tests of how the simulator plays a server use it.
 *
 * @example
 *   let harness: Harness;
 *   const simulator = useSimulatorHarness('mcpsim-web-', (started) => (harness = started));
 *   await harness.close(); await simulator.startAnother(); // a second platform, as after a restart
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach } from 'vitest';
import { createToolResults } from '../../src/sim/tool-results.js';
import { startHarness, type Harness } from './harness.js';

export function useSimulatorHarness(prefix: string, started: (harness: Harness) => void): { startAnother(): Promise<Harness> } {
  const emptyFixtures = mkdtempSync(join(tmpdir(), prefix));
  let current: Harness | undefined;
  afterAll(() => rmSync(emptyFixtures, { recursive: true, force: true }));
  const start = async () => {
    current = await startHarness('in-process', { toolResults: createToolResults({ fixturesDir: emptyFixtures, missPolicy: 'simulate' }) });
    started(current);
    return current;
  };
  beforeEach(start);
  afterEach(() => current?.close());
  // Another platform on the same (empty) fixtures, after the test closed its own: a restart.
  return { startAnother: start };
}
