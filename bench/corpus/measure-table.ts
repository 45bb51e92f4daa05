/**
 * The labelled corpus's tables for `npm run bench:inference`: the tuning half, then the held-out
 * half, a row per server and a total row per half with percentages, the number of servers, tools
 * and kinds of service in each, and (when asked) one line per check that did not hold; with a
 * half named, that half's table and failures only. Held-out targets (issue 36): kinds and entities ≥ 95%, walk checks and values ≥ 90%.
 */
import type { CorpusHalf } from './split.js';
import type { CorpusFigures } from './measure.js';

export const corpusHalves: readonly CorpusHalf[] = ['tuning', 'held-out'];

/** The columns counted per server: what was held, of how many. */
const columns = [
  { title: 'kinds', held: 'kindsRight', of: 'tools' },
  { title: 'entities', held: 'entitiesRight', of: 'entities' },
  { title: 'id args', held: 'idArgumentsRight', of: 'idArguments' },
  { title: 'parent args', held: 'parentArgumentsRight', of: 'parentArguments' },
  { title: 'walk checks', held: 'walkHeld', of: 'walkChecks' },
  { title: 'values', held: 'valuesHeld', of: 'valueChecks' },
] as const satisfies readonly { title: string; held: keyof CorpusFigures; of: keyof CorpusFigures }[];

export interface CorpusTableOptions {
  /** List what did not hold. */
  failures: boolean;
  /**
   * Only this half: its table and its failures. Tuning runs pass `tuning`, so the held-out half's
   * rows never show while rules are being changed (docs/decisions.md, "Held-out servers").
   */
  half?: CorpusHalf | undefined;
}

/**
 * The printed lines.
 *
 * @example
 *   toCorpusLines(figures, { failures: true, half: 'tuning' });
 */
export function toCorpusLines(figures: readonly CorpusFigures[], options: CorpusTableOptions): string[] {
  if (figures.length === 0) return ['Labelled corpus: no servers in bench/corpus/servers'];
  // Rounded down, so 94.96% never shows as a target of 95% met.
  const share = (held: number, of: number) =>
    `${held}/${of} ${of === 0 ? '-' : `${(Math.floor((held / of) * 1000) / 10).toFixed(1)}%`}`.padStart(14);
  const header = `${'server'.padEnd(36)} ${'kind'.padEnd(14)} ${'tools'.padStart(5)} ${columns.map((column) => column.title.padStart(14)).join(' ')}`;
  const lines: string[] = [];
  for (const half of corpusHalves.filter((each) => options.half === undefined || each === options.half)) {
    const inHalf = figures.filter((entry) => entry.half === half);
    const labelled = inHalf.filter((entry) => entry.labelled);
    const unlabelled = inHalf.filter((entry) => !entry.labelled);
    const tools = labelled.reduce((sum, entry) => sum + entry.tools, 0);
    const kinds = new Set(labelled.map((entry) => entry.kind)).size;
    lines.push(
      '',
      `Labelled corpus, ${half} half: ${labelled.length} servers, ${tools} tools, ${kinds} kinds of service${unlabelled.length > 0 ? ` (${unlabelled.length} unlabelled, skipped)` : ''}`,
      header,
    );
    for (const entry of labelled)
      lines.push(
        `${entry.server.padEnd(36)} ${entry.kind.padEnd(14)} ${String(entry.tools).padStart(5)} ${columns.map((column) => share(entry[column.held], entry[column.of])).join(' ')}`,
      );
    const sum = (key: keyof CorpusFigures) => labelled.reduce((total, entry) => total + Number(entry[key]), 0);
    lines.push(
      `${`TOTAL ${half}`.padEnd(36)} ${''.padEnd(14)} ${String(tools).padStart(5)} ${columns.map((column) => share(sum(column.held), sum(column.of))).join(' ')}`,
    );
    if (unlabelled.length > 0) lines.push(`unlabelled: ${unlabelled.map((entry) => entry.server).join(', ')}`);
  }
  lines.push('Held-out targets: kinds and entities >= 95%, walk checks and values >= 90%.');
  // The held-out half's faults are never listed, whatever is asked: its totals are measured, its faults not read (docs/decisions.md).
  if (!options.failures || options.half === 'held-out') return lines;
  const failing = figures.filter((entry) => entry.labelled && entry.half === 'tuning');
  const failures = failing.flatMap((entry) => entry.failures.map((failure) => `  ${entry.server}: ${failure}`));
  return [...lines, '', 'Labelled corpus, what did not hold (the tuning half):', ...(failures.length > 0 ? failures : ['  nothing'])];
}
