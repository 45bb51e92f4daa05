/**
 * A name that is a verb alone (`create`, `search`, `move`: a server for one kind of thing, such as
 * a Google Tasks server) acts on the thing its description names after the verb: "Create a new
 * task in Google Tasks" creates a task, "List all tasks" lists tasks, "Search for a task" searches
 * tasks. Pure.
 */
import type { ToolDefinition } from '../domain/registry.js';
import { toSingular, toWords } from './entity-words.js';
import type { ParsedName } from './tool-name.js';

/** Words between a verb and its object: articles, quantities and the adjectives a create or list puts there. */
export const objectLeadWords: ReadonlySet<string> = new Set([
  'a',
  'an',
  'the',
  'all',
  'any',
  'new',
  'one',
  'some',
  'every',
  'each',
  'existing',
  'specific',
  'given',
  'for',
  'completed',
  'your',
  'my',
]);
/** Words that are no thing of a service. */
export const noThingWords: ReadonlySet<string> = new Set([
  'it',
  'them',
  'this',
  'that',
  'to',
  'from',
  'in',
  'on',
  'by',
  'with',
  'of',
  'and',
  'or',
  'item',
  'items',
]);

/**
 * The parsed name with the description's object as its entity, where the name is its verb alone;
 * the parsed name otherwise.
 *
 * @example
 *   withDescribedObject(parseToolName('create', null), { name: 'create', description: 'Create a new task in Google Tasks', inputSchema }); // entityWords ['task']
 */
export function withDescribedObject(parsed: ParsedName, tool: ToolDefinition): ParsedName {
  if (parsed.meaning === null || parsed.entityWords.join('_') !== 'item' || toWords(tool.name).length !== 1) return parsed;
  const sentence = toWords(/^[^.\n]*/.exec(tool.description ?? '')?.[0] ?? '');
  if (sentence.length < 2 || sentence[0] !== toWords(tool.name)[0]) return parsed;
  let at = 1;
  while (objectLeadWords.has(sentence[at] ?? '')) at++;
  const word = sentence[at];
  if (word === undefined || noThingWords.has(word) || !/^[a-z]+$/.test(word)) return parsed;
  const singular = toSingular(word);
  return { ...parsed, entityWords: [singular], plural: singular !== word };
}
