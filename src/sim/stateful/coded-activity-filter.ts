/**
 * A list's argument whose description numbers whether a record is still going: Lark's
 * `application_list(active_status)` "1 = active application, 2 = inactive application, 3 = all",
 * or "Options:1(Active),2(Inactive)" as generated tools write their options. No record holds a
 * field of that name (a record's lifecycle is kept in its state), so the number would match
 * nothing and filter nothing; a service means by it the records still going (in no finished
 * state), those that ended, or all of them.
 */
import type { ToolDefinition } from '../../domain/registry.js';
import { propertiesOf } from '../../reading/tool-id-argument.js';
import { isFinished } from './finished-entities.js';

type Fields = Readonly<Record<string, unknown>>;

/** `1 = active application`, `2: inactive`, `1(Active)`: a code and the words it stands for. */
const codedLabel = /\b(\d{1,2})\s*(?:=|:|\()\s*([A-Za-z][A-Za-z ]*)/g;
/** First words of a label for the records still going, for those that ended, and for every record. */
const liveWords = new Set(['active', 'open', 'ongoing', 'valid', 'enabled', 'live', 'current', 'unfinished']);
const endedWords = new Set(['inactive', 'closed', 'ended', 'invalid', 'disabled', 'terminated', 'archived', 'finished', 'expired']);
const everyWords = new Set(['all', 'any', 'both', 'everything']);

/**
 * The test a coded activity argument puts on each record, or null for any other argument (a field
 * of that name, a description with no such codes, a code it does not list).
 *
 * @example
 *   toCodedActivityFilter('active_status', '2', listApplications, known)?.({ status: 'terminated' }); // true
 */
export function toCodedActivityFilter(
  name: string,
  value: unknown,
  tool: Pick<ToolDefinition, 'inputSchema'>,
  known: { has(name: string): boolean },
): ((fields: Fields) => boolean) | null {
  if ((typeof value !== 'string' && typeof value !== 'number') || known.has(name)) return null;
  const description = propertiesOf(tool)[name]?.description;
  if (typeof description !== 'string') return null;
  const meaning = activityOf(description, String(value).trim());
  if (meaning === null) return null;
  if (meaning === 'every') return () => true;
  return (fields) => isFinished(fields) === (meaning === 'ended');
}

/** What the code given stands for among the description's codes; null when they are no activity codes. */
function activityOf(description: string, code: string): 'live' | 'ended' | 'every' | null {
  const labels = new Map<string, string>();
  for (const match of description.matchAll(codedLabel)) labels.set(match[1]!, match[2]!.trim().split(/\s+/)[0]!.toLowerCase());
  const words = [...labels.values()];
  // Both ends named: `1 = active, 2 = inactive`; a list of priorities or types is no activity.
  if (!words.some((word) => liveWords.has(word)) || !words.some((word) => endedWords.has(word))) return null;
  const word = labels.get(code);
  if (word === undefined) return null;
  return liveWords.has(word) ? 'live' : endedWords.has(word) ? 'ended' : everyWords.has(word) ? 'every' : null;
}
