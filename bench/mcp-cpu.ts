/**
 * `npx tsx bench/mcp-cpu.ts [checkout] [calls] [profile-dir]`: the CPU time mcpsim spends per
 * replayed `tools/call`, the same call as bench:mcp's (a fixture answers `lookup {i}`), made by
 * 10 concurrent keep-alive clients after 2,000 warm-up calls. The figure is the `serve` child's
 * user + system time (Linux `/proc/<pid>/stat`) over the calls, divided by them: unlike a
 * throughput ratio it moves little when other work shares the machine, so two checkouts can be
 * compared on a busy machine by alternating runs. `checkout` (default: this one) must be built
 * (`npm run build`); with `profile-dir`, the child also writes a V8 CPU profile there
 * (`npx tsx bench/profile-top.ts <file>` lists it). `BENCH_SPREAD=50` spreads the calls round 50
 * mock connections (`bench/c0` .. `bench/c49`), as bench:mcp's "spread over 50 connections" row
 * does: a throughput ratio swings too much on a busy machine to tell two builds apart, this figure less.
 * `BENCH_RESULT_CHARS=6000` makes the recorded answer's text that long. `BENCH_METHOD=ping` sends
 * `ping` instead of the call, over the same path (body, key, JSON-RPC, the mock endpoint) without the
 * tool pipeline: the difference of the two figures is what the call itself costs.
 *
 * @example
 *   npx tsx bench/mcp-cpu.ts ../before 15000 && npx tsx bench/mcp-cpu.ts . 15000
 *   BENCH_SPREAD=50 npx tsx bench/mcp-cpu.ts ../before 15000
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listeningUrl } from './children.js';

const [checkout = fileURLToPath(new URL('..', import.meta.url)), callsArgument = '15000', profileDir] = process.argv.slice(2);
const calls = Number(callsArgument);
const warmUp = 2_000;
const distinct = 1_000;
const apiKey = 'bench_cpu_0123456789abcdef0123456789';
/** The length of the fixture's result text (`BENCH_RESULT_CHARS`; default 2, "ok"): what a bigger recorded answer costs. */
const resultChars = Math.max(2, Number(process.env.BENCH_RESULT_CHARS ?? 2));
/** Mock connections the calls go round: 1 is `bench/bench` alone. */
const spread = Math.max(1, Number(process.env.BENCH_SPREAD ?? 1));
/** `ping` measures the MCP POST without the tool pipeline; anything else is the fixture `tools/call`. */
const pingOnly = process.env.BENCH_METHOD === 'ping';
const workDir = mkdtempSync(join(tmpdir(), 'mcpsim-bench-cpu-'));

/** The `lookup` fixture, with enough occurrences of each `i` for every call of the run. */
function writeFixtures(): string {
  const directory = join(workDir, 'fixtures');
  mkdirSync(join(directory, 'bench__lookup'), { recursive: true });
  const result = { content: [{ type: 'text', text: resultChars === 2 ? 'ok' : 'ok'.padEnd(resultChars, ' lorem ipsum') }] };
  const occurrences = Math.ceil((calls + warmUp) / distinct) + 1;
  const entries: unknown[] = [];
  for (let i = 0; i < distinct; i++)
    for (let occurrence = 1; occurrence <= occurrences; occurrence++)
      entries.push({ arguments: { i }, occurrence, result, recordedAt: '2026-01-01T00:00:00.000Z', model: null });
  writeFileSync(
    join(directory, 'bench__lookup', 'lookup.json'),
    JSON.stringify({ server: '@bench/lookup', tool: 'lookup', calls: entries }),
  );
  return directory;
}

/** User + system CPU time of a process so far, in ms (Linux). */
function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

async function main(): Promise<void> {
  const fixtures = writeFixtures();
  const profile = profileDir ? ['--cpu-prof', '--cpu-prof-dir', resolve(profileDir)] : [];
  const serveArguments = ['serve', '--port', '0', '--host', '127.0.0.1', '--data-dir', join(workDir, 'data')];
  const child = spawn(
    process.execPath,
    [...profile, 'dist/cli/bin.js', ...serveArguments, '--api-key', apiKey, '--fixtures', fixtures, '--quiet'],
    {
      cwd: checkout,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  try {
    const url = await listeningUrl(child, checkout);
    const agent = new Agent({ keepAlive: true, maxSockets: 10 });
    const send = (method: string, path: string, body: string) =>
      new Promise<{ status: number; text: string }>((done, fail) => {
        const outgoing = httpRequest(
          {
            host: url.hostname,
            port: url.port,
            path,
            method,
            agent,
            headers: {
              authorization: `Bearer ${apiKey}`,
              'content-type': 'application/json',
              accept: 'application/json, text/event-stream',
            },
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
    const seed = async (method: string, path: string, body?: unknown) => {
      const { status, text } = await send(method, path, body === undefined ? '' : JSON.stringify(body));
      if (status >= 300) throw new Error(`seeding: ${method} ${path} answered ${status}: ${text}`);
    };
    await seed('PUT', '/servers/@bench/lookup', {
      displayName: 'Lookup',
      tools: [{ name: 'lookup', description: 'Look up an item.', inputSchema: { type: 'object', properties: { i: { type: 'number' } } } }],
    });
    await seed('PUT', '/namespaces/bench');
    await seed('PUT', '/connect/bench/bench', { server: '@bench/lookup', mock: { enabled: true } });
    if (spread > 1)
      for (let index = 0; index < spread; index++)
        await seed('PUT', `/connect/bench/c${index}`, { server: '@bench/lookup', mock: { enabled: true } });
    let sent = 0;
    const callTool = async () => {
      const id = ++sent;
      const body = JSON.stringify(
        pingOnly
          ? { jsonrpc: '2.0', id, method: 'ping' }
          : { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'lookup', arguments: { i: id % distinct } } },
      );
      const path = spread > 1 ? `/connect/bench/c${id % spread}/mcp` : '/connect/bench/bench/mcp';
      const { status, text } = await send('POST', path, body);
      const expected = pingOnly ? '"result":{}' : '"mcpsim/source":"fixture"';
      if (status !== 200 || !text.includes(expected)) throw new Error(`call ${id}: ${status} ${text.slice(0, 300)}`);
    };
    const run = (until: number) =>
      Promise.all(
        Array.from({ length: 10 }, async () => {
          while (sent < until) await callTool();
        }),
      );
    await run(warmUp);
    const cpuBefore = cpuMsOf(child.pid!);
    const started = performance.now();
    await run(warmUp + calls);
    const cpuMs = cpuMsOf(child.pid!) - cpuBefore;
    const wallMs = performance.now() - started;
    console.log(
      `${checkout}: ${((cpuMs * 1000) / calls).toFixed(1)} µs CPU per call (${calls} calls${spread > 1 ? ` round ${spread} connections` : ''}${resultChars > 2 ? `, ${resultChars}-char results` : ''}${pingOnly ? ', ping instead of tools/call' : ''}, ${Math.round(calls / (wallMs / 1000))} calls/s wall)`,
    );
    agent.destroy();
  } finally {
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGINT');
    await exited;
    rmSync(workDir, { recursive: true, force: true });
  }
}

await main();
