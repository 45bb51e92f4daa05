/**
 * `npx tsx bench/corpus/learn-kind-loso.ts`: does a kind lexicon learned from hand labels read
 * kinds better than the rules on servers it was not learned from (issue 36)? Leave-one-server-out
 * over the tuning half: for each server, a lexicon learned from the other servers' labels reads
 * it, and each way of reading kinds is counted right where the bench counts it right (any read
 * kind among the label's). The blind-style sets (fresh17, fresh18: servers labelled at first sight)
 * are also read by a lexicon learned without any of them.
 *
 * The rules' figure is their tuning figure: they were written from these servers, so it is
 * optimistic beside the lexicon's, which never saw the server it reads.
 *
 * `--set name=file` adds a set of servers (one name a line) to the table; `--servers` prints the
 * servers each way moves against the rules.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { toKindLexicon, toLearnedKind, type KindLexicon, type LearnedKind } from './learn-kind-lexicon.js';
import { readLogisticKind, toLogisticKinds } from './learn-kind-logistic.js';
import { loadKindExamples, type KindExampleRow } from './learn-kind-examples.js';

/** Servers labelled at first sight in the last two rounds, before any rule was written from them. */
export const blindSets: Readonly<Record<string, readonly string[]>> = {
  fresh17: [
    'bnb-chain__mcp',
    'browserstack__mcp-server',
    'flightbox__mcp-server',
    'gestell__zowe-mcp',
    'minimax-mcp-js',
    'netlify__mcp',
    'pencil-mcp',
    'seleniumbox__sbox-mcp',
    'spider-cloud-mcp',
    'trustthenverify__trust-mcp',
  ],
  fresh18: [
    'cloudbase__cloudbase-mcp',
    'agent-device',
    'executeautomation__playwright-mcp-server',
    'openzeppelin__contracts-mcp',
    'mapbox__mcp-devkit-server',
    'coo-quack__calc-mcp',
    'kubernetes-mcp-server',
    'shiplightai__mcp',
    'answerai__jira-mcp',
    'slashvibe-mcp',
    'testsprite__testsprite-mcp',
  ],
};

/** The lexicon's two readings of a tool: from its words alone, and with the rules' reading as two more features. */
interface Learned {
  alone: LearnedKind;
  stacked: LearnedKind;
  /** Learned from the tools no rule read only: what such a tool is, when it is not an action. */
  unread: LearnedKind;
  /** A softmax regression over the same features (learn-kind-logistic.ts), alone and with the rules' reading. */
  logistic: LearnedKind;
  logisticStacked: LearnedKind;
}

/** The kinds the rules leave alone a lexicon may read: no rule read the tool (it is `other` by default). */
const noRule = (row: KindExampleRow) => row.basis === 'none' && !row.dispatch;
/** Where the rules are weakest: no rule, or only the annotations or a verbless name's description. */
const weakRule = (row: KindExampleRow) => !row.dispatch && ['none', 'annotations', 'description'].includes(row.basis);

/** Each way of reading kinds measured, by name: the kinds it reads for a tool. */
export const ways: Readonly<Record<string, (row: KindExampleRow, learned: Learned) => readonly string[]>> = {
  rules: (row) => row.ruleKinds,
  'lexicon alone': (_row, learned) => [learned.alone.kind],
  'lexicon + rule features': (_row, learned) => [learned.stacked.kind],
  'rules, lexicon where no rule': (row, learned) => (noRule(row) ? [learned.alone.kind] : row.ruleKinds),
  'rules, lexicon >=0.9 where no rule': (row, learned) =>
    noRule(row) && learned.alone.probability >= 0.9 ? [learned.alone.kind] : row.ruleKinds,
  'rules, unread-lexicon where no rule': (row, learned) => (noRule(row) ? [learned.unread.kind] : row.ruleKinds),
  'rules, stacked where no rule': (row, learned) => (noRule(row) ? [learned.stacked.kind] : row.ruleKinds),
  'rules, lexicon where weak': (row, learned) => (weakRule(row) ? [learned.alone.kind] : row.ruleKinds),
  'logistic alone': (_row, learned) => [learned.logistic.kind],
  'logistic + rule features': (_row, learned) => [learned.logisticStacked.kind],
  'rules, logistic where no rule': (row, learned) => (noRule(row) ? [learned.logistic.kind] : row.ruleKinds),
  'rules, logistic >=0.8 where no rule': (row, learned) =>
    noRule(row) && learned.logistic.probability >= 0.8 ? [learned.logistic.kind] : row.ruleKinds,
  'rules, logistic >=0.9 where no rule': (row, learned) =>
    noRule(row) && learned.logistic.probability >= 0.9 ? [learned.logistic.kind] : row.ruleKinds,
  'rules, logistic >=0.97 where no rule': (row, learned) =>
    noRule(row) && learned.logistic.probability >= 0.97 ? [learned.logistic.kind] : row.ruleKinds,
  'rules, logistic >=0.9 over rules': (row, learned) =>
    !row.dispatch && learned.logistic.probability >= 0.9 ? [learned.logistic.kind] : row.ruleKinds,
  'rules, logistic >=0.97 over rules': (row, learned) =>
    !row.dispatch && learned.logistic.probability >= 0.97 ? [learned.logistic.kind] : row.ruleKinds,
  'rules, logistic >=0.9 where weak': (row, learned) =>
    weakRule(row) && learned.logistic.probability >= 0.9 ? [learned.logistic.kind] : row.ruleKinds,
  'rules, logistic >=0.8 no rule, >=0.97 over': (row, learned) =>
    !row.dispatch && learned.logistic.probability >= (noRule(row) ? 0.8 : 0.97) ? [learned.logistic.kind] : row.ruleKinds,
  'rules, lexicon >=0.99 over rules': (row, learned) =>
    !row.dispatch && learned.alone.probability >= 0.99 ? [learned.alone.kind] : row.ruleKinds,
  'rules, stacked >=0.9 over rules': (row, learned) =>
    !row.dispatch && learned.stacked.probability >= 0.9 ? [learned.stacked.kind] : row.ruleKinds,
};

