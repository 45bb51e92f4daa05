/**
 * Parents a description gives a named child without placing it in a sentence about them: its
 * parenthesis names one by the parent's word (`"Draft wireframes" (section Design, due …)` lies in
 * the section Design), or its sentence opens with a pronoun (`Website Redesign has two sections. Its
 * tasks: …`), which stands for what the sentence before is about, the name it opens with.
 */
import type { ParentKeys } from './parent-keys.js';
import { toWords } from './entity-words.js';

/**
 * Gives `fields` the keys (parent-keys.ts) of each parent its parenthesis names, where it has none of them yet.
 *
 * @example
 *   linkDetailParents(toParentKeys(model, 'task'), seeded, 'section Design', fields); // fields.section_id = Design's id
 */
export function linkDetailParents(
  parents: readonly ParentKeys[],
  seeded: ReadonlyMap<string, ReadonlyMap<string, string>>,
  details: string,
  fields: Record<string, unknown>,
  // The parent's id as its records hold it (a number for a type counted by numbers).
  idOf: (type: string, id: string) => unknown = (_type, id) => id,
): void {
  for (const keys of parents) {
    const names = seeded.get(keys.type);
    const word = toWords(keys.type)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join(String.raw`[\s_-]+`);
    const name = names && toDetailParent(details, word, names.keys());
    if (name === undefined || !names) continue;
    for (const argument of keys.idArguments) if (!Object.hasOwn(fields, argument)) fields[argument] = idOf(keys.type, names.get(name)!);
    for (const argument of keys.nameArguments) if (!Object.hasOwn(fields, argument)) fields[argument] = name;
  }
}

/** The parent name a child's parenthesis gives after the parent's word (`section Design, due …`) or alone after `in`, among `names`. */
function toDetailParent(details: string, parentWord: string, names: Iterable<string>): string | undefined {
  for (const piece of details.split(/\s*[,;]\s*/)) {
    const named = new RegExp(String.raw`^(?:in\s+)?(?:the\s+)?${parentWord}\s*:?\s+["“‘\`]?(.+?)["”’\`]?$`, 'i').exec(piece.trim())?.[1];
    const name = named === undefined ? undefined : [...names].find((candidate) => candidate.toLowerCase() === named.toLowerCase());
    if (name !== undefined) return name;
  }
  // `by anna_s in Orders & Shipping, created …`: a parent's whole name after `in`, ending its piece, without the parent's word;
  // `INV-0041 for Harbor Bakery, …`, `an offer to Ana Souza`: the one a record is for or made out to, as invoices and orders say.
  for (const piece of details.split(/\s*[,;]\s*/)) {
    const placed = /(?:^|\s)(?:in|for|to)\s+(?:the\s+)?["“‘`]?([^"”’`]+?)["”’`]?$/i.exec(piece.trim())?.[1];
    const name = placed === undefined ? undefined : [...names].find((candidate) => candidate.toLowerCase() === placed.toLowerCase());
    if (name !== undefined) return name;
  }
  return undefined;
}

/**
 * The name a sentence's opening pronoun (`Its`, `Their`) stands for: the one of `names` the sentence
 * before opens with, its subject.
 *
 * @example
 *   toPronounSubject(['Website Redesign has two sections.', 'Its tasks: "A" and "B".'], 1, ['Website Redesign']); // 'Website Redesign'
 */
export function toPronounSubject(sentences: readonly string[], index: number, names: Iterable<string>): string | undefined {
  const before = sentences[index - 1];
  if (before === undefined || !/^\s*(?:its|their)\b/i.test(sentences[index] ?? '')) return undefined;
  // `Website Redesign has …`, `The project "Apollo" has …`: the name the sentence opens with, bare or quoted after its type's word.
  const subject = before
    .trim()
    .replace(/^the\s+/i, '')
    .replace(/^\w+\s+(?=["“‘`])/, '')
    .replace(/^["“‘`]/, '')
    .toLowerCase();
  return [...names]
    .sort((a, b) => b.length - a.length)
    .find((name) => subject.startsWith(name.toLowerCase()) && !/^[\w-]/.test(subject.slice(name.length)));
}
