/**
 * A scenario's `clock:` in `mcpsim serve`: the served mocks live at the time the scenario says,
 * as `mcpsim test` does, unless `--clock` or `MCPSIM_CLOCK` chose a clock. The real CLI as a child
 * process, with a scenario file a QA person would write.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startDemo, type DemoServer } from '../support/demo-server.js';

const directory = mkdtempSync(join(tmpdir(), 'mcpsim-serve-clock-'));
const scenarioFile = join(directory, 'standup.yaml');
writeFileSync(
  scenarioFile,
  `name: standup
clock: '2026-03-03T09:00:00Z'
servers:
  - qualifiedName: '@qa/clock'
    displayName: QA Clock
    description: Tells the time.
    tools:
      - name: get_current_time
        description: Returns the current date and time.
        inputSchema: { type: object, properties: {} }
namespaces:
  - name: team
    connections:
      - id: clock
        server: '@qa/clock'
        mock: A small team that keeps the time.
`,
);

let served: DemoServer | undefined;
afterEach(async () => {
  await served?.stop();
  served = undefined;
});
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe("serve and a scenario's clock", () => {
  it("starts a virtual clock at the scenario's clock, which the banner shows and the mock answers", async () => {
    served = await startDemo(['serve', '--data-dir', join(directory, 'a'), '--scenario', scenarioFile]);
    expect(served.output()).toContain('Clock       virtual, at 2026-03-03T09:00:00.000Z');
    expect((await served.api('GET', '/__mcpsim/clock')).body).toEqual({ now: '2026-03-03T09:00:00.000Z', virtual: true });
    const answer = await served.api('POST', '/connect/team/clock/.tools/get_current_time', {});
    expect(answer.status).toBe(200);
    expect(JSON.stringify(answer.body)).toContain('2026-03-03T09:00:00');
  }, 60_000);

  it('keeps the clock --clock chose', async () => {
    served = await startDemo(['serve', '--data-dir', join(directory, 'b'), '--scenario', scenarioFile, '--clock', 'system']);
    expect(served.output()).not.toContain('✗');
    expect(served.output()).not.toContain('Clock       virtual');
    const clock = (await served.api('GET', '/__mcpsim/clock')).body as { now: string; virtual: boolean };
    expect(clock.virtual).toBe(false);
    expect(clock.now.startsWith('2026-03-03T09:00')).toBe(false);
  }, 60_000);
});