const withRule = (row: KindExampleRow) => [...row.features, `rule:${[...row.ruleKinds].sort().join('|')}`, `basis:${row.basis}`];

/** The rows of each group (all groups, or those named) read by models learned from the other groups' rows. */
function readLeftOut(
  rows: readonly KindExampleRow[],
  groupOf: (row: KindExampleRow) => string,
  only?: string,
): Map<KindExampleRow, Learned> {
  const groups = only === undefined ? [...new Set(rows.map(groupOf))] : [only];
  const read = new Map<KindExampleRow, Learned>();
  for (const group of groups) {
    const training = rows.filter((row) => groupOf(row) !== group);
    const alone = toKindLexicon(training.map((row) => ({ features: row.features, kinds: row.kinds })));
    const stacked = toKindLexicon(training.map((row) => ({ features: withRule(row), kinds: row.kinds })));
    const unread = toKindLexicon(training.filter(noRule).map((row) => ({ features: row.features, kinds: row.kinds })));
    const logistic = toLogisticKinds(training.map((row) => ({ features: row.features, kinds: row.kinds })));
    const logisticStacked = toLogisticKinds(training.map((row) => ({ features: withRule(row), kinds: row.kinds })));
    for (const row of rows)
      if (groupOf(row) === group)
        read.set(row, {
          ...readRow(row, alone, stacked, unread),
          logistic: readLogisticKind(logistic, row.features),
          logisticStacked: readLogisticKind(logisticStacked, withRule(row)),
        });
  }
  return read;
}

function readRow(
  row: KindExampleRow,
  alone: KindLexicon,
  stacked: KindLexicon,
  unread: KindLexicon,
): Omit<Learned, 'logistic' | 'logisticStacked'> {
  return {
    alone: toLearnedKind(alone, row.features),
    stacked: toLearnedKind(stacked, withRule(row)),
    unread: toLearnedKind(unread, row.features),
  };
}

const isRight = (row: KindExampleRow, kinds: readonly string[]) => kinds.some((kind) => row.kinds.includes(kind));
const percent = (right: number, total: number) => `${right}/${total} ${((100 * right) / Math.max(total, 1)).toFixed(1)}%`;

/** Kinds a label gives that need no entity to be answered: who, when, a page, a picture, a value, an action. */
const entityFree = new Set(['current_user', 'clock', 'web_page', 'screenshot', 'described_value', 'other']);

