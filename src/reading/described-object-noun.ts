/**
 * A name with no noun of its own (`memdata_list`, `memdata_delete`: the service's name and a verb)
 * acts on the object its description's first verb names: "List all stored memories/artifacts"
 * lists memories, "Delete a memory/artifact from storage" deletes one. The object is the noun that
 * ends the phrase after the verb (its determiners and at most two modifiers before it), read
 * singular; a placeholder or the service's own name is no object. Pure.
 */
import type { ToolDefinition } from '../domain/registry.js';
import { isPlural, toFullEntityWord, toSingular, toWords } from './entity-words.js';
import { determinerWords, phraseEndWords } from './phrase-words.js';
import { toVerbMeaning } from './tool-verbs.js';
import { noThingWords, objectLeadWords } from './verb-only-names.js';
import { propertiesOf } from './tool-id-argument.js';
import type { ToolShape } from './tool-shape.js';

/** The words a verb-only name's object may open with (verb-only-names.ts), and more a list of what is kept writes. */
const opening = new Set([...objectLeadWords, ...determinerWords, 'stored', 'available', 'multiple']);
const ending = new Set([...phraseEndWords, 'or', 'as', 'at', 'into', 'within', 'using', 'based', 'across', 'if', 'when']);
/** Nouns that name no thing of their own (see placeholder-entity.ts), and `item`, a name with no noun. */
const noObjects = new Set(['item', 'data', 'info', 'information', 'details', 'result', 'results', 'content']);

/**
 * The noun the description's first verb acts on, or null.
 *
 * @example
 *   toDescribedObjectNoun('List all stored memories/artifacts.', new Set()); // 'memory'
 *   toDescribedObjectNoun('Execute a Prometheus query', new Set(['prometheus'])); // 'query'
 */
export function toDescribedObjectNoun(description: string, serviceWords: ReadonlySet<string>): string | null {
  const sentence = /^[^.\n:;]*/.exec(description.trim())?.[0] ?? '';
  // `memories/artifacts`, `memory, notes`: the first of alternatives written together is the object.
  const tokens = sentence.split(/\s+/).map((token) => token.split(/[/,()]/)[0]!);
  const words = tokens.map((token) => toWords(token).join('_')).filter((word) => word !== '');
  if (words.length < 2 || toVerbMeaning(words[0]!) === undefined) return null;
  let at = 1;
  while (at < words.length && (opening.has(words[at]!) || serviceWords.has(words[at]!))) at++;
  const phrase: string[] = [];
  for (; at < words.length && phrase.length < 3; at++) {
    if (ending.has(words[at]!)) break;
    phrase.push(words[at]!);
    // A plural is the phrase's head: "locations worldwide" are locations.
    if (isPlural(words[at]!)) break;
    // A token cut at `/` or `,` ends the phrase there.
    if (tokens[at] !== tokens[at]!.trim() || /[/,()]/.test(sentence.split(/\s+/)[at] ?? '')) break;
  }
  const last = phrase.at(-1);
  // "Create it now": a pronoun or a function word is no thing.
  if (phrase.some((word) => noThingWords.has(word))) return null;
  if (last === undefined || last.includes('_') || (at < words.length && !ending.has(words[at]!) && phrase.length === 3)) return null;
  const noun = toFullEntityWord(toSingular(last));
  return noObjects.has(noun) || serviceWords.has(noun) ? null : noun;
}

/**
 * `geocoding`, `where_used`: a search or read named for the act (a gerund, or a participle),
 * which names no thing it finds.
 */
function isActionNoun(shape: ToolShape, shared: (entity: string) => boolean): boolean {
  const last = shape.entity.split('_').at(-1)!;
  // A thing named in -ing (`training`, `settings`) is another tool's entity too, or is no search.
  if (shape.operation !== 'search' || shared(shape.entity)) return false;
  return /^[a-z]{3,}ing$/.test(last) || /^[a-z]{2,}[^e]ed$/.test(last) || last === 'used';
}

/**
 * The shapes with each tool whose name has no noun (`item`) re-read as the object the descriptions
 * name, where those that name one agree (the service's unnamed thing is one thing: `memdata_ingest`
 * "Ingest text content into long-term memory" stores the memories its siblings list), and each
 * search named for its act re-read as its own description's object; with why. A tool the scenario
 * corrects keeps its reading.
 *
 * @example
 *   withDescribedObjectNouns(memdataTools, shapes, new Set(['memdata']), () => false, uses).get('memdata_list')?.entity; // 'memory'
 */
export function withDescribedObjectNouns(
  tools: readonly ToolDefinition[],
  shapes: ReadonlyMap<string, ToolShape>,
  serviceWords: ReadonlySet<string>,
  corrected: (name: string) => boolean,
  uses: ReadonlyMap<string, number>,
): Map<string, ToolShape> {
  const shared = (entity: string) => (uses.get(entity) ?? 0) > 1;
  const result = new Map(shapes);
  const unnamed = new Map<string, string | null>();
  for (const tool of tools) {
    const shape = shapes.get(tool.name);
    if (!shape || corrected(tool.name) || !namesNoItem(shape, tool)) continue;
    const noun = toDescribedObjectNoun(tool.description ?? '', serviceWords);
    // "Execute a Prometheus query" with a `query` argument: what the caller passes is no thing the service keeps.
    const object = noun !== null && Object.keys(propertiesOf(tool)).some((name) => toSingular(name) === noun) ? null : noun;
    if (shape.entity === 'item') unnamed.set(tool.name, object);
    else if (object !== null && isActionNoun(shape, shared))
      result.set(tool.name, {
        ...shape,
        entity: object,
        entityWhy: `"${shape.entity}" names the act; its description's first verb acts on ${object}s`,
      });
  }
  const agreed = new Set([...unnamed.values()].filter((noun) => noun !== null));
  if (agreed.size !== 1) return result;
  const [noun] = agreed as Set<string>;
  for (const name of unnamed.keys())
    result.set(name, {
      ...shapes.get(name)!,
      entity: noun!,
      entityWhy: `the name has no noun of its own; the descriptions of the server's tools without one act on ${noun!}s`,
    });
  return result;
}

/** Whether a tool may be re-read by its description: neither its name, an argument (`item_id`) nor its description writes `item` as the service's word. */
function namesNoItem(shape: ToolShape, tool: ToolDefinition): boolean {
  const writes = (text: string) => toWords(text).some((word) => toSingular(word) === 'item');
  return !shape.dispatch && !writes(tool.name) && !writes(tool.description ?? '') && !Object.keys(propertiesOf(tool)).some(writes);
}
