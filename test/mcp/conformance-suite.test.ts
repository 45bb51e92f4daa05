/**
 * The official MCP conformance suite's server scenarios (`@modelcontextprotocol/conformance`
 * 0.1.16) against its reference server (vendored in test/support/conformance/), run directly and
 * through a real connection's endpoint on mcpsim (a relay in an MCP session, over a socket):
 * every scenario that passes directly passes through the relay. Each run takes the suite about a
 * minute on a busy machine, so the runs go side by side.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConformanceSuite, startReferenceServer, type SuiteOutcome } from '../support/conformance-suite.js';
import { join } from 'node:path';
import { pairStdioServer } from '../../src/platform/stdio-pairing.js';
import { startHarness, testApiKey, type Harness } from '../support/harness.js';

const stdioBridge = join(import.meta.dirname, '..', 'support', 'conformance', 'stdio-bridge.mjs');

describe('the MCP conformance suite’s server scenarios', () => {
  let reference: Awaited<ReturnType<typeof startReferenceServer>>;
  let harness: Harness;
  let direct: SuiteOutcome;
  let relayed: SuiteOutcome;
  let uplinked: SuiteOutcome;
  let ended: Promise<string> | undefined;

  beforeAll(async () => {
    reference = await startReferenceServer();
    harness = await startHarness('socket', { upstreamCallTimeoutMs: 30_000 });
    await harness.call('PUT', '/namespaces/conformance');
    const put = await harness.call('PUT', '/connect/conformance/reference', { body: { mcpUrl: reference.url } });
    expect(put.body.status).toEqual({ state: 'connected' });
    await harness.call('PUT', '/connect/conformance/stdio', { body: { transport: 'uplink' } });
    const pairing = pairStdioServer(
      harness.platform,
      { namespace: 'conformance', connectionId: 'stdio' },
      { command: process.execPath, args: [stdioBridge, reference.url] },
    );
    ended = pairing.ended;
    await pairing.ready;
    [direct, relayed, uplinked] = await Promise.all([
      runConformanceSuite(reference.url),
      runConformanceSuite(`${harness.baseUrl}/connect/conformance/reference/mcp`, `Bearer ${testApiKey}`),
      runConformanceSuite(`${harness.baseUrl}/connect/conformance/stdio/mcp`, `Bearer ${testApiKey}`),
    ]);
  }, 240_000);
  afterAll(async () => {
    await harness?.close();
    await ended;
    await reference?.close();
  });

  it('all pass against the reference server directly', () => {
    const failed = [...direct].filter(([, outcome]) => !outcome.passed);
    expect(failed).toEqual([]);
    expect(direct.size).toBeGreaterThanOrEqual(25);
  });

  const lostIn = (other: SuiteOutcome) =>
    [...direct]
      .filter(([scenario, outcome]) => outcome.passed && !other.get(scenario)?.passed)
      .map(([scenario]) => [scenario, other.get(scenario)?.failures ?? ['not run']]);

  it('every scenario that passes directly passes through a relayed connection', () => {
    expect(lostIn(relayed)).toEqual([]);
  });

  it('every scenario that passes directly passes through a stdio uplink', () => {
    expect(lostIn(uplinked)).toEqual([]);
  });
});
