/**
 * A WebSocket uplink client written on a raw TCP socket, so a test can pair as the official CLI
 * does (mcpsim sends `initialize`, the client answers it) and then write bytes no WebSocket
 * library would send: invalid UTF-8 in a text frame, a reserved bit, a length past the limit.
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';

export interface RawUplink {
  /** The HTTP status of the upgrade answer (101 when paired). */
  status: number;
  /** Sends one masked frame; `rsv1` sets the compression bit, `declaredLength` writes only a header claiming that many bytes. */
  sendFrame(opcode: number, payload: Buffer, options?: { rsv1?: boolean; declaredLength?: number }): void;
  /** The close frame mcpsim sent (its code and reason), or code 1006 when the socket ended without one. */
  closed: Promise<{ code: number; reason: string }>;
  destroy(): void;
}

/**
 * Upgrades `path` with `credential` as the bearer and answers `initialize` with a server named
 * `raw-uplink`; resolves once the 101 arrived (or the refusal, with its status).
 *
 * @example
 *   const uplink = await openRawUplink(harness.baseUrl, '/local/up', testApiKey);
 *   uplink.sendFrame(0x1, Buffer.from([0xff]));
 *   expect((await uplink.closed).code).toBe(1007);
 */
export function openRawUplink(baseUrl: string, path: string, credential: string): Promise<RawUplink> {
  const { hostname, port } = new URL(baseUrl);
  const socket = net.connect(Number(port), hostname);
  let settleClosed: (closed: { code: number; reason: string }) => void = () => {};
  const closed = new Promise<{ code: number; reason: string }>((resolve) => (settleClosed = resolve));
  socket.on('close', () => settleClosed({ code: 1006, reason: '' }));
  socket.on('error', () => {});

  const sendFrame: RawUplink['sendFrame'] = (opcode, payload, { rsv1 = false, declaredLength } = {}) => {
    const length = declaredLength ?? payload.length;
    const header = [0x80 | (rsv1 ? 0x40 : 0) | opcode];
    if (length < 126) header.push(0x80 | length);
    else if (length < 65536) header.push(0x80 | 126, length >> 8, length & 0xff);
    else {
      const big = Buffer.alloc(8);
      big.writeBigUInt64BE(BigInt(length));
      header.push(0x80 | 127, ...big);
    }
    const mask = randomBytes(4);
    const body = declaredLength === undefined ? payload.map((byte, index) => byte ^ mask[index % 4]!) : Buffer.alloc(0);
    socket.write(Buffer.concat([Buffer.from(header), mask, body]));
  };

  const onFrame = (opcode: number, payload: Buffer) => {
    if (opcode === 0x8) {
      settleClosed({ code: payload.length >= 2 ? payload.readUInt16BE(0) : 1005, reason: payload.subarray(2).toString() });
      socket.end();
      return;
    }
    if (opcode !== 0x1) return;
    const message = JSON.parse(payload.toString()) as { id?: number; method?: string; params?: { protocolVersion?: string } };
    if (message.method === 'initialize') {
      const result = {
        protocolVersion: message.params?.protocolVersion,
        capabilities: { tools: {} },
        serverInfo: { name: 'raw-uplink', version: '1.0.0' },
      };
      sendFrame(0x1, Buffer.from(JSON.stringify({ jsonrpc: '2.0', id: message.id, result })));
    }
  };

  return new Promise((resolve) => {
    let buffered = Buffer.alloc(0);
    let upgraded = false;
    socket.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      if (!upgraded) {
        const end = buffered.indexOf('\r\n\r\n');
        if (end === -1) return;
        const status = Number(/^HTTP\/1\.1 (\d+)/.exec(buffered.subarray(0, end).toString())?.[1] ?? 0);
        buffered = buffered.subarray(end + 4);
        upgraded = true;
        resolve({ status, sendFrame, closed, destroy: () => socket.destroy() });
      }
      // Frames from the server: unmasked, lengths of 7, 16 or 64 bits.
      for (;;) {
        if (buffered.length < 2) return;
        const short = buffered[1]! & 0x7f;
        const headerLength = short === 126 ? 4 : short === 127 ? 10 : 2;
        if (buffered.length < headerLength) return;
        const length = short === 126 ? buffered.readUInt16BE(2) : short === 127 ? Number(buffered.readBigUInt64BE(2)) : short;
        if (buffered.length < headerLength + length) return;
        onFrame(buffered[0]! & 0x0f, buffered.subarray(headerLength, headerLength + length));
        buffered = buffered.subarray(headerLength + length);
      }
    });
    socket.write(
      [
        `GET ${path} HTTP/1.1`,
        `Host: ${hostname}:${port}`,
        'Upgrade: websocket',
        'Connection: Upgrade',
        `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
        'Sec-WebSocket-Version: 13',
        `Authorization: Bearer ${credential}`,
        '',
        '',
      ].join('\r\n'),
    );
  });
}
