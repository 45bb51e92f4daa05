import { request } from 'node:http';

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;

  json: any;
}

/**
 * One HTTP/1.1 request over a real socket with exactly the headers given, `Host` among them
 * (fetch always sends the Host of its URL, so it cannot play a DNS rebinding page). An upgrade
 * request that the server accepts resolves with status 101 and the socket closed.
 *
 * @example
 *   const answer = await sendRaw(port, { method: 'GET', path: '/health', headers: { host: 'evil.example' } });
 */
export function sendRaw(
  port: number,
  { method, path, headers, body }: { method: string; path: string; headers: Record<string, string>; body?: string },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        hostname: '127.0.0.1',
        port,
        method,
        path,
        setHost: false,
        headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => {
          let json: unknown = undefined;
          try {
            json = text === '' ? undefined : JSON.parse(text);
          } catch {
            // not JSON: the text says what it is
          }
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text, json });
        });
      },
    );
    outgoing.on('upgrade', (response, socket) => {
      socket.destroy();
      resolve({ status: response.statusCode ?? 101, headers: response.headers, text: '', json: undefined });
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
