/**
 * Namespace tool listing benchmark: how long `GET /connect/{ns}/.tools` takes when some upstreams
 * never answer. The listing asks every connection's upstream for its tools; a hanging upstream must
 * cost at most the upstream timeout once per request, not once per hanging connection.
 *
 * Method
 * - Starts 10 real MCP upstreams in this process (test/support/upstream-servers.ts): 5 healthy
 *   (the SDK server, stateless, tools `echo` and `add`) and 5 hanging (read the request, never
 *   answer), and mcpsim as a child (`node dist/cli/bin.js serve`, temporary data dir, an API key)
 *   with `MCPSIM_UPSTREAM_TIMEOUT_MS` in its environment.
 * - Creates namespace `bench` and 50 connections `c01`..`c50` with `PUT /connect/bench/{id}
 *   {mcpUrl}`, all at once (creating a connection probes its upstream, bounded by the timeout):
 *   every tenth (`c10`, `c20`, ...) points at a hanging upstream, the 45 others at the healthy
 *   ones, 9 per server.
 * - Times BENCH_LISTINGS (default 5) sequential `GET /connect/bench/.tools` with fetch, and checks
 *   each answer: 50 envelopes, 45 with the 2 tools and 5 with an error, on the hanging ids.
 *
 * Target: max wall time / timeout <= 1.10. A wrong envelope count or a non-200 fails the bench
 * (exit code 1) after the timings are printed; a ratio above target is only marked ABOVE.
 * Options: MCPSIM_UPSTREAM_TIMEOUT_MS (default 5000, passed on to mcpsim), BENCH_LISTINGS,
 * BENCH_BUILD=0 to use the existing dist/.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startUpstream, type Upstream } from '../test/support/upstream-servers.js';
import { mustRun, runBench, startServer, type ServerChild } from './children.js';
import { formatTable } from './report.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const timeoutMs = Number(process.env.MCPSIM_UPSTREAM_TIMEOUT_MS ?? 5_000);
const listings = Math.max(1, Number(process.env.BENCH_LISTINGS ?? 5));
const target = 1.1;
const healthyServers = 5;
const hangingServers = 5;
const connectionCount = 50;
const expectedTools = ['echo', 'add'];
const apiKey = `bench_${randomBytes(16).toString('hex')}`;
const workDir = mkdtempSync(join(tmpdir(), 'mcpsim-bench-namespace-tools-'));
const servers: ServerChild[] = [];

interface Envelope {
  connectionId: string;
  tools?: { name: string }[];
  error?: { code: string; message: string };
}

interface Listing {
  ms: number;
  withTools: number;
  withError: number;
  problems: string[];
  errorCodes: Map<string, number>;
}

async function main(): Promise<void> {
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0)
    throw new Error(
      `MCPSIM_UPSTREAM_TIMEOUT_MS: "${process.env.MCPSIM_UPSTREAM_TIMEOUT_MS}" is not a positive whole number of milliseconds`,
    );
  if (process.env.BENCH_BUILD !== '0') await mustRun('npm', ['run', 'build', '--silent'], root);

  const healthy = await startUpstreams('healthy', healthyServers);
  const hanging = await startUpstreams('hanging', hangingServers);
  // children.ts spawns with this process's environment: this is how mcpsim gets its timeout.
  process.env.MCPSIM_UPSTREAM_TIMEOUT_MS = String(timeoutMs);
  const mcpsim = await startServer(
    'mcpsim',
    process.execPath,
    ['dist/cli/bin.js', 'serve', '--port', '0', '--host', '127.0.0.1', '--data-dir', join(workDir, 'data'), '--api-key', apiKey, '--quiet'],
    /Base URL\s+(http:\/\/\S+)/,
    root,
  );
  servers.push(mcpsim);
  console.log(
    `node ${process.version}, ${cpus().length} CPUs; MCPSIM_UPSTREAM_TIMEOUT_MS=${timeoutMs}; ${connectionCount} connections: ${connectionCount - connectionCount / 10} healthy (${healthyServers} servers), ${connectionCount / 10} hanging (${hangingServers} servers)`,
  );

  const hangingIds = new Set<string>();
  const setupStarted = performance.now();
  await call(mcpsim.url, 'PUT', '/namespaces/bench');
  await Promise.all(
    Array.from({ length: connectionCount }, (_, index) => {
      const id = `c${String(index + 1).padStart(2, '0')}`;
      const isHanging = (index + 1) % 10 === 0;
      if (isHanging) hangingIds.add(id);
      const upstream = isHanging ? hanging[hangingIds.size - 1]! : healthy[index % healthyServers]!;
      return call(mcpsim.url, 'PUT', `/connect/bench/${id}`, { mcpUrl: upstream.url });
    }),
  );
  const setupMs = performance.now() - setupStarted;
  const requestsAfterSetup = { healthy: sumRequests(healthy), hanging: sumRequests(hanging) };
  console.log(
    `setup: namespace + ${connectionCount} concurrent PUTs in ${setupMs.toFixed(0)} ms; upstream requests during setup: healthy ${requestsAfterSetup.healthy}, hanging ${requestsAfterSetup.hanging}\n`,
  );

  const results: Listing[] = [];
  for (let run = 1; run <= listings; run++) {
    const listing = await listTools(mcpsim, hangingIds);
    results.push(listing);
    const codes = [...listing.errorCodes].map(([code, count]) => `${code} x${count}`).join(', ') || '-';
    console.log(
      `listing ${run}/${listings}: ${listing.ms.toFixed(0)} ms, ${listing.withTools} with tools, ${listing.withError} with error (${codes})`,
    );
  }

  const max = Math.max(...results.map((result) => result.ms));
  const ratio = max / timeoutMs;
  console.log(`\n${listings} sequential GET /connect/bench/.tools, upstream timeout ${timeoutMs} ms:\n`);
  console.log(
    formatTable(
      ['figure', 'value', 'target', 'check'],
      [
        ['wall times', results.map((result) => `${result.ms.toFixed(0)} ms`).join(', '), '-', '-'],
        ['max', `${max.toFixed(0)} ms`, '-', '-'],
        ['max / timeout', ratio.toFixed(3), `<= ${target.toFixed(2)}`, ratio <= target ? 'ok' : 'ABOVE'],
        [
          'envelopes with tools / error (each run)',
          results.map((result) => `${result.withTools}/${result.withError}`).join(', '),
          `${connectionCount - hangingIds.size}/${hangingIds.size}`,
          results.every((result) => result.problems.length === 0) ? 'ok' : 'WRONG',
        ],
      ],
    ),
  );
  const listingRequests = {
    healthy: sumRequests(healthy) - requestsAfterSetup.healthy,
    hanging: sumRequests(hanging) - requestsAfterSetup.hanging,
  };
  console.log(`\nupstream requests during the listings: healthy ${listingRequests.healthy}, hanging ${listingRequests.hanging}`);
  if (max < timeoutMs) console.log(`note: every listing took less than the timeout, so none waited for a hanging upstream`);

  const problems = [...new Set(results.flatMap((result) => result.problems))];
  if (problems.length > 0) {
    throw new Error(
      `the listing is not what ${connectionCount - hangingIds.size} healthy and ${hangingIds.size} hanging upstreams should give:\n- ${problems.slice(0, 10).join('\n- ')}${problems.length > 10 ? `\n- ... and ${problems.length - 10} more` : ''}`,
    );
  }
}

/** Upstreams of one kind, wrapped so runBench closes them with the mcpsim child. */
async function startUpstreams(kind: 'healthy' | 'hanging', count: number): Promise<Upstream[]> {
  const upstreams = await Promise.all(
    Array.from({ length: count }, (_, index) => startUpstream(kind, kind === 'healthy' ? { name: `bench-healthy-${index + 1}` } : {})),
  );
  for (const [index, upstream] of upstreams.entries()) {
    servers.push({
      name: `${kind} upstream ${index + 1}`,
      url: upstream.url,
      stderrTail: () => '',
      stop: () => upstream.close(),
      killNow: () => undefined,
    });
  }
  return upstreams;
}

