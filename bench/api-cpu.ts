/**
 * `npx tsx bench/api-cpu.ts [checkout] [requests] [rounds]`: the CPU time mcpsim spends per
 * request on the routes of `npm run bench` (GET with the API key, GET with the 3-link token, PUT
 * re-save, PUT with a change), made by 10 concurrent keep-alive clients. Every route is warmed
 * first (2,000 requests each), then measured `rounds` times (default 3), `requests` each time
 * (default 10,000), in the listed order in odd rounds and reversed in even ones; each route's
 * figure is the median of its rounds. Without the warm-up of all routes and the alternation, the
 * route measured first paid for the code the routes share still being compiled: in one order the
 * token GET cost 28.5 µs and the key GET after it 21.5–24 µs, in the other the key GET 26.5 µs and
 * the token GET after it 22–23 µs (2026-11-29), which read as "the token costs less than the key".
 * The figure is the `serve` child's user + system time (Linux `/proc/<pid>/stat`) over the
 * requests, divided by them: unlike a throughput ratio it moves little when other work shares the
 * machine, so two checkouts can be compared on a busy machine by alternating runs (as
 * bench/mcp-cpu.ts does for `tools/call`). `checkout` (default: this one) must be built
 * (`npm run build`).
 *
 * @example
 *   npx tsx bench/api-cpu.ts ../before 10000 && npx tsx bench/api-cpu.ts . 10000 3
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest, Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listeningUrl, startStockMcpServer } from './children.js';
import { median } from './report.js';
import { tokenChain } from './token-chain.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const [checkout = root, requestsArgument = '10000', roundsArgument = '3'] = process.argv.slice(2);
const requests = Number(requestsArgument);
const rounds = Number(roundsArgument);
const warmUp = 2_000;
const apiKey = 'bench_cpu_0123456789abcdef0123456789';
const workDir = mkdtempSync(join(tmpdir(), 'mcpsim-bench-api-cpu-'));

/** User + system CPU time of a process so far, in ms (Linux). */
function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

async function main(): Promise<void> {
  const upstream = await startStockMcpServer(root);
  const child = spawn(
    process.execPath,
    ['dist/cli/bin.js', 'serve', '--port', '0', '--host', '127.0.0.1', '--data-dir', join(workDir, 'data'), '--api-key', apiKey, '--quiet'],
    { cwd: checkout, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const agent = new Agent({ keepAlive: true, maxSockets: 10 });
  try {
    const url = await listeningUrl(child, checkout);
    const send = (method: string, path: string, credential: string, body = '') =>
      new Promise<{ status: number; text: string }>((done, fail) => {
        const outgoing = httpRequest(
          {
            host: url.hostname,
            port: url.port,
            path,
            method,
            agent,
            headers: { authorization: `Bearer ${credential}`, 'content-type': 'application/json' },
          },
          (response) => {
            let text = '';
            response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
            response.on('end', () => done({ status: response.statusCode ?? 0, text }));
          },
        );
        outgoing.on('error', fail);
        outgoing.end(body);
      });
    const must = async (method: string, path: string, credential: string, body?: string) => {
      const { status, text } = await send(method, path, credential, body);
      if (status >= 300) throw new Error(`${method} ${path} answered ${status}: ${text.slice(0, 300)}`);
      return text;
    };
    // The same connection and token as bench/run.ts seeds.
    const putBody = JSON.stringify({ mcpUrl: `${upstream.url}/mcp`, name: 'Bench', metadata: { team: 'core' } });
    await must('PUT', '/namespaces/bench', apiKey);
    await must('PUT', '/connect/bench/bench', apiKey, JSON.stringify({ ...JSON.parse(putBody), headers: { authorization: 'Bearer x' } }));
    await must('PUT', '/connect/bench/bench', apiKey, putBody);
    let token = '';
    for (const policy of tokenChain)
      token = (JSON.parse(await must('POST', '/tokens', token || apiKey, JSON.stringify({ policy }))) as { token: string }).token;
    let renamed = 0;
    const routes: [string, () => Promise<unknown>][] = [
      ['GET, API key', () => must('GET', '/connect/bench/bench', apiKey)],
      ['GET, 3-link token', () => must('GET', '/connect/bench/bench', token)],
      ['PUT re-save', () => must('PUT', '/connect/bench/bench', apiKey, putBody)],
      ['PUT with a change', () => must('PUT', '/connect/bench/bench', apiKey, putBody.replace('"Bench"', `"Bench ${++renamed}"`))],
    ];
    let sent = 0;
    const run = (request: () => Promise<unknown>, count: number) => {
      const until = sent + count;
      return Promise.all(
        Array.from({ length: 10 }, async () => {
          while (sent < until) {
            sent++;
            await request();
          }
        }),
      );
    };
    for (const [, request] of routes) await run(request, warmUp);
    const figures = new Map<string, number[]>(routes.map(([name]) => [name, []]));
    for (let round = 1; round <= rounds; round++) {
      // Odd rounds in the listed order, even ones reversed: no route always runs first or after the same one.
      for (const [name, request] of round % 2 === 1 ? routes : [...routes].reverse()) {
        const cpuBefore = cpuMsOf(child.pid!);
        await run(request, requests);
        figures.get(name)!.push(((cpuMsOf(child.pid!) - cpuBefore) * 1000) / requests);
      }
    }
    const cells = routes.map(([name]) => `${name} ${median(figures.get(name)!).toFixed(1)} µs`);
    console.log(`${checkout}: CPU per request (median of ${rounds} rounds of ${requests}): ${cells.join(', ')}`);
  } finally {
    agent.destroy();
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGINT');
    await exited;
    await upstream.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

await main();
