/**
 * What the socket server answers at its edges (issue 16, item 8): requests Node refuses before
 * the app sees them get the platform's JSON error body instead of an empty one, and a client
 * that sends its whole body before reading gets an early 401 or 413 instead of a reset. Also the
 * cap on concurrent large bodies (item 3).
 */
import net from 'node:net';
import type { Context } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBodyBudget, defaultBodyLimits, type BodyGrant } from '../../src/api/http/body-budget.js';
import { startHarness, testApiKey, type Harness } from '../support/harness.js';

/** Writes `request` on a raw socket and reads until the server closes it (or `ms` pass). */
function rawRequest(port: number, request: string, ms = 3000): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (data) => (answer += data.toString()));
    socket.on('close', () => resolve(answer));
    socket.on('error', () => resolve(answer));
    setTimeout(() => socket.destroy(), ms).unref();
    socket.write(request);
  });
}

/**
 * A simple client: sends the whole body (`megabytes`, 1 MiB every 20 ms) before it reads anything,
 * then reads the answer. Resolves with the answer, or with the socket error it got instead.
 */
function sendAllThenRead(port: number, head: string, megabytes: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.pause();
    const chunk = Buffer.alloc(1024 * 1024, 'a');
    let sent = 0;
    socket.write(head);
    const timer = setInterval(() => {
      if (sent === megabytes) {
        clearInterval(timer);
        let answer = '';
        socket.on('data', (data) => (answer += data.toString()));
        socket.resume();
        setTimeout(() => {
          socket.destroy();
          resolve(answer);
        }, 500);
        return;
      }
      socket.write(chunk);
      sent += 1;
    }, 20);
    socket.on('error', (error) => {
      clearInterval(timer);
      resolve(`socket error after ${sent} MiB: ${error.message}`);
    });
  });
}

const statusLine = (answer: string) => answer.split('\r\n')[0];
const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));

describe('the socket server at its edges', () => {
  let harness: Harness;
  let port: number;
  beforeAll(async () => {
    harness = await startHarness('socket');
    port = Number(new URL(harness.baseUrl).port);
  });
  afterAll(() => harness.close());

  it('answers a request line Node cannot parse with 400 and a JSON error body', async () => {
    const answer = await rawRequest(port, 'GARBAGE\r\n\r\n');
    expect(statusLine(answer)).toBe('HTTP/1.1 400 Bad Request');
    expect(answer).toContain('Content-Type: application/json');
    expect(bodyOf(answer)).toEqual({
      error: 'validation_error',
      message: expect.stringContaining('The request is not valid HTTP/1.1 (HPE_INVALID_METHOD'),
    });
  });

  it("answers headers over Node's limit with 431 and a JSON error body", async () => {
    const answer = await rawRequest(port, `GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(statusLine(answer)).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(bodyOf(answer)).toEqual({
      error: 'headers_too_large',
      message: 'The request headers are larger than the server accepts (16 KiB); send fewer or shorter headers',
    });
  });

  it('gives a client that sends 40 MiB before reading its early 401, not a reset', async () => {
    const answer = await sendAllThenRead(
      port,
      `PUT /connect/demo/x HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${40 * 1024 * 1024}\r\n\r\n`,
      40,
    );
    expect(statusLine(answer)).toBe('HTTP/1.1 401 Unauthorized');
    expect(bodyOf(answer).error).toBe('unauthorized');
  });

  it('gives a client that sends 40 MiB before reading its early 413, declared or chunked, not a reset', async () => {
    const head = `PUT /connect/demo/x HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${testApiKey}\r\nContent-Type: application/json\r\n`;
    const declared = await sendAllThenRead(port, `${head}Content-Length: ${40 * 1024 * 1024}\r\n\r\n`, 40);
    expect(statusLine(declared)).toBe('HTTP/1.1 413 Payload Too Large');
    expect(bodyOf(declared)).toEqual({ error: 'payload_too_large', message: 'Request body is larger than 16777216 bytes' });
    // One chunk of 40 MiB: the reader stops at 16 MiB and answers while the rest still arrives.
    const chunked = await sendAllThenRead(port, `${head}Transfer-Encoding: chunked\r\n\r\n${(40 * 1024 * 1024).toString(16)}\r\n`, 40);
    expect(statusLine(chunked)).toBe('HTTP/1.1 413 Payload Too Large');
  }, 20_000);
});

describe('the cap on concurrent large bodies', () => {
  /** The part of a Hono context the budget reads: the Content-Length, and whether there is a body. */
  const request = async (length: number | null) =>
    ({
      req: { header: (name: string) => (name === 'content-length' && length !== null ? String(length) : undefined), raw: { body: {} } },
    }) as unknown as Context;
  const mib = 1024 * 1024;

  /** A budget as large as `total`, its whole for one account, as it was before shares. */
  const budgetOf = (total: number) => createBodyBudget({ ...defaultBodyLimits, totalBytes: total, perAccountBytes: total });

  it('lets small bodies through at once and makes large ones wait their turn, first come first served', async () => {
    const budget = budgetOf(32 * mib);
    expect(budget.reserve(await request(1000), 16 * mib, 'a')).toBeNull();
    const first = budget.reserve(await request(15 * mib), 16 * mib, 'a') as BodyGrant;
    const second = budget.reserve(await request(15 * mib), 16 * mib, 'a') as BodyGrant;
    expect(typeof first.release).toBe('function');
    expect(typeof second.release).toBe('function');
    const order: string[] = [];
    const third = (budget.reserve(await request(15 * mib), 16 * mib, 'a') as Promise<BodyGrant>).then(
      (grant) => (order.push('third'), grant),
    );
    const fourth = (budget.reserve(await request(2 * mib), 16 * mib, 'a') as Promise<BodyGrant>).then(
      (grant) => (order.push('fourth'), grant),
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(order).toEqual([]);
    first.release();
    (await third).release();
    second.release();
    (await fourth).release();
    expect(order).toEqual(['third', 'fourth']);
  });

  it('counts a body of unknown length as the largest allowed, and never waits for one it will refuse', async () => {
    const budget = budgetOf(16 * mib);
    const chunked = budget.reserve(await request(null), 16 * mib, 'a') as BodyGrant;
    const waiting = budget.reserve(await request(2 * mib), 16 * mib, 'a');
    expect(waiting).toBeInstanceOf(Promise);
    expect(budget.reserve(await request(17 * mib), 16 * mib, 'a')).toBeNull();
    chunked.release();
    (await waiting!).release();
  });
});
