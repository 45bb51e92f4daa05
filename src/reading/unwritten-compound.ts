/**
 * A compound the tool names build that no description ever writes. A name puts words before a noun
 * to tell its tools apart (`get_browser_console_logs`, `fetchAutomationScreenshots`,
 * `zowe_list_uss_files`), while the descriptions, written as English, say what the tool acts on
 * with the noun itself and put the rest in a scope or leave it out ("Get console logs from the
 * browser", "Fetch screenshots captured during a session", "List files in a USS path"). Where the
 * service writes the compound as a phrase nowhere in its descriptions, and the object of the first
 * verb of every tool that reads it ends in the compound's head noun (its last word, in either number), the
 * thing is that noun: one reading for every tool of the compound, read from the server as a whole
 * (server-types.ts calls this pass). A head that names a part, an aspect or a value of something
 * else (`text`, `status`, `count`) says nothing of a thing of its own and keeps the compound. Pure.
 */
import type { ToolDefinition } from '../domain/registry.js';
import { isAspectWord, measureWords, toSingular, toWords } from './entity-words.js';
import { isPartNoun } from './part-entity.js';
import { toDescriptionPreamble, withoutPreamble } from './description-preamble.js';
import { objectOpeners, phraseEnds } from './agreed-object.js';
import type { ToolShape } from './tool-shape.js';

/**
 * The shapes with each compound no description writes re-read as its head noun, with why
 * (`entityWhy`); a corrected tool and a dispatching tool keep their reading.
 *
 * @example
 *   // get_browser_console_logs "Get console logs from the browser (errors, warnings, etc.)"
 *   withUnwrittenCompounds(tools, shapes, () => false).get('get_browser_console_logs')?.entity; // 'log'
 */
export function withUnwrittenCompounds(
  tools: readonly ToolDefinition[],
  shapes: ReadonlyMap<string, ToolShape>,
  corrected: (name: string) => boolean,
): Map<string, ToolShape> {
  const result = new Map(shapes);
  const preamble = toDescriptionPreamble(tools);
  const written = `_${tools
    .map((tool) =>
      toWords(tool.description ?? '')
        .map(toSingular)
        .join('_'),
    )
    .join('__')}_`;
  const objects = new Map(tools.map((tool) => [tool.name, toObjectPhrase(withoutPreamble(tool, preamble))]));
  // A compound that puts another tool's entity before the noun (`board_member`) is the owner's kind of it: it stays (tool-entity.ts).
  const owners = new Set([...shapes.values()].map((shape) => shape.entity));
  const byEntity = new Map<string, string[]>();
  for (const [name, shape] of shapes) byEntity.set(shape.entity, [...(byEntity.get(shape.entity) ?? []), name]);
  for (const [entity, names] of byEntity) {
    const words = entity.split('_');
    if (words.length < 2 || !isThingNoun(words[words.length - 1]!) || isWritten(written, entity)) continue;
    if (names.some((name) => corrected(name) || shapes.get(name)!.dispatch)) continue;
    const written_ = new Set(names.map((name) => toWrittenTail(words, objects.get(name) ?? [])));
    const [noun] = written_;
    if (written_.size !== 1 || noun === null || noun === undefined) continue;
    const dropped = words.slice(0, words.length - noun.split('_').length);
    if (dropped.some((word) => owners.has(word))) continue;
    for (const name of names)
      result.set(name, {
        ...shapes.get(name)!,
        entity: noun,
        entityWhy: `"${words.join(' ')}" of the name is written by no description of the server, and this tool's first sentence calls what it acts on ${noun.replace(/_/g, ' ')}`,
      });
  }
  return result;
}

/** Whether the descriptions write the compound, as words or run together (`mind map node` for `mindmap_node`). */
function isWritten(written: string, entity: string): boolean {
  // The text is singular word by word (`sales invoices` reads `sale_invoice`): so is the compound.
  const letters = [...entity.split('_').map(toSingular).join('')].join('_?');
  return new RegExp(`_${letters}_`).test(written);
}

/**
 * The last noun of the object of a description's first verb, singular: "Get console logs from the
 * browser" → `log`, "Retrieves and summarizes all visual changes detected by Percy" → `change`;
 * null where the sentence opens with the tool's own name (`get_tree returns …`).
 */
function toObjectPhrase(tool: ToolDefinition): string[] {
  const sentence = /^[^.\n]*/.exec((tool.description ?? '').trim())?.[0] ?? '';
  if (/^\S*[_-]\S*\s/.test(sentence)) return [];
  const words = toWords(sentence).map(toSingular);
  // "Flag or unflag all emails": two verbs share the object.
  let at = words[1] === 'and' || words[1] === 'or' ? 3 : 1;
  while (at < words.length && objectOpeners.has(words[at]!)) at++;
  const phrase: string[] = [];
  for (; at < words.length && !phraseEnds.has(words[at]!) && !isParticiple(words[at]!); at++) phrase.push(words[at]!);
  return phrase;
}

/**
 * The longest tail of a compound's words, shorter than the whole, that ends the object phrase, or
 * null: `frontend test plan` against "Generate test plan for frontend test" is `test_plan`.
 */
function toWrittenTail(words: readonly string[], phrase: readonly string[]): string | null {
  for (let length = Math.min(words.length - 1, phrase.length); length >= 1; length--) {
    const tail = words.slice(words.length - length);
    if (tail.every((word, at) => phrase[phrase.length - length + at] === word)) return tail.join('_');
  }
  return null;
}

/** A past participle that starts a qualifier after the noun ("screenshots captured during a session"). */
function isParticiple(word: string): boolean {
  return /^[a-z]{2,}[^e]ed$/.test(word);
}

/** Whether a head noun can name a thing of its own: not an aspect, a part, a measure or the service's word for "a thing". */
function isThingNoun(word: string): boolean {
  return word.length > 2 && !isAspectWord(word, true) && !isPartNoun(word) && !measureWords.has(word) && !vagueHeads.has(word);
}

/** Heads that name a view or a value of something rather than a thing (`element_text`, `bucket_info`). */
const vagueHeads = new Set([
  'item',
  'object',
  'entity',
  'element',
  'data',
  'info',
  'information',
  'text',
  'detail',
  'result',
  'list',
  'type',
]);
