/**
 * `npx tsx bench/mcp-route-cost.ts [rounds] [per-round]`: what routing a `tools/call` POST costs
 * before the MCP code sees it, timed apart from a profile (which gives inlined code to the wrong
 * frame: bench/README.md, "The door is done, the pipeline is not"). Per round it prints the
 * nanoseconds per operation of the app's `router.match` for `/connect/bench/cN/mcp` (N round 50,
 * as `BENCH_SPREAD=50` of bench/mcp-cpu.ts) and of the MCP route's path parameters parsed by
 * their zod schema, as operation-routes.ts does for each request. An in-memory platform; no socket.
 *
 * @example
 *   npx tsx bench/mcp-route-cost.ts 3 200000
 */
import { createPlatform } from '../src/platform/platform.js';
import { connectionParams } from '../src/api/routes/mcp.js';

const [roundsArgument = '3', perRoundArgument = '200000'] = process.argv.slice(2);
const rounds = Number(roundsArgument);
const perRound = Number(perRoundArgument);
const paths = Array.from({ length: 50 }, (_, index) => `/connect/bench/c${index}/mcp`);

/** Nanoseconds per call of `work(i)` over `perRound` calls. */
function nanosecondsPer(work: (index: number) => unknown): number {
  const started = process.hrtime.bigint();
  for (let index = 0; index < perRound; index++) work(index);
  return Number(process.hrtime.bigint() - started) / perRound;
}

const platform = createPlatform({ apiKey: 'bench_route_0123456789abcdef01234567' });
try {
  const { router } = platform.app;
  if (router.match('POST', paths[0]!)[0].length === 0) throw new Error(`no route matched POST ${paths[0]}`);
  for (let round = 1; round <= rounds; round++) {
    const match = nanosecondsPer((index) => router.match('POST', paths[index % 50]!));
    const params = nanosecondsPer((index) => connectionParams.parse({ namespace: 'bench', connectionId: `c${index % 50}` }));
    console.log(`round ${round}: router.match ${match.toFixed(0)} ns, params parse ${params.toFixed(0)} ns`);
  }
} finally {
  platform.close();
}
