/**
 * `npm run bench:agreement`: how far two careful labellings of the same tools agree (issue 36), so
 * a target on the corpus can be read against the label noise. For every tuning-half server with
 * both `labels/<name>.json` (labelling 1) and `second-labels/<name>.json` (labelling 2, written
 * from the server file and the README's rules alone), it prints per server and in total how often
 * the two agree on kind, entity, id argument and parent argument, Cohen's kappa for kinds
 * and how many tools' labels allow exactly the same kinds (compare-labels.ts), and how often the reader (measure-readings.ts) agrees with each labelling
 * on the same tools. A held-out server's second labels are refused, never read against.
 * `--disagreements` lists every field the two labellings differ on; `--json` prints the figures.
 *
 * @example
 *   npm run bench:agreement -- --disagreements
 */
import { pathToFileURL } from 'node:url';
import { toServiceWords } from '../../src/reading/tool-name.js';
import { cohenKappa, compareLabellings, sumAgreement, type AgreementFigures } from './compare-labels.js';
import { corpusDir, loadCorpus, loadSecondLabels } from './corpus-files.js';
import { toMeasuredServer } from './measure.js';
import { measureReadings, type ReadingFigures } from './measure-readings.js';
import { corpusHalf } from './split.js';

/** One server's agreement between the labellings, and the reader's with each. */
export interface ServerAgreement {
  server: string;
  agreement: AgreementFigures;
  readerFirst: ReadingFigures;
  readerSecond: ReadingFigures;
}

/**
 * The agreement of every tuning-half server labelled twice under `directory` (laid out as bench/corpus).
 *
 * @example
 *   measureAgreement().map((entry) => [entry.server, entry.agreement.kindsAgreed]);
 */
export function measureAgreement(directory = corpusDir): ServerAgreement[] {
  const results: ServerAgreement[] = [];
  for (const { server, labels } of loadCorpus(directory)) {
    const second = loadSecondLabels(server.name, directory);
    if (!labels || !second) continue;
    if (corpusHalf(server) !== 'tuning')
      throw new Error(
        `second-labels/${server.name}.json: ${server.name} is a held-out server; label only tuning-half servers twice (split.ts) and remove the file`,
      );
    const { tools, serverNames } = toMeasuredServer(server);
    results.push({
      server: server.name,
      agreement: compareLabellings(labels, second, toServiceWords(serverNames)),
      readerFirst: measureReadings(tools, labels, serverNames),
      readerSecond: measureReadings(tools, second, serverNames),
    });
  }
  return results;
}

/** The printed table: a row per server, then the total; the reader's agreement below it. */
export function toAgreementLines(results: readonly ServerAgreement[], options: { disagreements: boolean }): string[] {
  if (results.length === 0) return ['Label agreement: no tuning-half server has second-labels/<name>.json'];
  const width = Math.max(...results.map((result) => result.server.length), 5) + 2;
  const total = {
    server: 'total',
    agreement: sumAgreement(results.map((result) => result.agreement)),
    readerFirst: sumReadings(results.map((result) => result.readerFirst)),
    readerSecond: sumReadings(results.map((result) => result.readerSecond)),
  };
  const rows = [...results, total];
  const lines = [
    `Label agreement, labelling 1 (labels/) against labelling 2 (second-labels/): ${results.length} servers, ${total.agreement.tools} tools`,
    `${'server'.padEnd(width)}${'tools'.padStart(6)}  ${['kinds', 'kappa', 'same kinds', 'entities', 'id args', 'parent args'].map((title) => title.padEnd(16)).join('')}`,
  ];
  for (const { server, agreement } of rows)
    lines.push(
      `${server.padEnd(width)}${String(agreement.tools).padStart(6)}  ${[
        toShare(agreement.kindsAgreed, agreement.tools),
        cohenKappa(agreement.kindPairs).toFixed(2),
        toShare(agreement.kindsSame, agreement.tools),
        toShare(agreement.entitiesAgreed, agreement.entities),
        toShare(agreement.idArgumentsAgreed, agreement.idArguments),
        toShare(agreement.parentArgumentsAgreed, agreement.parentArguments),
      ]
        .map((cell) => cell.padEnd(16))
        .join('')}`,
    );
  lines.push('', 'The reader against each labelling, on the same tools (1 | 2)');
  lines.push(`${'server'.padEnd(width)}${['kinds', 'entities', 'id args', 'parent args'].map((title) => title.padEnd(30)).join('')}`);
  for (const { server, readerFirst, readerSecond } of rows) {
    const pairs = (
      ['kindsRight:tools', 'entitiesRight:entities', 'idArgumentsRight:idArguments', 'parentArgumentsRight:parentArguments'] as const
    ).map((key) => {
      const [held, of] = key.split(':') as [keyof ReadingFigures, keyof ReadingFigures];
      const share = (figures: ReadingFigures) => toShare(figures[held] as number, figures[of] as number);
      return `${share(readerFirst)} | ${share(readerSecond)}`.padEnd(30);
    });
    lines.push(`${server.padEnd(width)}${pairs.join('')}`);
  }
  if (options.disagreements) {
    lines.push('', 'Disagreements (first = labels/, second = second-labels/)');
    for (const { server, agreement } of results) for (const line of agreement.disagreements) lines.push(`  ${server} ${line}`);
  }
  return lines;
}

function sumReadings(all: readonly ReadingFigures[]): ReadingFigures {
  const keys = [
    'tools',
    'kindsRight',
    'entities',
    'entitiesRight',
    'idArguments',
    'idArgumentsRight',
    'parentArguments',
    'parentArgumentsRight',
  ] as const;
  const total: ReadingFigures = { ...Object.fromEntries(keys.map((key) => [key, 0])), failures: [] } as unknown as ReadingFigures;
  for (const figures of all) for (const key of keys) total[key] += figures[key];
  return total;
}

/** `held/of pct%`, rounded down as the corpus table rounds (measure-table.ts); `-` when nothing was counted. */
function toShare(held: number, of: number): string {
  return of === 0 ? '-' : `${held}/${of} ${Math.floor((held / of) * 100)}%`;
}

function main(argv: readonly string[]): void {
  const results = measureAgreement();
  if (argv.includes('--json')) process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
  else process.stdout.write(`${toAgreementLines(results, { disagreements: argv.includes('--disagreements') }).join('\n')}\n`);
}

// Run as a script (`tsx bench/corpus/agreement.ts`), not when a test imports it.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) main(process.argv.slice(2));
