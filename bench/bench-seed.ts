/**
 * What the API benches load (bench/run.ts, bench/token-header.ts): the namespace `bench`, the
 * connection `bench/bench` and the 3-link service token of `tokenChain` (token-chain.ts), each
 * checked to answer 200 (and the connection to be connected) before any load is put on them.
 *
 * @example
 *   const { putBody, token } = await seedBench(mcpsim.url, upstream.url, apiKey);
 */
import { startBareServer, startMcpsim, startStockMcpServer, type ServerChild } from './children.js';
import { tokenChain } from './token-chain.js';

/**
 * The children an API bench loads, started and seeded: the bare `node:http` server, mcpsim on
 * `dataDir` with `apiKey`, and the stock MCP server the bench connection relays to (mcpsim refuses
 * a connection that relays to itself). Each is pushed onto `servers` as it starts, so the caller's
 * clean-up kills what started even when a later step throws.
 */
export async function startSeededBench(
  root: string,
  dataDir: string,
  apiKey: string,
  servers: ServerChild[],
): Promise<{ bare: ServerChild; mcpsim: ServerChild; putBody: string; token: string }> {
  const bare = await startBareServer(root);
  servers.push(bare);
  const mcpsim = await startMcpsim(root, ['--data-dir', dataDir, '--api-key', apiKey]);
  servers.push(mcpsim);
  const upstream = await startStockMcpServer(root);
  servers.push(upstream);
  return { bare, mcpsim, ...(await seedBench(mcpsim.url, upstream.url, apiKey)) };
}

/**
 * Seeds a fresh mcpsim at `url`; throws a `seeding: ...` error that names the failing step.
 * `putBody` is an HTTP connection whose upstream is the stock MCP server at `upstreamUrl`
 * (bench/stock-mcp-server.ts), so the probe on create connects (a connection to mcpsim itself is
 * refused); a PUT of it re-saves the connection unchanged and connected, without calling the
 * upstream again.
 */
export async function seedBench(url: string, upstreamUrl: string, apiKey: string): Promise<{ putBody: string; token: string }> {
  const call = async (method: string, path: string, credential: string, body?: string) => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { authorization: `Bearer ${credential}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body }),
    });
    return { status: response.status, text: await response.text() };
  };
  const putBody = JSON.stringify({ mcpUrl: `${upstreamUrl}/mcp`, name: 'Bench', metadata: { team: 'core' } });
  const createBody = JSON.stringify({ ...JSON.parse(putBody), headers: { authorization: `Bearer ${apiKey}` } });
  const steps: [string, string, string | undefined, number[]][] = [
    ['PUT', '/namespaces/bench', undefined, [200, 201]],
    ['PUT', '/connect/bench/bench', createBody, [200, 201]],
    ['GET', '/connect/bench/bench', undefined, [200]],
    ['PUT', '/connect/bench/bench', putBody, [200]],
  ];
  for (const [method, path, body, expected] of steps) {
    const result = await call(method, path, apiKey, body);
    if (!expected.includes(result.status))
      throw new Error(`seeding: ${method} ${path} answered ${result.status}, expected ${expected.join('/')}: ${result.text}`);
    if (method === 'PUT' && path === '/connect/bench/bench' && !result.text.includes('"state":"connected"'))
      throw new Error(`seeding: the bench connection is not connected to its upstream: ${result.text}`);
  }
  let token = '';
  for (const policy of tokenChain) {
    const result = await call('POST', '/tokens', token || apiKey, JSON.stringify({ policy }));
    if (result.status !== 200) throw new Error(`seeding: POST /tokens answered ${result.status}: ${result.text}`);
    token = (JSON.parse(result.text) as { token: string }).token;
  }
  const check = await call('GET', '/connect/bench/bench', token);
  if (check.status !== 200)
    throw new Error(`seeding: GET /connect/bench/bench with the service token answered ${check.status}: ${check.text}`);
  return { putBody, token };
}
