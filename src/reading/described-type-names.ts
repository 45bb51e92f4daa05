/**
 * The names one sentence of a description gives the things of one type: listed after the type's
 * plural (`services: a, b`), quoted after its singular (`task "Fix login"`), set off after `one`
 * (`One bucket, acme-reports, holding …`) or spelled as a key right after the word (`bucket
 * acme-reports`). Pure; described-world.ts seeds what it finds.
 */
import { toNames, type Named } from './described-names.js';
import { toOverlappingGroups } from './overlapping-matches.js';
import { toPlural, toWords } from './entity-words.js';

/** A name spelled as a key is (`acme-reports`, `attic.2`, `logs/app.log`): a dash, dot, slash or digit inside it. */
const keySpelled = /^[A-Za-z0-9][\w@#:+]*[-./\d]/;
/**
 * Words that lead a list after the type's word: `services: a, b`, `services called a and b`, `the services are a and b`,
 * `tasks "a" and "b"`; the colon may follow where the list is (`Work items in Fabrikam Web: …`), which the parent link reads.
 */
const lead = String.raw`\s*(?:\((?<paren>[^)]*)\)|(?:(?:in|under|of|for|on|at|from)\s+[^:;,.()]{1,40}?\s*)?(?<colon>:)|[,—–-]|\s(?:called|named)\b|\s(?<are>are)\b|(?=["“‘\`]))\s*`;
/** `from Yuki Tanaka`, `by Ada`: who wrote the thing a sentence counts, between its word and its quoted text. */
const byPerson = String.raw`(?:\s+(?:from|by)\s+[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,2})?`;
/** After `are`, a plain word is more often a state than a name (`the services are down`): a name there must look like one. */
const nameLike = /["'“‘`]|[A-Z]|[-_/.@#:\d]/;

/**
 * The names a sentence lists for a type: after its plural (`services: a, b`) or quoted after its
 * singular, as often as it says so (`task "Fix login" and task "Write notes"`).
 */
export function namesOf(sentence: string, type: string, serviceWords: ReadonlySet<string>): Named[] {
  const words = toWords(type);
  const phrase = (last: string) => [...words.slice(0, -1), last].map(escape).join(String.raw`[\s_-]+`);
  const plural = phrase(toPlural(words[words.length - 1]!));
  const singular = phrase(words[words.length - 1]!);
  // `Ad sets: Spring Blend Launch has two ad sets, Portland … and Seattle …`: where the plural heads a sentence rather
  // than a list, the names are those after its next use.
  const uses = toOverlappingGroups(new RegExp(String.raw`\b${plural}\b${lead}(?<list>.+)$`, 'gi'), sentence);
  for (const groups of uses) {
    const inParen = groups.paren !== undefined ? toNames(groups.paren) : [];
    if (inParen.length > 0) return inParen;
    // `Event types: Therapy session, Intro call`: after a colon the parts are names, in sentence case too.
    const names = toNames(groups.list!, { listed: groups.colon !== undefined });
    const found = groups.are !== undefined && !names.every(({ name }) => nameLike.test(name)) ? [] : names;
    if (found.length > 0) return found;
  }
  // `Contact: Ellen Park (ellen@acme.com)`: a sentence labelled with the singular lists its one record (or more) as the plural's does.
  const labelled = uses.length === 0 ? new RegExp(String.raw`^\s*${singular}\s*:\s*(.+)$`, 'i').exec(sentence) : null;
  // Names only, capitalised or quoted: `Note: the API is slow` is a remark, not a note.
  const labelledNames = labelled ? toNames(labelled[1]!) : [];
  if (labelledNames.length > 0) return labelledNames;
  // `topic 101 "Brake pads arrived damaged"`: the id or key written between the word and the quoted name is that record's.
  const quoted = new RegExp(
    String.raw`\b${singular}\b\s+(?:(${writtenKey})\s+)?(?:(?:called|named)\s+)?["“‘\`]([^"”’\`]{1,60})["”’\`](?:\s*\(([^)]*)\))?`,
    'gi',
  );
  const matches = [...sentence.matchAll(quoted)];
  const each = matches.map((match, index) => ({
    name: match[2]!.trim(),
    details: match[3] ?? toClauseFields(sentence.slice(match.index + match[0].length, matches[index + 1]?.index)),
    key: match[1],
  }));
  const numbered = toNumbered(sentence, singular);
  // `Topics: topic 101 "…" by anna_s`: a plural heading a sentence whose records are each written with their id.
  if (uses.length > 0) return [...each.filter(({ key }) => key !== undefined), ...numbered];
  if (each.length > 0) return each;
  if (numbered.length > 0) return numbered;
  const called = new RegExp(String.raw`\b${singular}\b\s+(?:called|named)\s+([A-Za-z0-9][\w./@#:+-]*)`, 'i').exec(sentence);
  if (called) return toNames(called[1]!);
  // `One bucket, acme-reports, holding …`, `a bucket: acme-reports`: one of the type, its name set off after the word
  // (spelled as a key is, or closed by a comma: not the `mostly` of `one shelf, mostly empty`); `One conversation,
  // "Order 1042" (sid CH…01)`: what the parenthesis after it gives.
  const oneQuoted = new RegExp(
    String.raw`\b(?:one|a|an|single)\s+${singular}\b${byPerson}\s*[:,—–]\s*(?:(#\d+|[A-Za-z][A-Za-z0-9]*[-_]?\d+)\s+)?["“‘\`]([^"”’\`]{1,60})["”’\`](?:\s*\(([^)]*)\))?`,
    'i',
  ).exec(sentence);
  // `one issue, APP-1 "Crash on login"`: the key before the quoted name too; `one comment from Yuki Tanaka: "Looks good."`.
  if (oneQuoted) return [{ name: oneQuoted[2]!.trim(), details: oneQuoted[3], key: oneQuoted[1] }];
  // `One store, Pixel Tools (id 41), selling …`: capitalised words set off after the word, closed by punctuation; a title
  // keeps its numbers (`one ad set, Pearl District 5km Radius`), as described-names.ts reads them.
  const oneAt = new RegExp(String.raw`\b(?:one|a|an|single)\s+${singular}\b\s*[:,—–]\s*`, 'i').exec(sentence);
  const capitalised = oneAt
    ? /^([A-Z][\w.'&-]*(?:\s+(?:[A-Z][\w.'&-]*|\d[\w.%+-]*)){0,4})\s*(?:\(([^)]*)\))?\s*(?=$|[,.;:])/.exec(
        sentence.slice(oneAt.index + oneAt[0].length),
      )
    : null;
  if (capitalised) return [{ name: capitalised[1]!, details: capitalised[2] }];
  const one = new RegExp(
    String.raw`\b(?:one|a|an|single)\s+${singular}\b\s*[:,—–]\s*([A-Za-z0-9][\w./@#:+-]*?)\.?(?=$|[\s,;])(,)?`,
    'i',
  ).exec(sentence);
  if (one && (keySpelled.test(one[1]!) || one[2] !== undefined)) return toNames(one[1]!);
  // `The "Product" workspace holds two boards`: a quoted name between a determiner and the word.
  const before = new RegExp(
    String.raw`\b(?:the|a|an|our|their|its|his|her|my|your)\s+["“‘\`]([^"”’\`]{1,60})["”’\`]\s+${singular}\b`,
    'i',
  ).exec(sentence);
  if (before) return toNames(before[1]!);
  // `has pods web-7f9c (image nginx:1.27) and api-5d2e`: names in apposition right after the plural, as many as are
  // spelled as keys are (a plain word there, `pods running`, describes them instead).
  const apposed = new RegExp(String.raw`\b${plural}\s+(?=[A-Za-z0-9])(.+)$`, 'i').exec(sentence);
  const keys = apposed ? leadingKeys(toNames(apposed[1]!)) : [];
  if (keys.length > 0) return keys;
  // `bucket acme-reports`, `pod ledger-0 (image postgres:16)`: a name right after the word, when it is spelled as a key is,
  // with the parenthesis after it.
  const keyed = new RegExp(String.raw`\b${singular}\s+([A-Za-z0-9][\w./@#:+-]*?)\.?(?=$|[\s,;])(?:\s*\(([^)]*)\))?`, 'i').exec(sentence);
  if (keyed && keySpelled.test(keyed[1]!)) return toNames(keyed[1]!).map((named) => ({ ...named, details: keyed[2] }));
  // `the Campaigns folder in the Marketing space`: a capitalised name right before the type's word, after `the`.
  const capitalisedBefore = new RegExp(String.raw`\b[Tt]he\s+((?:[A-Z][\w'&.-]*\s+){1,3})${singular}\b`).exec(sentence);
  const namedBefore = capitalisedBefore?.[1]?.trim();
  const brand = namedBefore !== undefined && namedBefore.split(/\s+/).every((word) => serviceWords.has(word.toLowerCase()));
  return namedBefore !== undefined && !brand ? [{ name: namedBefore, details: undefined }] : [];
}

