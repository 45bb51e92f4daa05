/**
 * A client that aborts its upload (issue "Safe on a developer's machine", item 9): the body
 * stream fails with "aborted", and before this every route that reads a body (the API's JSON
 * routes, the MCP endpoint, the dashboard's forms) logged it as an unhandled error with a stack.
 * Now it is a 400 for nobody, and nothing in the log. Over a real socket.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, testApiKey, type Harness } from '../support/harness.js';

describe('a client that aborts its upload', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness('socket');
  });
  afterAll(() => harness.close());

  /** Sends the head and the start of a body, then resets the connection. */
  async function abortUpload(method: string, path: string, contentType: string, framing: 'length' | 'chunked'): Promise<void> {
    const { port } = new URL(harness.baseUrl);
    const socket = net.connect(Number(port), '127.0.0.1');
    socket.on('error', () => {});
    const length = framing === 'length' ? 'Content-Length: 100000' : 'Transfer-Encoding: chunked';
    const start = framing === 'length' ? '{"a":' : '5\r\n{"a":\r\n';
    socket.write(
      `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${harness.baseUrl}\r\nAuthorization: Bearer ${testApiKey}\r\n` +
        `Content-Type: ${contentType}\r\n${length}\r\n\r\n${start}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 150));
    socket.resetAndDestroy();
    await new Promise((resolve) => setTimeout(resolve, 150));
  }

  it('logs nothing for a JSON route, the MCP endpoint or a dashboard form, with a length or chunked (the original request)', async () => {
    for (const framing of ['length', 'chunked'] as const) {
      await abortUpload('PUT', '/connect/demo/aborted', 'application/json', framing);
      await abortUpload('POST', '/connect/demo/time/mcp', 'application/json', framing);
      await abortUpload('POST', '/ui/login', 'application/x-www-form-urlencoded', framing);
    }
    expect(harness.logged).toEqual([]);
    expect((await harness.call('GET', '/connect/demo/aborted')).status).toBe(404);
    expect((await harness.call('GET', '/health', { key: null })).status).toBe(200);
  });
});
