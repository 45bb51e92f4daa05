/**
 * Cal.com's own server as a user brings it: the real 9 tools of `@calcom/cal-mcp` 0.0.6
 * (servers/calcom-mcp-tools.json, listed over stdio with a placeholder key), on a mock described
 * in words, driven with no model over the real platform (a real SQLite file, `app.fetch` in process).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { toolAnswers, useSimulatorHarness } from '../support/simulator-harness.js';

let harness: Harness;
useSimulatorHarness('mcpsim-own-calcom-', (started) => (harness = started));

const tools = JSON.parse(readFileSync(new URL('./servers/calcom-mcp-tools.json', import.meta.url), 'utf8')) as unknown[];

describe('a Cal.com account described in words, through its real tools', () => {
  it('starts with the event types a description lists after a colon, named in sentence case', async () => {
    expect((await harness.call('PUT', '/servers/@qa/calcom', { body: { displayName: 'Cal.com', tools } })).status).toBe(201);
    await harness.call('PUT', '/namespaces/clinic');
    const mock = { enabled: true, scenario: "Dr. Lee's practice. Event types: Therapy session, Intro call." };
    expect((await harness.call('PUT', '/connect/clinic/cal', { body: { server: '@qa/calcom', mock } })).status).toBe(201);
    const call = toolAnswers(harness, 'clinic/cal');
    const listed = await call('getEventTypes', { params: { 'cal-api-version': '2024-06-14' } });
    const titles = JSON.stringify(listed);
    expect(titles).toContain('Therapy session');
    expect(titles).toContain('Intro call');
  });

  it("seeds a booking a description tells with a participle, on a day without a year in the scenario clock's year", async () => {
    harness.clock.set('2027-02-10T08:00:00Z');
    expect((await harness.call('PUT', '/servers/@qa/calcom', { body: { displayName: 'Cal.com', tools } })).status).toBe(201);
    await harness.call('PUT', '/namespaces/clinic');
    const scenario =
      "Dr. Lee's practice. Event types: Therapy session, Intro call. Alex Kim has an upcoming Therapy session booked for 3 December at 10:00.";
    expect(
      (await harness.call('PUT', '/connect/clinic/booked', { body: { server: '@qa/calcom', mock: { enabled: true, scenario } } })).status,
    ).toBe(201);
    const call = toolAnswers(harness, 'clinic/booked');
    const listed = JSON.stringify(
      await call('getBookings', { params: { 'cal-api-version': '2024-08-13', Authorization: 'Bearer cal_test' } }),
    );
    expect(listed).toContain('Alex Kim');
    expect(listed).toContain('2027-12-03T10:00');
  });
});
