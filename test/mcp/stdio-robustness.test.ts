/**
 * A paired stdio server that misbehaves after it started (issue 18, item 4): it exits while a call
 * is in flight, writes garbage to stdout between answers, or floods stderr. Each gives a clear
 * answer and status at once, never a request waiting for the call timeout, and messages stay short.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually.js';
import { startHarness, type Harness } from '../support/harness.js';
import { pairStdioServer } from '../../src/platform/stdio-pairing.js';

const oddServer = join(import.meta.dirname, '..', 'support', 'stdio-odd-server.mjs');
/** Long enough that "at once" and "at the timeout" cannot be confused on a busy machine. */
const callTimeoutMs = 30_000;

describe('a paired stdio server that fails mid-session', () => {
  let harness: Harness;
  const ended: Promise<string>[] = [];

  beforeAll(async () => {
    harness = await startHarness('socket', { upstreamCallTimeoutMs: callTimeoutMs });
    await harness.call('PUT', '/namespaces/local');
  });
  afterAll(async () => {
    await harness.close();
    await Promise.all(ended);
  });

  async function pair(id: string) {
    expect((await harness.call('PUT', `/connect/local/${id}`, { body: { transport: 'uplink' } })).status).toBe(201);
    const pairing = pairStdioServer(
      harness.platform,
      { namespace: 'local', connectionId: id },
      { command: process.execPath, args: [oddServer, 'serve'] },
    );
    ended.push(pairing.ended);
    await pairing.ready;
    return pairing;
  }
  const callTool = (id: string, name: string, rpcId = 1) =>
    harness.call('POST', `/connect/local/${id}/mcp`, {
      body: { jsonrpc: '2.0', id: rpcId, method: 'tools/call', params: { name, arguments: {} } },
    });

  /** Pairs a server as `id` and calls `tool`, which must fail with a 502 well before the call timeout. */
  async function failingCall(id: string, tool: string, rpcId: number) {
    const pairing = await pair(id);
    const started = Date.now();
    const answer = await callTool(id, tool, rpcId);
    expect(Date.now() - started).toBeLessThan(callTimeoutMs / 2);
    expect(answer.status).toBe(502);
    return { pairing, answer };
  }

  it('exits while a call is in flight: the call fails at once with a 502 that says the process ended, and the status is disconnected', async () => {
    const { pairing, answer } = await failingCall('dies', 'die', 4);
    expect(answer.body).toMatchObject({
      jsonrpc: '2.0',
      id: 4,
      error: { message: expect.stringContaining('exited with code 9; its last stderr lines: dying in the middle of a call') },
    });
    expect(await pairing.ended).toContain('exited with code 9');
    await eventually(async () => expect((await harness.call('GET', '/connect/local/dies')).body.status).toEqual({ state: 'disconnected' }));
    const rest = await harness.call('POST', '/connect/local/dies/.tools/pid', { body: {} });
    expect(rest.status).toBe(502);
    expect(rest.body.message).toContain('no local server paired to it');
  });

  it('writes garbage to stdout between answers: the garbage is skipped, the call and the ones after it are answered', async () => {
    await pair('noisy');
    const answer = await callTool('noisy', 'noise');
    expect(answer.status).toBe(200);
    expect(answer.body.result).toEqual({ content: [{ type: 'text', text: 'still here' }] });
    expect((await callTool('noisy', 'pid')).body.result.content[0].text).toMatch(/^\d+$/);
    expect((await harness.call('GET', '/connect/local/noisy')).body.status).toEqual({ state: 'connected' });
  });

  it('writes megabytes to stdout without a line break: stopped, the call fails at once saying why, mcpsim unharmed', async () => {
    const { pairing, answer } = await failingCall('flooding', 'flood', 5);
    expect(answer.body.error.message).toContain(
      'stopped by mcpsim: it wrote more than 10 MiB to stdout without a line break, which is not MCP over stdio',
    );
    expect(await pairing.ended).toContain('without a line break');
    await eventually(async () =>
      expect((await harness.call('GET', '/connect/local/flooding')).body.status).toEqual({ state: 'disconnected' }),
    );
    expect((await harness.call('GET', '/health')).status).toBe(200);
  });

  it('floods stderr: calls are still answered, and the status keeps only the last lines, cut short', async () => {
    const pairing = await pair('loud');
    const started = Date.now();
    const answer = await callTool('loud', 'shout');
    expect(answer.body.result).toEqual({ content: [{ type: 'text', text: 'shouted' }] });
    expect(Date.now() - started).toBeLessThan(callTimeoutMs / 2);
    await callTool('loud', 'die');
    const how = await pairing.ended;
    expect(how).toContain('exited with code 9');
    expect(how).toContain('dying in the middle of a call');
    // 10 lines of at most 500 characters each, however much was written.
    expect(how.length).toBeLessThan(10 * 510 + 200);
    const { status } = (await harness.call('GET', '/connect/local/loud')).body;
    expect(status).toEqual({ state: 'disconnected' });
  });
});
