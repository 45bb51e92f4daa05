/**
 * The cancellation of a mock tool call costs nothing until something reads its signal: a call
 * answered from a fixture makes no AbortSignal, neither its own nor the HTTP request's (each costs
 * several µs, a tenth of a replayed call: bench/README.md, "MCP endpoint"). A cancellation that
 * comes before the signal is read still reaches it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestCancellations, toRequestKey } from '../../src/mcp/session/request-cancellations.js';
import { startHarness, testApiKey, type Harness } from '../support/harness.js';

describe('request cancellations', () => {
  const k = toRequestKey(7, 'Bearer a\u0000', 1);

  it('reads no HTTP signal and makes no signal for a request whose signal nobody reads', () => {
    const cancellations = createRequestCancellations();
    let httpReads = 0;
    const tracked = cancellations.track(k, () => {
      httpReads++;
      return new AbortController().signal;
    });
    expect(cancellations.cancel(k, 'stop')).toBe(true);
    tracked.end();
    expect(httpReads).toBe(0);
    expect(cancellations.cancel(k, 'stop')).toBe(false);
  });

  it('gives an aborted signal when the request was cancelled before its signal was read', () => {
    const cancellations = createRequestCancellations();
    const tracked = cancellations.track(k);
    cancellations.cancel(k, 'the user pressed stop');
    expect(tracked.signal().aborted).toBe(true);
    expect((tracked.signal().reason as DOMException).message).toBe('the user pressed stop');
    tracked.end();
  });

  it('aborts a signal already read when the HTTP request goes away, and stops listening at the end', () => {
    const cancellations = createRequestCancellations();
    const http = new AbortController();
    const first = cancellations.track(k, () => http.signal);
    const second = cancellations.track(k, http.signal);
    expect(first.signal().aborted).toBe(false);
    http.abort(new Error('client went away'));
    expect(first.signal().aborted).toBe(true);
    // Read after the abort: made aborted.
    expect(second.signal().aborted).toBe(true);
    first.end();
    second.end();
    expect(cancellations.cancel(k, 'late')).toBe(false);
  });

  it('cancels every request in flight under one key, one of them with its signal unread', () => {
    const cancellations = createRequestCancellations();
    const read = cancellations.track(k);
    const unread = cancellations.track(k);
    expect(read.signal().aborted).toBe(false);
    cancellations.cancel(k, 'stop');
    expect(read.signal().aborted).toBe(true);
    expect(unread.signal().aborted).toBe(true);
    read.end();
    expect(cancellations.cancel(k, 'again')).toBe(true);
    unread.end();
    expect(cancellations.cancel(k, 'again')).toBe(false);
  });

  it('cancels only the request its connection, sender and id name, telling 1 from "1"', () => {
    const cancellations = createRequestCancellations();
    const named = cancellations.track(k);
    const otherSender = cancellations.track(toRequestKey(7, 'Bearer b\u0000', 1));
    const otherConnection = cancellations.track(toRequestKey(8, 'Bearer a\u0000', 1));
    const stringId = cancellations.track(toRequestKey(7, 'Bearer a\u0000', '1'));
    expect(cancellations.cancel(toRequestKey(7, 'Bearer c\u0000', 1), 'stop')).toBe(false);
    expect(cancellations.cancel(toRequestKey(7, 'Bearer a\u0000', 1), 'stop')).toBe(true);
    expect(named.signal().aborted).toBe(true);
    expect([otherSender, otherConnection, stringId].map((tracked) => tracked.signal().aborted)).toEqual([false, false, false]);
    named.end();
    expect(cancellations.cancel(k, 'again')).toBe(false);
    expect(cancellations.cancel(toRequestKey(7, 'Bearer b\u0000', 1), 'stop')).toBe(true);
    for (const tracked of [otherSender, otherConnection, stringId]) tracked.end();
    expect(cancellations.cancel(toRequestKey(7, 'Bearer a\u0000', '1'), 'stop')).toBe(false);
  });
});

describe('a tools/call answered from a fixture', () => {
  let harness: Harness;
  let fixturesDir: string;

  beforeAll(async () => {
    fixturesDir = mkdtempSync(join(tmpdir(), 'mcpsim-lazy-signal-'));
    mkdirSync(join(fixturesDir, 'acme__lookup'));
    const calls = [1, 2].map((occurrence) => ({
      arguments: { i: 1 },
      occurrence,
      result: { content: [{ type: 'text', text: 'ok' }] },
      recordedAt: '2026-01-01T00:00:00.000Z',
      model: null,
    }));
    writeFileSync(join(fixturesDir, 'acme__lookup', 'lookup.json'), JSON.stringify({ server: '@acme/lookup', tool: 'lookup', calls }));
    harness = await startHarness('in-process', { fixturesDir });
    const lookup = {
      displayName: 'Lookup',
      tools: [{ name: 'lookup', description: 'Look up.', inputSchema: { type: 'object', properties: { i: { type: 'number' } } } }],
    };
    expect((await harness.call('PUT', '/servers/@acme/lookup', { body: lookup })).status).toBe(201);
    expect((await harness.call('PUT', '/namespaces/lazy')).status).toBeLessThan(300);
    expect((await harness.call('PUT', '/connect/lazy/lookup', { body: { server: '@acme/lookup', mock: { enabled: true } } })).status).toBe(
      201,
    );
  });
  afterAll(async () => {
    await harness.close();
    rmSync(fixturesDir, { recursive: true, force: true });
  });

  it("never reads the HTTP request's signal", async () => {
    const request = new Request(`${harness.baseUrl}/connect/lazy/lookup/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${testApiKey}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'lookup', arguments: { i: 1 } } }),
    });
    // Counts who asks for the signal: the Node adapter makes one on that first read.
    let signalReads = 0;
    const { signal } = request;
    Object.defineProperty(request, 'signal', {
      get: () => {
        signalReads++;
        return signal;
      },
    });
    const response = await harness.platform.app.fetch(request);
    const body = (await response.json()) as { result: { _meta: Record<string, unknown> } };
    expect(body.result._meta['mcpsim/source']).toBe('fixture');
    expect(signalReads).toBe(0);
  });
});