function main(argv: readonly string[]): void {
  const sets = new Map<string, ReadonlySet<string>>(Object.entries(blindSets).map(([name, servers]) => [name, new Set(servers)]));
  for (let index = 0; index < argv.length; index++)
    if (argv[index] === '--set') {
      const [name, file] = argv[++index]!.split('=');
      sets.set(
        name!,
        new Set(
          readFileSync(file!, 'utf8')
            .split('\n')
            .map((line) => line.trim())
            .filter(Boolean),
        ),
      );
    }
  const rows = loadKindExamples();
  const unread = rows.filter(noRule);
  console.log(
    `${unread.length} tools no rule read (the rules read them \`other\`), ${unread.filter((row) => isRight(row, row.ruleKinds)).length} of them rightly`,
  );
  const loso = readLeftOut(rows, (row) => row.server);
  const blind = new Set(Object.values(blindSets).flat());
  // The blind-style sets read by a lexicon that saw none of them; every other server by its LOSO lexicon.
  const withoutBlind = readLeftOut(rows, (row) => (blind.has(row.server) ? 'blind' : row.server), 'blind');
  const columns: [string, (row: KindExampleRow) => boolean, Map<KindExampleRow, Learned>][] = [
    ['tuning (LOSO)', () => true, loso],
    ...[...sets].map(([name, servers]): [string, (row: KindExampleRow) => boolean, Map<KindExampleRow, Learned>] => [
      name,
      (row) => servers.has(row.server),
      blindSets[name] ? withoutBlind : loso,
    ]),
  ];
  console.log(`Kinds right, ${rows.length} labelled tools of ${new Set(rows.map((row) => row.server)).size} tuning servers`);
  console.log(['way'.padEnd(34), ...columns.map(([name]) => name.padStart(18))].join(' '));
  for (const [way, read] of Object.entries(ways)) {
    const cells = columns.map(([, inSet, learned]) => {
      const chosen = rows.filter(inSet);
      return percent(chosen.filter((row) => isRight(row, read(row, learned.get(row)!))).length, chosen.length).padStart(18);
    });
    console.log([way.padEnd(34), ...cells].join(' '));
  }
  if (argv.includes('--servers')) printServerMoves(rows, loso);
  printMisses(rows, loso);
}

/** Per way: the servers it reads better and worse than the rules (LOSO). */
function printServerMoves(rows: readonly KindExampleRow[], loso: Map<KindExampleRow, Learned>): void {
  for (const [way, read] of Object.entries(ways)) {
    if (way === 'rules') continue;
    const byServer = new Map<string, number>();
    for (const row of rows) {
      const delta = Number(isRight(row, read(row, loso.get(row)!))) - Number(isRight(row, row.ruleKinds));
      if (delta !== 0) byServer.set(row.server, (byServer.get(row.server) ?? 0) + delta);
    }
    const better = [...byServer].filter(([, delta]) => delta > 0);
    const worse = [...byServer].filter(([, delta]) => delta < 0);
    console.log(`\n${way}: ${better.length} servers better, ${worse.length} worse`);
    console.log(`  better: ${better.map(([server, delta]) => `${server} +${delta}`).join(', ')}`);
    console.log(`  worse:  ${worse.map(([server, delta]) => `${server} ${delta}`).join(', ')}`);
  }
}

/** The misses of the rules and of the best fallback: kinds that need no entity, and kinds whose entity the rules read right or wrong. */
function printMisses(rows: readonly KindExampleRow[], loso: Map<KindExampleRow, Learned>): void {
  console.log('\nMisses (LOSO): entity-free kinds | entity kinds with the entity read right | with it wrong');
  for (const way of ['rules', 'rules, lexicon where no rule', 'lexicon alone']) {
    const misses = rows.filter((row) => !isRight(row, ways[way]!(row, loso.get(row)!)));
    const free = misses.filter((row) => row.kinds.every((kind) => entityFree.has(kind)));
    const needing = misses.filter((row) => !row.kinds.every((kind) => entityFree.has(kind)));
    const entityRight = needing.filter((row) => row.entityRight).length;
    console.log(`  ${way}: ${misses.length} misses: ${free.length} | ${entityRight} | ${needing.length - entityRight}`);
    const wrong = needing.filter((row) => !row.entityRight);
    const tally = (keys: string[]) =>
      [...keys.reduce((counts, key) => counts.set(key, (counts.get(key) ?? 0) + 1), new Map<string, number>())]
        .sort((a, b) => b[1] - a[1])
        .map(([key, count]) => `${key} ${count}`)
        .join(', ');
    console.log(`    entity kinds missed with the entity wrong, by label kind: ${tally(wrong.map((row) => row.kinds.join('|')))}`);
    console.log(
      `    of them unlabelled entity: ${wrong.filter((row) => row.labelEntity === null).length}; read as item (no noun): ${wrong.filter((row) => row.readEntity === 'item').length}; by basis: ${tally(wrong.map((row) => row.basis))}`,
    );
    console.log(
      `    all misses, read -> labelled: ${tally(
        misses.map((row) => `${ways[way]!(row, loso.get(row)!).join('|')}->${row.kinds.join('|')}`),
      )
        .split(', ')
        .slice(0, 12)
        .join(', ')}`,
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main(process.argv.slice(2));
