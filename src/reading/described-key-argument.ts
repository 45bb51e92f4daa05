/**
 * The argument a tool's input schema describes as the key of the one thing it acts on, where its name
 * does not say so (issue 36): `get_sitemap(feedpath "The URL of the actual sitemap")`,
 * `get_chain_info(network "Network name or chain ID")`, `get_balance(address "The address to check
 * balance for")`. Services pass a key under names that are not `<entity>_id` (a name, a path, a URL, an
 * address) and say in the argument's description what it is, as OpenAPI's and Google's API design
 * guide's field descriptions do. Read only for a read, update or delete that no name found a key for,
 * and never strong: the words do not say the key's type, so an unknown value is made up. Pure.
 */
import { toFullWord, toSingular, toWords } from './entity-words.js';
import type { IdArgument, Properties } from './tool-id-argument.js';

/** Words that say a value names one thing, and the field each is. */
const keyWords: Readonly<Record<string, string>> = {
  id: 'id',
  identifier: 'id',
  uuid: 'id',
  key: 'key',
  address: 'address',
  url: 'url',
  uri: 'uri',
  name: 'name',
  path: 'path',
};
/** Words before a key word that describe a value rather than name a thing: "display name", "new name", "page number". */
const valueWords = new Set([
  'display',
  'new',
  'first',
  'last',
  'full',
  'given',
  'family',
  'middle',
  'nick',
  'user',
  'file',
  'base',
  'callback',
  'redirect',
  'webhook',
  'image',
  'avatar',
  'cover',
  'logo',
  'output',
  'local',
  'request',
  'page',
  'next',
  'previous',
]);
const articles = new Set(['the', 'a', 'an', 'its', 'this']);

/** What a description says an argument is: the key word and the noun it names, or null when it names no key. */
function describedKey(description: unknown): { field: string; noun: string | null } | null {
  if (typeof description !== 'string') return null;
  const words = toWords(description.replace(/['’]s\b/g, '').split(/[.;:(,]/)[0] ?? '');
  let at = articles.has(words[0] ?? '') ? 1 : 0;
  // "The URL of the actual sitemap", "ID of the account".
  if (keyWords[words[at] ?? ''] !== undefined && words[at + 1] === 'of') {
    const field = keyWords[words[at]!]!;
    at += 2;
    if (articles.has(words[at] ?? '')) at++;
    const rest = words.slice(at, at + 3).filter((word) => !['actual', 'specific', 'existing', 'target'].includes(word));
    return { field, noun: rest[0] === undefined ? null : toFullWord(toSingular(rest[0])) };
  }
  // "Network name", "The address to check balance for", "The bucket name to use", "Experiment ID".
  for (const length of [0, 1, 2]) {
    const head = words[at + length];
    if (head === undefined || keyWords[head] === undefined) continue;
    const before = words.slice(at, at + length);
    if (before.some((word) => valueWords.has(word) || keyWords[word] !== undefined)) return null;
    return { field: keyWords[head]!, noun: before.length === 0 ? null : toFullWord(toSingular(before.at(-1)!)) };
  }
  return null;
}

/**
 * The argument described as the key of `entityWords`' entity, else the one required argument described as a key of
 * anything, else null.
 *
 * @example
 *   findDescribedKeyArgument(['sitemap'], { feedpath: { type: 'string', description: 'The URL of the actual sitemap' } }, new Set()); // { name: 'feedpath', field: 'url', strong: false }
 */
export function findDescribedKeyArgument(
  entityWords: readonly string[],
  properties: Properties,
  required: ReadonlySet<string>,
): IdArgument | null {
  const head = toFullWord(entityWords.at(-1) ?? '');
  const described = Object.entries(properties)
    .filter(([, schema]) => schema.type === 'string' || schema.type === 'integer' || schema.type === 'number')
    .map(([name, schema]) => ({ name, key: describedKey(schema.description) }))
    .filter((candidate): candidate is { name: string; key: { field: string; noun: string | null } } => candidate.key !== null);
  const own = described.find((candidate) => candidate.key.noun === head);
  const given = described.filter((candidate) => required.has(candidate.name));
  const found = own ?? (given.length === 1 ? given[0] : undefined);
  return found === undefined ? null : { name: found.name, field: found.key.field, strong: false };
}
