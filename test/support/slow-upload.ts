import { connect } from 'node:net';

export interface SlowUpload {
  /** The whole answer as the socket got it (status line, headers, body), once the server closes or `stop` is called. */
  answer: Promise<string>;
  /** Stops sending and closes the socket. */
  stop(): void;
}

/**
 * A client that declares `contentLength` bytes and sends them `chunkBytes` at a time every
 * `everyMs`, over a raw socket (fetch would buffer or refuse such a body), reading what the server
 * answers meanwhile.
 *
 * @example
 *   const upload = startSlowUpload(port, { path: '/tokens', key, contentLength: 16e6, chunkBytes: 1, everyMs: 1000 });
 */
export function startSlowUpload(
  port: number,
  options: { method?: string; path: string; key: string; contentLength: number; chunkBytes: number; everyMs: number },
): SlowUpload {
  const socket = connect(port, '127.0.0.1');
  let sent = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  const answer = new Promise<string>((resolve) => {
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('close', () => resolve(text));
    socket.on('error', () => {});
  });
  socket.on('connect', () => {
    socket.write(
      `${options.method ?? 'POST'} ${options.path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${options.key}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${options.contentLength}\r\n\r\n{"pad":"`,
    );
    sent = 8;
    timer = setInterval(() => {
      if (socket.destroyed || sent >= options.contentLength) return;
      const bytes = Math.min(options.chunkBytes, options.contentLength - sent);
      socket.write('x'.repeat(bytes));
      sent += bytes;
    }, options.everyMs);
  });
  socket.on('close', () => clearInterval(timer));
  return {
    answer,
    stop() {
      clearInterval(timer);
      socket.destroy();
    },
  };
}

/** The status code of a raw HTTP answer. */
export function statusOf(answer: string): number {
  return Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
}

/** The JSON body of a raw HTTP answer (not chunked). */
export function jsonOf(answer: string): unknown {
  return JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
}
