/**
 * The last accepted ratios (bench/baseline.json), so that a change that costs speed shows up in
 * the next `npm run bench` / `npm run bench:mcp` even when every row still meets its target.
 *
 * A row more than 15% below its baseline ratio is printed as a regression (the exit code stays
 * 0: ratios still drift a little between runs on a shared machine; read the row, rerun, profile).
 * `BENCH_ACCEPT=1` writes this run's ratios as the new baseline, for a change whose cost was
 * measured and judged worth it: commit bench/baseline.json with it and say why.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** How much worse than its baseline a ratio may be before it is reported. */
const tolerance = 0.15;

export interface MeasuredRatio {
  /** e.g. `GET /connect/{ns}/{id} -c10`. */
  row: string;
  ratio: number;
}

type Baseline = Record<string, Record<string, number>>;

/**
 * Prints how each row compares with its baseline and returns the rows that regressed.
 *
 * @example
 *   compareWithBaseline(root, 'bench', [{ row: 'GET /connect/{ns}/{id} -c10', ratio: 0.41 }]);
 */
export function compareWithBaseline(root: string, bench: string, measured: readonly MeasuredRatio[]): MeasuredRatio[] {
  const file = join(root, 'bench/baseline.json');
  const baseline = readBaseline(file);
  const accepted = baseline[bench] ?? {};
  const regressions: MeasuredRatio[] = [];
  console.log(`\nAgainst bench/baseline.json (the last accepted ratios; a row more than ${tolerance * 100}% worse is a regression):\n`);
  for (const { row, ratio } of measured) {
    const before = accepted[row];
    if (before === undefined) {
      console.log(`  ${row.padEnd(58)} ${ratio.toFixed(3)}   (no baseline yet)`);
      continue;
    }
    const change = ratio / before - 1;
    const regressed = change < -tolerance;
    if (regressed) regressions.push({ row, ratio });
    console.log(
      `  ${row.padEnd(58)} ${ratio.toFixed(3)} vs ${before.toFixed(3)}  ${formatChange(change)}${regressed ? '  REGRESSION' : ''}`,
    );
  }
  if (process.env.BENCH_ACCEPT === '1') {
    baseline[bench] = Object.fromEntries(measured.map(({ row, ratio }) => [row, Number(ratio.toFixed(3))]));
    writeFileSync(file, `${JSON.stringify(baseline, null, 2)}\n`);
    console.log('\nBENCH_ACCEPT=1: wrote these ratios to bench/baseline.json as the new baseline.');
  } else if (regressions.length > 0) {
    console.log(`\n${regressions.length} row(s) regressed: profile with BENCH_CPU_PROF=1 before guessing (see bench/README.md).`);
  }
  return regressions;
}

function readBaseline(file: string): Baseline {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Baseline;
  } catch {
    return {};
  }
}

function formatChange(change: number): string {
  const percent = Math.round(change * 100);
  return `${percent >= 0 ? '+' : ''}${percent}%`.padStart(5);
}
