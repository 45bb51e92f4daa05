/**
 * The facts of one tool a learned kind lexicon reads (learn-kind-lexicon.ts): the words of its name
 * (split as tool-name.ts splits them, without the server's common prefix and its own name) with
 * where they stand (the first and the last word: `create_issue` is verb-first, `issue_create`
 * verb-last), the words of its description's first sentence, and what its input schema and
 * annotations say (an id-like required argument, only optional filters, an array of ids, a url,
 * a query, no arguments at all, `readOnlyHint`, `destructiveHint`).
 *
 * Words only, never a rule's reading: the lexicon is learned from hand labels, so it may be
 * measured beside the rules (learn-kind-loso.ts).
 *
 * @example
 *   toKindFeatures({ name: 'jira_get_issue', inputSchema: { type: 'object', properties: { issueKey: { type: 'string' } }, required: ['issueKey'] } }, { prefix: 'jira' });
 *   // ['first:get', 'last:issue', 'name:get', 'name:issue', 'schema:required-id', …]
 */
import type { ToolDefinition } from '../../src/domain/registry.js';
import { toSentences } from '../../src/reading/described-sentences.js';
import { toSingular, toWords } from '../../src/reading/entity-words.js';
import { propertiesOf, requiredOf } from '../../src/reading/tool-id-argument.js';

/** What a featurizer is told about the tool's server. */
export interface KindFeatureContext {
  /** The server's common name prefix (`linear` of `linear_create_issue`), tool-name.ts `toCommonPrefix`. */
  prefix: string | null;
  /** Words that name the service (`sonarqube`), tool-name.ts `toServiceWords`. */
  serviceWords?: ReadonlySet<string>;
}

/** Description words that carry no kind: articles, prepositions, pronouns. */
const stopWords: ReadonlySet<string> = new Set(
  'a an the of to in on for and or with by from this that these those it its is are be as at your you all any'.split(' '),
);

/** How many words of the first sentence are read: the verb and its object come first. */
const sentenceWords = 12;

/** Argument names that say a tool takes one record's id (`id`, `issueId`, `key`, `slug`, `uuid`). */
const idLike = /(?:^|_)(?:id|key|slug|uuid|sha|number|name|path)$/;

/**
 * The tool's features, sorted and without repeats.
 */
export function toKindFeatures(
  tool: Pick<ToolDefinition, 'name' | 'description' | 'inputSchema' | 'annotations'>,
  context: KindFeatureContext,
): string[] {
  const features = new Set<string>();
  let words = toWords(tool.name);
  if (context.prefix !== null && words[0] === context.prefix && words.length > 1) words = words.slice(1);
  if (words.length > 1 && context.serviceWords?.has(words[0]!)) words = words.slice(1);
  words = words.map(toSingular);
  for (const word of words) features.add(`name:${word}`);
  if (words.length > 0) {
    features.add(`first:${words[0]!}`);
    features.add(`last:${words[words.length - 1]!}`);
  }
  if (words.length === 1) features.add('name:one-word');
  const sentence = toSentences(tool.description ?? '')[0] ?? '';
  const described = toWords(sentence.replace(/[`'"“”]/g, ' '))
    .filter((word) => !stopWords.has(word) && /^[a-z]/.test(word))
    .slice(0, sentenceWords)
    .map(toSingular);
  for (const word of described) features.add(`described:${word}`);
  if (described.length > 0) features.add(`opens:${described[0]!}`);
  for (const fact of toSchemaFacts(tool)) features.add(`schema:${fact}`);
  const annotations = tool.annotations ?? {};
  for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'])
    if (typeof annotations[hint] === 'boolean') features.add(`hint:${hint}=${String(annotations[hint])}`);
  return [...features].sort();
}

/** What the input schema says of the tool's arguments, as words. */
function toSchemaFacts(tool: Pick<ToolDefinition, 'inputSchema'>): string[] {
  const properties = propertiesOf(tool);
  const required = requiredOf(tool);
  const names = Object.keys(properties);
  const facts: string[] = [];
  if (names.length === 0) facts.push('no-arguments');
  else if (![...required].some((name) => Object.hasOwn(properties, name))) facts.push('only-optional');
  const snake = (name: string) => toWords(name).join('_');
  if (names.some((name) => required.has(name) && idLike.test(snake(name)))) facts.push('required-id');
  if (names.some((name) => properties[name]!.type === 'array' && /(?:^|_)(?:ids|keys)$/.test(snake(name)))) facts.push('id-array');
  if (names.some((name) => /(?:^|_)(?:url|uri)$/.test(snake(name)))) facts.push('url');
  if (names.some((name) => /^(?:q|query|search|search_term|keyword|keywords|term)$/.test(snake(name)))) facts.push('query');
  if (names.some((name) => /^(?:limit|page|per_page|page_size|cursor|offset|page_token)$/.test(snake(name)))) facts.push('paging');
  if (names.length > 0 && names.length <= 2) facts.push('few-arguments');
  if (names.length >= 6) facts.push('many-arguments');
  return facts;
}
