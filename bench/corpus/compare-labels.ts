/**
 * How far two labellings of the same tools agree (issue 36: is a 95% target above the label
 * noise?). Two labels agree on a kind, an entity or an argument when any choice of one (`a|b`, the
 * README's "either reading is fair") matches any choice of the other; entities are compared as the
 * bench compares them (`toEntityKey`: case, separators, a plural, the service's name as a prefix).
 * An entity or argument is counted on every tool where either labelling names one, so one labeller
 * naming a parent the other leaves out is a disagreement. Kinds also get Cohen's kappa, the
 * agreement beyond what two labellers with these kind frequencies would reach by chance, and the
 * tools whose labels allow exactly the same kinds (what agreement is without the credit `a|b` gives). Pure.
 *
 * @example
 *   compareLabellings(first, second, new Set(['stripe'])); // { tools: 22, kindsAgreed: 21, entities: 22, ..., disagreements: [...] }
 */
import { toLabelKinds, type CorpusLabels, type ToolLabel } from './corpus-files.js';
import { toEntityKey } from './measure-readings.js';

/** Counts of one server's (or all servers') agreement: each `…Agreed` of its `…s`. */
export interface AgreementFigures {
  tools: number;
  kindsAgreed: number;
  /** Tools whose two labels allow exactly the same kinds: agreement with no credit for `a|b`. */
  kindsSame: number;
  entities: number;
  entitiesAgreed: number;
  idArguments: number;
  idArgumentsAgreed: number;
  parentArguments: number;
  parentArgumentsAgreed: number;
  /** One kind per tool and labelling, for Cohen's kappa (`toKindPair`). */
  kindPairs: [string, string][];
  /** `tool: field: first …, second …` for every field the two differ on. */
  disagreements: string[];
}

type ArgumentField = 'idArgument' | 'parentArgument';

/**
 * Compares two labellings of one server, tool by tool, over the tools both label (the first
 * labelling's order). `serviceWords` are the service's name words (`toServiceWords`).
 */
export function compareLabellings(first: CorpusLabels, second: CorpusLabels, serviceWords: ReadonlySet<string>): AgreementFigures {
  const figures = emptyAgreement();
  for (const [tool, one] of Object.entries(first.tools)) {
    const other = second.tools[tool];
    if (!other) continue;
    figures.tools++;
    const pair = toKindPair(one, other);
    figures.kindPairs.push(pair);
    if (sameSet(toLabelKinds(one), toLabelKinds(other))) figures.kindsSame++;
    if (pair[0] === pair[1]) figures.kindsAgreed++;
    else figures.disagreements.push(`${tool}: kind: first ${one.kind}, second ${other.kind}`);
    if (one.entity !== undefined || other.entity !== undefined) {
      figures.entities++;
      const sameEntity = (a: string, b: string) => toEntityKey(a, serviceWords) === toEntityKey(b, serviceWords);
      if (choicesMeet(one.entity, other.entity, sameEntity)) figures.entitiesAgreed++;
      else figures.disagreements.push(`${tool}: entity: first ${one.entity ?? 'none'}, second ${other.entity ?? 'none'}`);
    }
    for (const field of ['idArgument', 'parentArgument'] as const satisfies readonly ArgumentField[]) {
      if (one[field] === undefined && other[field] === undefined) continue;
      const agreed = choicesMeet(one[field], other[field], (a, b) => a === b);
      if (field === 'idArgument') {
        figures.idArguments++;
        if (agreed) figures.idArgumentsAgreed++;
      } else {
        figures.parentArguments++;
        if (agreed) figures.parentArgumentsAgreed++;
      }
      if (!agreed) figures.disagreements.push(`${tool}: ${field}: first ${one[field] ?? 'none'}, second ${other[field] ?? 'none'}`);
    }
  }
  return figures;
}

/**
 * The one kind each labelling gives a tool, for kappa: the first kind both allow when they meet
 * (`list|search` and `search` are both `search`), else each labelling's first kind.
 *
 * @example
 *   toKindPair({ kind: 'list|search' }, { kind: 'search' }); // ['search', 'search']
 */
export function toKindPair(one: ToolLabel, other: ToolLabel): [string, string] {
  const mine = toLabelKinds(one);
  const theirs = toLabelKinds(other);
  const shared = mine.find((kind) => theirs.includes(kind));
  return shared === undefined ? [mine[0]!, theirs[0]!] : [shared, shared];
}

/**
 * Cohen's kappa of paired labels: (observed agreement − chance agreement) / (1 − chance
 * agreement), chance from each labeller's own frequencies. 1 when every pair agrees on one kind
 * only (no chance to correct for); NaN for no pairs.
 *
 * @example
 *   cohenKappa([['read', 'read'], ['list', 'read']]); // 0
 */
export function cohenKappa(pairs: readonly (readonly [string, string])[]): number {
  if (pairs.length === 0) return Number.NaN;
  const firstCounts = new Map<string, number>();
  const secondCounts = new Map<string, number>();
  let agreed = 0;
  for (const [one, other] of pairs) {
    firstCounts.set(one, (firstCounts.get(one) ?? 0) + 1);
    secondCounts.set(other, (secondCounts.get(other) ?? 0) + 1);
    if (one === other) agreed++;
  }
  const observed = agreed / pairs.length;
  let chance = 0;
  for (const [kind, count] of firstCounts) chance += (count / pairs.length) * ((secondCounts.get(kind) ?? 0) / pairs.length);
  return chance === 1 ? 1 : (observed - chance) / (1 - chance);
}

/** The sum of several servers' figures (kappa is then computed over all their pairs). */
export function sumAgreement(all: readonly AgreementFigures[]): AgreementFigures {
  const total = emptyAgreement();
  for (const figures of all) {
    total.tools += figures.tools;
    total.kindsAgreed += figures.kindsAgreed;
    total.kindsSame += figures.kindsSame;
    total.entities += figures.entities;
    total.entitiesAgreed += figures.entitiesAgreed;
    total.idArguments += figures.idArguments;
    total.idArgumentsAgreed += figures.idArgumentsAgreed;
    total.parentArguments += figures.parentArguments;
    total.parentArgumentsAgreed += figures.parentArgumentsAgreed;
    total.kindPairs.push(...figures.kindPairs);
    total.disagreements.push(...figures.disagreements);
  }
  return total;
}

function emptyAgreement(): AgreementFigures {
  return {
    tools: 0,
    kindsAgreed: 0,
    kindsSame: 0,
    entities: 0,
    entitiesAgreed: 0,
    idArguments: 0,
    idArgumentsAgreed: 0,
    parentArguments: 0,
    parentArgumentsAgreed: 0,
    kindPairs: [],
    disagreements: [],
  };
}

function sameSet(one: readonly string[], other: readonly string[]): boolean {
  return one.every((item) => other.includes(item)) && other.every((item) => one.includes(item));
}

/** Whether any `|` choice of one value matches any of the other; a value one labelling leaves out matches nothing. */
function choicesMeet(one: string | undefined, other: string | undefined, same: (a: string, b: string) => boolean): boolean {
  if (one === undefined || other === undefined) return false;
  const theirs = other.split('|').map((choice) => choice.trim());
  return one.split('|').some((choice) => theirs.some((their) => same(choice.trim(), their)));
}
