/**
 * Fair budgets for large bodies (docs/security.md, "Sessions, logins and budgets"), over a real
 * socket: a share per account under the global cap, a minimum rate and a read deadline (408),
 * and a bound on waiting for budget (503 with retry-after), every refusal a JSON body.
 */
import type { Context } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { createBodyBudget, defaultBodyLimits, type BodyGrant, type BodyLimits } from '../../src/api/http/body-budget.js';
import { isApiError } from '../../src/errors.js';
import { addAccount } from '../support/accounts.js';
import { startHarness, testApiKey, type Harness } from '../support/harness.js';
import { jsonOf, startSlowUpload, statusOf, type SlowUpload } from '../support/slow-upload.js';

const mib = 1024 * 1024;
const otherKey = 'budget-test-other-key';

/** A JSON-RPC `tools/list` padded to `bytes`: a large body the MCP endpoint answers 200 once it has read it. */
const paddedListing = (bytes: number) =>
  JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { pad: 'x'.repeat(bytes) } });

describe('the large-body budget over a socket', () => {
  let harness: Harness;
  const uploads: SlowUpload[] = [];
  afterEach(async () => {
    for (const upload of uploads.splice(0)) upload.stop();
    await harness.close();
  });

  async function start(limits: Partial<BodyLimits> = {}): Promise<number> {
    harness = await startHarness('socket', { limits: { bodies: limits } });
    addAccount(harness.platform, 'other', otherKey);
    return Number(new URL(harness.baseUrl).port);
  }
  const slow = (port: number, options: { key: string; contentLength: number; chunkBytes: number; everyMs: number; path?: string }) => {
    const upload = startSlowUpload(port, { path: '/tokens', ...options });
    uploads.push(upload);
    return upload;
  };
  const mcpPost = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${harness.baseUrl}/connect/demo/time/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${testApiKey}`, 'content-type': 'application/json', accept: 'application/json', ...headers },
      body,
    });

  it("answers account A's large request at once while account B holds slow 16 MB uploads (B gets its share, never the whole budget)", async () => {
    const port = await start();
    // Four uploads of 16 MB at 1 byte a second would once have held all 64 MiB.
    for (let index = 0; index < 4; index++) slow(port, { key: otherKey, contentLength: 16_000_000, chunkBytes: 1, everyMs: 1000 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = performance.now();
    const answer = await mcpPost(paddedListing(8 * mib));
    const milliseconds = performance.now() - started;
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { result: { tools: unknown[] } }).result.tools.length).toBeGreaterThan(0);
    // Not held until B's uploads end (at 1 byte a second, never): a bound that only proves A waited for nothing.
    expect(milliseconds).toBeLessThan(10_000);
  });

  it('cuts off a large body that arrives slower than the minimum rate with 408 naming the rule, and closes the connection', async () => {
    const port = await start({ graceMs: 300, minBytesPerSecond: 64 * 1024, deadlineMs: 10_000 });
    const started = performance.now();
    const upload = slow(port, { key: testApiKey, contentLength: 2 * mib, chunkBytes: 1, everyMs: 50 });
    const answer = await upload.answer;
    expect(performance.now() - started).toBeLessThan(3000);
    expect(statusOf(answer)).toBe(408);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(jsonOf(answer)).toEqual({
      error: 'request_timeout',
      message:
        'Request body arrived slower than 64 KiB/s after its first 0.3 s (the minimum rate for bodies over 1 MiB); send it faster, or in smaller requests',
    });
  });

  it('cuts off a large body that keeps the rate but misses the read deadline with 408 naming the deadline', async () => {
    const port = await start({ graceMs: 200, minBytesPerSecond: 1024, deadlineMs: 800 });
    const started = performance.now();
    // 16 KiB every 50 ms is 320 KiB/s, well over the rate, but 2 MiB needs 6.4 s.
    const answer = await slow(port, { key: testApiKey, contentLength: 2 * mib, chunkBytes: 16 * 1024, everyMs: 50 }).answer;
    const milliseconds = performance.now() - started;
    expect(milliseconds).toBeGreaterThan(700);
    // 10× the 0.8 s deadline: the deadline fired, well before the 6.4 s the upload needed.
    expect(milliseconds).toBeLessThan(8000);
    expect(statusOf(answer)).toBe(408);
    expect(jsonOf(answer)).toEqual({
      error: 'request_timeout',
      message: 'Request body did not arrive within 0.8 s (the read deadline for bodies over 1 MiB); send it faster, or in smaller requests',
    });
  });

  it('answers the MCP endpoint a body cut off as a JSON-RPC error with status 408', async () => {
    const port = await start({ graceMs: 300, minBytesPerSecond: 64 * 1024 });
    const answer = await slow(port, { key: testApiKey, path: '/connect/demo/time/mcp', contentLength: 2 * mib, chunkBytes: 1, everyMs: 50 })
      .answer;
    expect(statusOf(answer)).toBe(408);
    expect(jsonOf(answer)).toMatchObject({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: expect.stringContaining('slower than') },
    });
  });

  it('refuses a large body with 503 and retry-after once it waited longer than the bound for budget, on both kinds of route', async () => {
    const port = await start({ totalBytes: 4 * mib, perAccountBytes: 4 * mib, maxWaitMs: 300, graceMs: 30_000 });
    slow(port, { key: otherKey, contentLength: 3 * mib, chunkBytes: 1, everyMs: 1000 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = performance.now();
    const refused = await fetch(`${harness.baseUrl}/tokens`, {
      method: 'POST',
      headers: { authorization: `Bearer ${testApiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ pad: 'x'.repeat(2 * mib) }),
    });
    expect(performance.now() - started).toBeGreaterThan(250);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toEqual({
      error: 'server_busy',
      message:
        'Waited 0.3 s for a share of the budget for large bodies (over 1 MiB: 4 MiB at once, 4 MiB per account), which other requests hold; try again',
    });
    const mcp = await mcpPost(paddedListing(2 * mib));
    expect(mcp.status).toBe(503);
    expect(mcp.headers.get('retry-after')).toBe('1');
    expect(await mcp.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32600, message: expect.stringContaining('Waited 0.3 s') } });
    // Small bodies never wait.
    expect((await fetch(`${harness.baseUrl}/tokens`, { method: 'POST', headers: { authorization: `Bearer ${testApiKey}` } })).status).toBe(
      200,
    );
  });
});

