/**
 * The official MCP conformance suite's server scenarios (`@modelcontextprotocol/conformance`
 * 0.1.16) against its reference server (vendored in test/support/conformance/), run directly and
 * through a real connection's endpoint on mcpsim (a relay in an MCP session, over a socket):
 * every scenario that passes directly passes through the relay. Each run takes the suite about a
 * minute on a busy machine, so the two runs go side by side.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConformanceSuite, startReferenceServer, type SuiteOutcome } from '../support/conformance-suite.js';
import { startHarness, testApiKey, type Harness } from '../support/harness.js';

describe('the MCP conformance suite’s server scenarios', () => {
  let reference: Awaited<ReturnType<typeof startReferenceServer>>;
  let harness: Harness;
  let direct: SuiteOutcome;
  let relayed: SuiteOutcome;

  beforeAll(async () => {
    reference = await startReferenceServer();
    harness = await startHarness('socket', { upstreamCallTimeoutMs: 30_000 });
    await harness.call('PUT', '/namespaces/conformance');
    const put = await harness.call('PUT', '/connect/conformance/reference', { body: { mcpUrl: reference.url } });
    expect(put.body.status).toEqual({ state: 'connected' });
    [direct, relayed] = await Promise.all([
      runConformanceSuite(reference.url),
      runConformanceSuite(`${harness.baseUrl}/connect/conformance/reference/mcp`, `Bearer ${testApiKey}`),
    ]);
  }, 240_000);
  afterAll(async () => {
    await harness?.close();
    await reference?.close();
  });

  it('all pass against the reference server directly', () => {
    const failed = [...direct].filter(([, outcome]) => !outcome.passed);
    expect(failed).toEqual([]);
    expect(direct.size).toBeGreaterThanOrEqual(25);
  });

  it('every scenario that passes directly passes through a relayed connection', () => {
    const lost = [...direct]
      .filter(([scenario, outcome]) => outcome.passed && !relayed.get(scenario)?.passed)
      .map(([scenario]) => [scenario, relayed.get(scenario)?.failures ?? ['not run']]);
    expect(lost).toEqual([]);
  });
});
