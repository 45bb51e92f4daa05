/**
 * English verbs the verb table (`tool-verbs.ts`, `api-verbs.ts`) leaves out because they do nothing
 * to what a service keeps: they judge, compare, explain or start something, and a tool
 * named with one answers what it found. They are verbs all the same, so in a name with no verb the
 * table knows, such a word at either end is the tool's own verb and the other words are what it
 * acts on: `analyze_table_stats` reads table stats, `compare_environments` environments,
 * `take_snapshot` a snapshot, `pods_exec` runs in a pod.
 * Only words that are never the noun of an API's thing are here (`test`, `audit`, `review`,
 * `capture` and `monitor` name things too: `test_case`, `audit_log`), and not `convert`: a
 * converted value read as its object's reading (`collation_convert` a read of a collation) lost
 * the action's kind. Data and one pure reading.
 */
import { toSingular } from './entity-words.js';

/** Verbs of judging, comparing and working things out: the answer is a finding about the object. */
const judgingVerbs = ['analyze', 'analyse', 'detect', 'compare', 'diagnose', 'evaluate', 'assess', 'explain', 'identify', 'verify'];
/** Verbs of working out a value from the object, and of predicting or proposing one. */
const computingVerbs = ['calculate', 'estimate', 'predict', 'recommend', 'suggest', 'simulate'];
/** Verbs of taking, switching to and starting things, with the short forms shells and SDKs write (`exec`, `init`). */
const startingVerbs = ['take', 'switch', 'initialize', 'initialise', 'init', 'exec'];

const unlistedVerbs: ReadonlySet<string> = new Set([...judgingVerbs, ...computingVerbs, ...startingVerbs]);

/** Whether a word is one of these verbs: `pods_exec` keeps its common prefix `pods`, the only noun it has. */
export function isUnlistedVerb(word: string): boolean {
  return unlistedVerbs.has(word);
}

/**
 * The entity words of a verbless name without the unlisted verb at its start or end, or null when
 * neither end is one (or nothing would be left).
 *
 * @example
 *   withoutUnlistedVerb(['analyze', 'table', 'stats']); // ['table', 'stats']
 *   withoutUnlistedVerb(['pods', 'exec']);             // ['pod']
 *   withoutUnlistedVerb(['audit', 'log']);             // null
 */
export function withoutUnlistedVerb(words: readonly string[]): string[] | null {
  if (words.length < 2) return null;
  if (unlistedVerbs.has(words[0]!)) return words.slice(1);
  if (!unlistedVerbs.has(words[words.length - 1]!)) return null;
  const rest = words.slice(0, -1);
  return [...rest.slice(0, -1), toSingular(rest[rest.length - 1]!)];
}
