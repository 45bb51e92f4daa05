/**
 * A name whose noun its description never writes reads the object of the description's first verb:
 * `flightbox_failing` "Find recent errors", `adb_logcat` "Get recent logs from an Android device",
 * `vibe_inbox` "See your unread messages", `x64dbg_database` "List known constants, error codes, …".
 * The name of an action is a label the author gave the tool (a product word, a mood, a short form); the
 * sentence that says what the tool does names the thing in the service's own words. Only where no
 * word of the name's entity is written in the description or the argument names, in full, as the
 * start of a longer word (`stats` of `statistics`) or as initials (`rca`, "Root Cause Analysis"),
 * and only the head of a plain noun phrase: a vague head (`data`, `info`, `value`), an acronym or a
 * product's name (`GitLab`) says nothing. The last pass of the server-wide reading
 * (server-types.ts): every other rule has had its say. Pure.
 */
import type { ToolDefinition } from '../domain/registry.js';
import { toSingular, toWords } from './entity-words.js';
import { objectOpeners, phraseEnds } from './agreed-object.js';
import { toVerbMeaning } from './tool-verbs.js';
import type { ToolShape } from './tool-shape.js';

/**
 * The shapes with each tool whose name's noun its description never writes re-read as the head
 * of its first verb's object, with why; a corrected or dispatching tool keeps its reading.
 *
 * @example
 *   withUnnamedObjects([flightboxFailing], shapes, () => false).get('flightbox_failing')?.entity; // 'error' ("Find recent errors")
 */
export function withUnnamedObjects(
  tools: readonly ToolDefinition[],
  shapes: ReadonlyMap<string, ToolShape>,
  corrected: (name: string) => boolean,
): Map<string, ToolShape> {
  const result = new Map(shapes);
  for (const tool of tools) {
    const shape = shapes.get(tool.name);
    // Only an action: a create, list, read, update or delete keeps its name's noun, by which its arguments place and find the records
    // (measured: re-reading creates or lists moved walk checks of the sets not tuned on).
    if (!shape || shape.dispatch || shape.operation !== 'other' || corrected(tool.name)) continue;
    const head = toUnnamedObject(shape, tool);
    if (head !== null)
      result.set(tool.name, {
        ...shape,
        entity: head,
        entityWhy: `no word of "${shape.entity.replace(/_/g, ' ')}" is written in the description, whose first verb acts on ${head.replace(/_/g, ' ')}`,
      });
  }
  return result;
}

/** First words of a description that act on what follows, beyond the verb table's (`find`, `see`). */
const describingVerbs = new Set([
  'find',
  'see',
  'view',
  'make',
  'show',
  'retrieve',
  'fetch',
  'query',
  'look',
  'inspect',
  'check',
  'discover',
]);
/** Words after the verb that belong to it (`look up`). */
const particles = new Set(['up', 'out', 'down']);
/** Heads that name a view, a measure or a value of a thing rather than the thing, or no thing at all. */
const vagueHeads = new Set([
  ...['data', 'info', 'information', 'detail', 'details', 'value', 'result', 'item', 'object', 'entity', 'thing', 'content', 'list'],
  ...['shape', 'structure', 'format', 'time', 'total', 'count', 'stat', 'stats', 'statistic', 'status', 'path', 'url', 'id', 'name'],
  ...['yourself', 'someone', 'something', 'everything', 'anything', 'them', 'it'],
]);

/** The head noun of the first sentence's object, where neither the description nor an argument writes a word of the name's entity; null otherwise. */
function toUnnamedObject(shape: ToolShape, tool: ToolDefinition): string | null {
  const description = (tool.description ?? '').trim();
  if (description === '') return null;
  const written = [...toWords(description), ...Object.keys(tool.inputSchema.properties ?? {}).flatMap(toWords)].map(toSingular);
  if (shape.entity.split('_').some((word) => isWritten(word, written))) return null;
  // The first clause: up to a stop, a bracket, a slash or a dash, as "constants, error codes" names `constant`.
  const clause = /^[^.;:,()/\n—–]*/.exec(description)?.[0] ?? '';
  // A product's name (`GitLab`, `FastTest`) or an acronym (`HTTP`, `JSON`) in the clause: its words are no common noun.
  if (
    clause
      .split(/\s+/)
      .slice(1)
      .some((token) => /[a-z][A-Z]|^[A-Z]{2,}\b/.test(token))
  )
    return null;
  const words = toWords(clause).map(toSingular);
  const verb = words[0] ?? '';
  if (toVerbMeaning(verb) === undefined && !describingVerbs.has(verb) && !describingVerbs.has(verb.replace(/e?s$/, ''))) return null;
  let at = 1;
  while (at < words.length && (objectOpeners.has(words[at]!) || particles.has(words[at]!))) at++;
  const phrase: string[] = [];
  for (; at < words.length && !phraseEnds.has(words[at]!) && !isModifierAfter(words[at]!); at++) phrase.push(words[at]!);
  const head = phrase.at(-1);
  return head === undefined || head.length < 3 || vagueHeads.has(head) || /(?:ly|ing)$/.test(head) ? null : head;
}

/** Whether a name's word is in the text: whole, as the start of a longer word (`stats` of `statistics`), or as initials. */
function isWritten(word: string, written: readonly string[]): boolean {
  const stem = word.length >= 4 ? word.replace(/s$/, '') : word;
  if (written.some((other) => other === word || (stem.length >= 4 && other.startsWith(stem)))) return true;
  return (
    word.length >= 2 &&
    word.length <= 5 &&
    written.some(
      (_, at) =>
        written
          .slice(at, at + word.length)
          .map((other) => other[0])
          .join('') === word,
    )
  );
}

/** A participle, an adverb or a time word that starts what qualifies the noun before it ("commands supported by", "score before transacting"). */
function isModifierAfter(word: string): boolean {
  return /^[a-z]{2,}ed$/.test(word) || /^[a-z]{3,}ly$/.test(word) || ['before', 'after', 'until', 'across', 'per'].includes(word);
}
