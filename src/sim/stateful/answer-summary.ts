/**
 * A made-up summary of an answer is a short account of it. A string property named or described
 * as the summary of the response or result (`response_summary`, "Generate a summary of the
 * response.") beside the list the answer holds reads "2 incidents", not a made-up sentence.
 */
import { toPlural, toSingular, toWords } from '../../reading/entity-words.js';
import { isRecord } from '../../domain/json-record.js';

/** List properties whose name says nothing of what they hold. */
const genericLists = new Set(['response', 'result', 'results', 'data', 'items', 'records', 'values', 'entries', 'list']);

/**
 * `made` with each made-up (not `given`) answer summary counting the answer's list.
 *
 * @example
 *   withAnswerSummary({ response: [{}, {}], response_summary: 'Parse the panel' }, { response: [] }, properties, 'incident');
 *   // { response: [{}, {}], response_summary: '2 incidents' }
 */
export function withAnswerSummary(
  made: Record<string, unknown>,
  given: Readonly<Record<string, unknown>>,
  properties: Readonly<Record<string, unknown>>,
  entity: string | undefined,
): Record<string, unknown> {
  const listKey = Object.keys(made).find((key) => Array.isArray(made[key]));
  if (listKey === undefined) return made;
  const summaryKey = Object.keys(made).find(
    (key) => given[key] === undefined && typeof made[key] === 'string' && isAnswerSummary(key, properties[key]),
  );
  if (summaryKey === undefined) return made;
  const count = (made[listKey] as unknown[]).length;
  const noun = (entity ?? (genericLists.has(listKey) ? 'item' : toSingular(toWords(listKey).join('_')))).replace(/_/g, ' ');
  return { ...made, [summaryKey]: `${count} ${count === 1 ? noun : toPlural(noun)}` };
}

/** Whether a property sums up the whole answer: `response_summary`, `result_summary`, or described "a summary of the response". */
function isAnswerSummary(key: string, schema: unknown): boolean {
  const words = toWords(key);
  if (words[words.length - 1] !== 'summary') return false;
  if (words.some((word) => ['response', 'result', 'results', 'answer'].includes(word))) return true;
  const description = isRecord(schema) && typeof schema.description === 'string' ? schema.description : '';
  return /\bsummar(y|ise|ize)\b.*\b(response|result|answer)\b/i.test(description);
}
