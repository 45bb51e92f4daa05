/**
 * `npx tsx bench/profile-top.ts <file.cpuprofile> [rows] [filter]`: the functions of a CPU profile
 * (from `node --cpu-prof`, or `BENCH_PROFILE_AT` of bench/long-session.ts) by self time and by
 * total time (the time of the samples with the function on their stack, counted once per sample),
 * the top `rows` (default 30) whose name holds `filter`.
 *
 * @example
 *   npx tsx bench/profile-top.ts bench/results/long-model-10000.cpuprofile 25 src/
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, rows = '30', filter = ''] = process.argv.slice(2);
if (!file) throw new Error('usage: npx tsx bench/profile-top.ts <file.cpuprofile> [rows] [filter]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const nameOf = ({ callFrame }: ProfileNode) =>
  `${callFrame.functionName || '(anonymous)'} ${callFrame.url.replace(/^.*\/node_modules\//, '~/').replace(/^file:\/\/.*?\/(src|bench)\//, '$1/')}:${callFrame.lineNumber + 1}`;

const self = new Map<string, number>();
const total = new Map<string, number>();
let all = 0;
profile.samples.forEach((id, index) => {
  const micros = profile.timeDeltas[index] ?? 0;
  all += micros;
  const name = nameOf(nodes.get(id)!);
  self.set(name, (self.get(name) ?? 0) + micros);
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const key = nameOf(nodes.get(at)!);
    if (seen.has(key)) continue;
    seen.add(key);
    total.set(key, (total.get(key) ?? 0) + micros);
  }
});

for (const [title, times] of [
  ['self', self],
  ['total', total],
] as const) {
  console.log(`\n${title} time (of ${(all / 1000).toFixed(0)} ms sampled):`);
  for (const [name, micros] of [...times]
    .filter(([name]) => name.includes(filter))
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(rows)))
    console.log(`${(micros / 1000).toFixed(0).padStart(8)} ms ${((100 * micros) / all).toFixed(1).padStart(5)}%  ${name}`);
}