/** A key or id written before a record's quoted name: `101`, `#42`, `WEB-1`. */
const writtenKey = String.raw`#?\d+|[A-Za-z][A-Za-z0-9]*[-_]?\d+`;

/**
 * `"Brake pads arrived damaged" by anna_s, created 2026-03-02, open`: the clause after a quoted name, when it goes on with
 * a comma or a preposition, gives that record's fields as a parenthesis would (described-fields.ts reads only the fields
 * the type's writes take); `and task "b"` or nothing after it gives none.
 */
function toClauseFields(rest: string): string | undefined {
  const clause = rest.replace(/\s*(?:,\s*)?(?:and|or)?\s*$/i, '').trim();
  if (!/^(?:,|(?:by|in|from|on|with|for|at|between)\b)/i.test(clause)) return undefined;
  const fields = clause.replace(/^,\s*/, '').trim();
  return fields === '' ? undefined : fields;
}

/**
 * `topic 101 has post 1001 by anna_s (2026-03-02) and post 1002 by jonas_b`: records written as the type's word and
 * their number, each with the parenthesis or clause after it; the number is both its name and its key.
 */
function toNumbered(sentence: string, singular: string): Named[] {
  const matches = [...sentence.matchAll(new RegExp(String.raw`\b${singular}\s+#?(\d+)(?![\w.,:/-]?\w)(?!\s*["“‘\`])`, 'gi'))];
  return matches.map((match, index) => {
    const rest = sentence.slice(match.index + match[0].length, matches[index + 1]?.index);
    const paren = /^\s*\(([^)]*)\)/.exec(rest)?.[1];
    return { name: match[1]!, key: match[1]!, details: paren ?? toClauseFields(rest) };
  });
}

/** The names at the head of a list that are spelled as keys are, with a letter (`web-7f9c`, not `1-3`). */
function leadingKeys(names: readonly Named[]): Named[] {
  const end = names.findIndex(({ name }) => !keySpelled.test(name) || !/[a-z]/i.test(name));
  return names.slice(0, end === -1 ? names.length : end);
}

function escape(word: string): string {
  return word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
