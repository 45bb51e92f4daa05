/**
 * What a first list or search of reference data asked for, as fields of the set it makes
 * (reference-data.ts): the service's own records fit the question they were found by. Every
 * entity of the set holds the call's equality filters (`search_emails(mailbox: 'INBOX')` makes
 * emails in INBOX, so a move to another mailbox takes one out of it), and the first holds the text a
 * field's search argument names (`subjectQuery: 'Your order has shipped'` gives it that subject).
 * Ranges, id lists, paging, `include_*` and `getMe` switches and free-text `query` arguments set nothing.
 */
import { toListFilters } from '../../reading/list-filters.js';
import { toWords } from '../../reading/entity-words.js';
import { selectsAll } from '../../domain/world-query.js';
import { dataArguments, type AnswerInput } from './world-conventions.js';

/** Last words of an argument that searches the field its other words name: `subjectQuery`, `name_contains`. */
const searchWords = new Set(['query', 'contains', 'search', 'like']);
/**
 * First words of a switch that asks for hidden entities rather than naming a field (`include_archived`, `showCompleted`),
 * or that asks the tool to fetch something (`getMe`, `fetch_all`, `return_full`): a verb names no field of what is listed.
 */
const switchWords = new Set(['include', 'show', 'with', 'only', 'get', 'fetch', 'return', 'load', 'expand']);

/**
 * The fields the `index`-th entity of a first set made for this call holds.
 *
 * @example
 *   askedFields(searchEmails({ subjectQuery: 'Your order has shipped', mailbox: 'INBOX' }), 0); // { mailbox: 'INBOX', subject: 'Your order has shipped' }
 *   askedFields(searchEmails({ subjectQuery: 'Your order has shipped', mailbox: 'INBOX' }), 1); // { mailbox: 'INBOX' }
 */
export function askedFields(input: AnswerInput, index: number): Record<string, unknown> {
  const equality = new Set(
    toListFilters(input.tool, input.shape).flatMap((filter) => (filter.kind === 'equality' ? [filter.argument] : [])),
  );
  const fields: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(dataArguments(input))) {
    if (!equality.has(name) || !isScalar(value) || selectsAll(value)) continue;
    const words = toWords(name);
    if (words.length > 1 && switchWords.has(words[0]!)) continue;
    if (words.length > 1 && searchWords.has(words.at(-1)!)) {
      if (index === 0 && typeof value === 'string') fields[words.slice(0, -1).join('_')] = value;
      continue;
    }
    fields[name] = value;
  }
  return fields;
}

function isScalar(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}
