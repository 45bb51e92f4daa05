/**
 * A malformed WebSocket frame on an uplink (issue "Safe on a developer's machine", item 4): before,
 * the `ws` socket had no 'error' listener, so one bad frame threw out of the socket's data handler
 * and took the whole server down. Now the socket closes with the protocol's close code, the
 * pairing reads disconnected, and the server goes on answering. Over a real socket, paired by a
 * raw TCP client as the official CLI pairs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually.js';
import { startHarness, testApiKey, type Harness } from '../support/harness.js';
import { openRawUplink, type RawUplink } from '../support/raw-uplink.js';
import { mint } from '../support/tokens.js';

const maxFrameBytes = 16 * 1024 * 1024;

const badFrames: { what: string; code: number; frame: Parameters<RawUplink['sendFrame']> }[] = [
  { what: 'invalid UTF-8 in a text frame', code: 1007, frame: [0x1, Buffer.from([0x7b, 0xff, 0xfe, 0x7d])] },
  { what: 'a frame header declaring more than 16 MiB', code: 1009, frame: [0x1, Buffer.alloc(0), { declaredLength: maxFrameBytes + 1 }] },
  { what: 'RSV1 set without negotiated compression', code: 1002, frame: [0x1, Buffer.from('{}'), { rsv1: true }] },
];

describe('malformed frames on an uplink WebSocket', () => {
  let harness: Harness;
  let executor: string;

  beforeAll(async () => {
    harness = await startHarness('socket');
    await harness.call('PUT', '/namespaces/local');
    expect((await harness.call('PUT', '/connect/local/up', { body: { transport: 'uplink' } })).status).toBe(201);
    executor = await mint(harness, [{ resources: 'connections', operations: 'execute', namespaces: 'local', ttl: '5m' }]);
  });
  afterAll(() => harness.close());

  for (const credential of ['the API key', 'a 5-minute connections:execute token']) {
    for (const { what, code, frame } of badFrames) {
      it(`closes the socket with ${code} on ${what} (${credential}), reads disconnected and keeps serving`, async () => {
        const uplink = await openRawUplink(harness.baseUrl, '/local/up', credential === 'the API key' ? testApiKey : executor);
        expect(uplink.status).toBe(101);
        await eventually(async () =>
          expect((await harness.call('GET', '/local/up')).body).toMatchObject({
            status: { state: 'connected' },
            serverInfo: { name: 'raw-uplink' },
          }),
        );

        uplink.sendFrame(...frame);
        expect((await uplink.closed).code).toBe(code);
        await eventually(async () => expect((await harness.call('GET', '/local/up')).body.status).toEqual({ state: 'disconnected' }));
        expect((await harness.call('GET', '/health', { key: null })).status).toBe(200);
        expect((await harness.call('GET', '/connect/local')).status).toBe(200);
        uplink.destroy();
      });
    }
  }
});
