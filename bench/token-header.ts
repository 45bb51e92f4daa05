/**
 * `npx tsx bench/token-header.ts [passes] [seconds]`: where the token GET's rate gap to the API-key
 * GET of `npm run bench` ("vs key") comes from. The token is about a kilobyte and the key 35
 * characters, so a token request carries ~930 more bytes for wrk, the kernel and Node's HTTP parser.
 * Each pass runs at 10 connections, in the listed order on odd passes and reversed on even ones:
 * the bare server, the bare server with an `X-Pad` header that brings the request to the token
 * request's size (the bytes alone), the key GET, the key GET with that padding (the token GET's
 * bytes, the key's work) and the token GET. It prints the medians of the rate ratios within a pass
 * and the CPU per request (user + system, `/proc`) of the server and of wrk, which a busy machine
 * moves far less than a rate. Uses the built dist/ (bench/README.md, "The token GET", has figures).
 *
 * @example
 *   npx tsx bench/token-header.ts 4 3
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { killAllChildren, type ServerChild } from './children.js';
import { runWrk, wrkProblems, type WrkOptions } from './wrk.js';
import { startSeededBench } from './bench-seed.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const [passesArgument = '4', secondsArgument = '3'] = process.argv.slice(2);
const apiKey = 'bench_token_header_0123456789abcdef';
/** User + system CPU time of a process so far, in ms (Linux). */
function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}
/** User + system CPU time of this process's exited children (the wrk runs), in ms (Linux). */
function childrenCpuMs(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const servers: ServerChild[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'mcpsim-bench-token-'));
  try {
    const { bare, mcpsim, token } = await startSeededBench(root, dataDir, apiKey, servers);
    // The same request line and header bytes as the token GET, with the key's credential.
    const pad = `X-Pad: ${'x'.repeat(token.length - apiKey.length - 'X-Pad: '.length)}`;
    const runs: Record<string, Omit<WrkOptions, 'connections' | 'durationS'> & { server: ServerChild }> = {
      bare: { server: bare, url: `${bare.url}/connect/bench/bench`, headers: [`Authorization: Bearer ${apiKey}`] },
      'bare, padded': { server: bare, url: `${bare.url}/connect/bench/bench`, headers: [`Authorization: Bearer ${apiKey}`, pad] },
      key: { server: mcpsim, url: `${mcpsim.url}/connect/bench/bench`, headers: [`Authorization: Bearer ${apiKey}`] },
      'key, padded': { server: mcpsim, url: `${mcpsim.url}/connect/bench/bench`, headers: [`Authorization: Bearer ${apiKey}`, pad] },
      token: { server: mcpsim, url: `${mcpsim.url}/connect/bench/bench`, headers: [`Authorization: Bearer ${token}`] },
    };
    console.log(`token ${token.length} characters, key ${apiKey.length}; wrk -t1 -c10, ${secondsArgument} s per run`);
    const rps: Record<string, number[]> = Object.fromEntries(Object.keys(runs).map((name) => [name, []]));
    const cpu: Record<string, number[]> = Object.fromEntries(Object.keys(runs).map((name) => [name, []]));
    const wrkCpu: Record<string, number[]> = Object.fromEntries(Object.keys(runs).map((name) => [name, []]));
    for (const name of Object.keys(runs)) await runWrk({ ...runs[name]!, connections: 10, durationS: 1 });
    for (let pass = 1; pass <= Number(passesArgument); pass++) {
      const cells: string[] = [];
      // Odd passes run in the listed order, even ones in reverse: no run always follows the same one.
      const order = pass % 2 === 1 ? Object.entries(runs) : Object.entries(runs).reverse();
      for (const [name, options] of order) {
        const cpuBefore = cpuMsOf(options.server.pid!);
        const wrkBefore = childrenCpuMs();
        const run = await runWrk({ ...options, connections: 10, durationS: Number(secondsArgument) });
        const cpuUs = ((cpuMsOf(options.server.pid!) - cpuBefore) * 1000) / run.requests;
        wrkCpu[name]!.push(((childrenCpuMs() - wrkBefore) * 1000) / run.requests);
        const problems = wrkProblems(run);
        if (problems.length > 0) throw new Error(`${name}: ${problems.join(', ')}\n${run.output}`);
        rps[name]!.push(run.rps);
        cpu[name]!.push(cpuUs);
        cells.push(`${name} ${Math.round(run.rps)}/s ${cpuUs.toFixed(1)} µs`);
      }
      console.log(`pass ${pass}: ${cells.join(', ')}`);
    }
    const ratio = (a: string, b: string) => median(rps[a]!.map((value, index) => value / rps[b]![index]!)).toFixed(3);
    console.log(`\nmedians of the ratios within a pass:`);
    console.log(`  token / key                 ${ratio('token', 'key')}   (npm run bench's "vs key")`);
    console.log(`  key, padded / key           ${ratio('key, padded', 'key')}   (the header's bytes alone, through mcpsim)`);
    console.log(`  token / key, padded         ${ratio('token', 'key, padded')}   (the token's work against the key's, same bytes)`);
    console.log(`  bare, padded / bare         ${ratio('bare, padded', 'bare')}   (the header's bytes alone, no mcpsim)`);
    const cpuLine = (figures: Record<string, number[]>) =>
      Object.keys(runs)
        .map((name) => `${name} ${median(figures[name]!).toFixed(1)} µs`)
        .join(', ');
    console.log(`\nmedian CPU per request (user + system) of the server: ${cpuLine(cpu)}`);
    console.log(`median CPU per request (user + system) of wrk:        ${cpuLine(wrkCpu)}`);
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    killAllChildren();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