function sumRequests(upstreams: Upstream[]): number {
  return upstreams.reduce((sum, upstream) => sum + upstream.requests, 0);
}

async function call(url: string, method: string, path: string, body?: unknown): Promise<void> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`setup: ${method} ${path} answered ${response.status}: ${await response.text()}`);
}

async function listTools(mcpsim: ServerChild, hangingIds: Set<string>): Promise<Listing> {
  const started = performance.now();
  const response = await fetch(`${mcpsim.url}/connect/bench/.tools`, { headers: { authorization: `Bearer ${apiKey}` } });
  const text = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 200)
    throw new Error(
      `GET /connect/bench/.tools answered ${response.status} after ${ms.toFixed(0)} ms: ${text.slice(0, 500)}\n${mcpsim.stderrTail()}`,
    );
  const envelopes = (JSON.parse(text) as { connections: Envelope[] }).connections;
  const problems: string[] = [];
  const errorCodes = new Map<string, number>();
  let withTools = 0;
  let withError = 0;
  if (envelopes.length !== connectionCount) problems.push(`${envelopes.length} envelopes, expected ${connectionCount}`);
  for (const envelope of envelopes) {
    if (envelope.tools) {
      withTools++;
      const names = envelope.tools.map((tool) => tool.name).join(',');
      if (names !== expectedTools.join(','))
        problems.push(`${envelope.connectionId}: tools [${names}], expected [${expectedTools.join(',')}]`);
    }
    if (envelope.error) {
      withError++;
      errorCodes.set(envelope.error.code, (errorCodes.get(envelope.error.code) ?? 0) + 1);
    }
    const isHanging = hangingIds.has(envelope.connectionId);
    if (isHanging && !envelope.error) problems.push(`${envelope.connectionId} (hanging upstream): no error envelope`);
    if (!isHanging && !envelope.tools)
      problems.push(
        `${envelope.connectionId} (healthy upstream): error ${envelope.error?.code ?? '(none)'}: ${envelope.error?.message ?? 'no tools'}`,
      );
  }
  return { ms, withTools, withError, problems, errorCodes };
}

await runBench(main, { servers, directory: workDir });