describe('shares of the budget', () => {
  const request = (length: number) =>
    ({
      req: { header: (name: string) => (name === 'content-length' ? String(length) : undefined), raw: { body: {} } },
    }) as unknown as Context;

  it("hold back only the account over its share: another account's body goes first, and the held one starts when its account releases", async () => {
    const budget = createBodyBudget({ ...defaultBodyLimits, totalBytes: 64 * mib, perAccountBytes: 32 * mib });
    const first = budget.reserve(request(16 * mib), 16 * mib, 'b') as BodyGrant;
    const second = budget.reserve(request(16 * mib), 16 * mib, 'b') as BodyGrant;
    const third = budget.reserve(request(16 * mib), 16 * mib, 'b');
    expect(third).toBeInstanceOf(Promise);
    const other = budget.reserve(request(16 * mib), 16 * mib, 'a');
    expect(other).not.toBeInstanceOf(Promise);
    expect(other).not.toBeNull();
    first.release();
    const started = await third!;
    second.release();
    started.release();
    (other as BodyGrant).release();
  });

  it('reject a waiting body with 503 server_busy after the wait bound, and let the next one in line go on', async () => {
    const budget = createBodyBudget({ ...defaultBodyLimits, totalBytes: 16 * mib, perAccountBytes: 16 * mib, maxWaitMs: 50 });
    const holder = budget.reserve(request(16 * mib), 16 * mib, 'a') as BodyGrant;
    const error = await (budget.reserve(request(2 * mib), 16 * mib, 'b') as Promise<BodyGrant>).catch((failure: unknown) => failure);
    expect(isApiError(error) && error.code === 'server_busy' && error.status === 503).toBe(true);
    holder.release();
    const next = budget.reserve(request(2 * mib), 16 * mib, 'b') as BodyGrant;
    expect(typeof next.release).toBe('function');
    next.release();
  });
});
