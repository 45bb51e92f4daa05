/**
 * Live timeline streams benchmark: what a tool call costs with 200 dashboard streams following its
 * connection, against the same call with one stream, in the same run.
 *
 * Method
 * - A platform on a real SQLite file in a temporary data dir (`createPlatform`, in this process),
 *   served on 127.0.0.1 and a free port (`startServer`), the demo data seeded, a dashboard session
 *   opened with the login link.
 * - The streams (`/ui/connections/demo/time/events`) are read by a child process
 *   (test/support/sse-clients.mjs), so the figures are the server's, not the reader's.
 * - With 1 stream, then with 200: 20 warm-up calls of `POST /connect/demo/time/.tools/get_current_time`,
 *   then BENCH_CALLS (default 100) timed ones, one after the other; every stream must have received
 *   every call before the figures count. Reported: median, mean and p90 in ms, and the ratio of the
 *   200-stream figures to the 1-stream ones.
 *
 * Target: median ratio under 3, mean ratio under 5 (the mean carries the delivery, which grows
 * with the streams); a row over it is marked OVER, the exit code stays 0. This was a test's
 * assertion until a busy CI machine failed it (issue 40): timing belongs here.
 * Run: npm run bench:live-streams
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { startServer } from '../src/node/index.js';
import { createPlatform } from '../src/platform/platform.js';
import { median } from './report.js';

const apiKey = 'bench-live-streams-key';
const calls = Number(process.env.BENCH_CALLS ?? 100);
const dataDir = mkdtempSync(join(tmpdir(), 'mcpsim-bench-live-streams-'));
const platform = createPlatform({
  dataDir,
  apiKey,
  limits: { liveStreams: { perSession: 250, total: 250 } },
  logger: { error: (message, error) => console.error(message, error) },
});
const server = await startServer({ fetch: platform.app.fetch, port: 0, host: '127.0.0.1' });
platform.setPublicUrl(server.url);

/** The streams, read by a process of their own: its next line, a question and its answer, its end. */
function startClients(url: string, cookie: string, count: number) {
  const child = spawn(
    process.execPath,
    [fileURLToPath(new URL('../test/support/sse-clients.mjs', import.meta.url)), url, cookie, String(count)],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async () => String((await lines.next()).value);
  return { next, ask: (question: string) => (child.stdin.write(`${question}\n`), next()), stop: () => child.kill() };
}

let lastSequence = 0;
async function callTool(): Promise<void> {
  const response = await fetch(`${server.url}/connect/demo/time/.tools/get_current_time`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: '{"timezone":"UTC"}',
  });
  if (response.status !== 200) throw new Error(`tools call: ${response.status} ${await response.text()}`);
  lastSequence = ((await response.json()) as { _meta: { 'mcpsim/sequence': number } })._meta['mcpsim/sequence'];
}

interface Figures {
  median: number;
  mean: number;
  p90: number;
}

/** Opens `count` streams, times `calls` calls, and checks every stream got the last one. */
async function measure(cookie: string, count: number): Promise<Figures> {
  const clients = startClients(`${server.url}/ui/connections/demo/time/events`, cookie, count);
  try {
    const ready = await clients.next();
    if (ready !== 'ready') throw new Error(`the streams did not open: ${ready}`);
    for (let index = 0; index < 20; index++) await callTool();
    const times: number[] = [];
    for (let index = 0; index < calls; index++) {
      const started = performance.now();
      await callTool();
      times.push(performance.now() - started);
    }
    for (let attempt = 0; (await clients.ask(`has "sequence":${lastSequence},`)) !== String(count); attempt++) {
      if (attempt > 200) throw new Error(`not every stream received call ${lastSequence}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    times.sort((a, b) => a - b);
    return {
      median: median(times),
      mean: times.reduce((sum, time) => sum + time, 0) / times.length,
      p90: times[Math.min(times.length - 1, Math.floor(times.length * 0.9))]!,
    };
  } finally {
    clients.stop();
  }
}

try {
  const login = await fetch(`${server.url}/?token=${platform.dashboard!.sessions.loginToken}`, {
    headers: { accept: 'text/html' },
    redirect: 'manual',
  });
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  const one = await measure(cookie, 1);
  const many = await measure(cookie, 200);
  const show = (label: string, figures: Figures) =>
    `${label.padEnd(12)} ${figures.median.toFixed(2).padStart(9)} ${figures.mean.toFixed(2).padStart(9)} ${figures.p90.toFixed(2).padStart(9)}`;
  console.log(`A tool call while dashboard streams follow its connection (${calls} calls, ${cpus().length} cores, shared machine)`);
  console.log(`${'streams'.padEnd(12)} ${'median ms'.padStart(9)} ${'mean ms'.padStart(9)} ${'p90 ms'.padStart(9)}`);
  console.log(show('1', one));
  console.log(show('200', many));
  const medianRatio = many.median / one.median;
  const meanRatio = many.mean / one.mean;
  console.log(`ratio 200/1: median ${medianRatio.toFixed(2)} (target < 3)${medianRatio >= 3 ? '  OVER' : ''}`);
  console.log(`ratio 200/1: mean ${meanRatio.toFixed(2)} (target < 5)${meanRatio >= 5 ? '  OVER' : ''}`);
} finally {
  await server.close();
  platform.close();
  rmSync(dataDir, { recursive: true, force: true });
}
