/**
 * The official MCP conformance suite's server scenarios (`@modelcontextprotocol/conformance`
 * 0.1.16) against its reference server (vendored in test/support/conformance/), run directly,
 * through a real connection's endpoint on mcpsim (a relay in an MCP session, over a socket),
 * through a stdio uplink, and against the mock `mcpsim capture` made of a session the suite drove
 * (the capture and then the mock run beside the other three). Each run takes the suite about a
 * minute on a busy machine, so the runs go side by side.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConformanceSuite, startReferenceServer, type SuiteOutcome } from '../support/conformance-suite.js';
import { join } from 'node:path';
import { pairStdioServer } from '../../src/platform/stdio-pairing.js';
import { startHarness, testApiKey, type Harness } from '../support/harness.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { startCliSession } from '../support/cli-session.js';

const stdioBridge = join(import.meta.dirname, '..', 'support', 'conformance', 'stdio-bridge.mjs');

describe('the MCP conformance suite’s server scenarios', () => {
  let reference: Awaited<ReturnType<typeof startReferenceServer>>;
  let harness: Harness;
  let direct: SuiteOutcome;
  let relayed: SuiteOutcome;
  let uplinked: SuiteOutcome;
  let mocked: SuiteOutcome;
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
    [direct, relayed, uplinked, mocked] = await Promise.all([
      runConformanceSuite(reference.url),
      runConformanceSuite(`${harness.baseUrl}/connect/conformance/reference/mcp`, `Bearer ${testApiKey}`),
      runConformanceSuite(`${harness.baseUrl}/connect/conformance/stdio/mcp`, `Bearer ${testApiKey}`),
      captureThenMock(reference.url),
    ]);
  }, 360_000);
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

  it('every scenario that passes directly passes against the mock captured from it', () => {
    expect(lostIn(mocked)).toEqual([]);
  });
});

const mockKey = 'conformance-key-0123456789';

/** `mcpsim capture --url` with the suite driving it, then the suite against `serve --scenario` of what it wrote. */
async function captureThenMock(referenceUrl: string): Promise<SuiteOutcome> {
  const directory = mkdtempSync(join(tmpdir(), 'mcpsim-conformance-capture-'));
  const common = ['--port', '0', '--host', '127.0.0.1', '--api-key', mockKey, '--quiet', '--upstream-timeout', '30000'];
  const capture = startCliSession([
    'capture',
    directory,
    '--url',
    referenceUrl,
    '--data-dir',
    mkdtempSync(join(tmpdir(), 'mcpsim-')),
    ...common,
  ]);
  const captureUrl = await capture.ready('Capturing every tool call');
  await runConformanceSuite(`${captureUrl}/connect/captured/server/mcp`, `Bearer ${mockKey}`);
  expect(await capture.stop()).toBe(0);
  const serve = startCliSession([
    'serve',
    '--scenario',
    join(directory, 'scenario.yaml'),
    '--data-dir',
    mkdtempSync(join(tmpdir(), 'mcpsim-')),
    ...common,
  ]);
  const mockUrl = await serve.ready();
  try {
    return await runConformanceSuite(`${mockUrl}/connect/captured/server/mcp`, `Bearer ${mockKey}`);
  } finally {
    await serve.stop();
  }
}
