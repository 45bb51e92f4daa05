/**
 * The baseline for the benchmark: a bare `node:http` server that answers every request with the
 * same ~300-byte JSON body. It listens on 127.0.0.1 and a free port, and prints its URL.
 */
import { createServer } from 'node:http';

const body = Buffer.from(
  JSON.stringify({
    connectionId: 'bench',
    name: 'Bench',
    mcpUrl: 'https://example.com/mcp',
    namespace: 'bench',
    metadata: { team: 'core' },
    status: { state: 'connected' },
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    note: 'fixed body from the bare node:http baseline server used by the mcpsim bench',
  }),
);
const headers = { 'content-type': 'application/json', 'content-length': String(body.length) };

const server = createServer((request, response) => {
  request.resume(); // drain any request body
  request.on('end', () => response.writeHead(200, headers).end(body));
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('unexpected server address');
  process.stdout.write(`bare server is listening at http://127.0.0.1:${address.port} (${body.length}-byte body)\n`);
});
const stop = () => server.close(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
