/**
 * The names a description lists: `checkout-api and payments`, `"Checkout API", payments & search`,
 * `Ada Lovelace (ada@example.com) and Grace Hopper`, `a 30 minute Free consultation (id 101) and a
 * Therapy session`: quoted texts, tokens and capitalised words (in sentence case after an article
 * or before a parenthesis), each with the parenthesis after it, up to the first part that is not a
 * name. Pure.
 */
import { toCodedItem } from './described-codes.js';
/**
 * A name in a list: a quoted text, a token such as `checkout-api` or `acme/widgets`, or capitalised
 * words (`Grace Hopper`). A title keeps the numbers written between and after its capitalised
 * words (`Route 66 Diner`, `Pearl District 5km Radius`, `Seattle Lookalike 1%`), as titles in
 * English do, and the small words a title in title case leaves in lower case between them (`Send to Review`, `Bank
 * of America`); not the words that place a thing (`in`, `on`, `at`) or join two (`Ada Byron for Analysis`: described-linked.ts), which end a name in a description.
 */
const bareName =
  /^(?:[A-Za-z0-9][\w./@#:+-]*|\p{Lu}[\p{L}\d_.'-]*(?:\s+(?:&\s+)?(?:\p{Lu}[\p{L}\d_.'-]*|\d[\w.%+-]*)|\s+(?:to|of|the|a|an)\s+\p{Lu}[\p{L}\d_.'-]*){1,4})$/u;
const quotedName = /^["'“‘`](.+?)["'”’`]$/;
/** A name in sentence case (`Therapy session`): only where an article or a parenthesis after it sets it off as one. */
const sentenceName = /^[A-Z][\w.'&-]*(?:\s+[a-z0-9][\w.'&-]*){1,3}$/;
/** `a 30 minute Free consultation`, `the 50-minute Therapy session`: an article and what describes the thing, before its name. */
const described = /^(?:a|an|the|one)\s+(?:[a-z0-9][\w-]*\s+)*?(?=[A-Z"“‘`])/;
/** Words that are not names even where a list could start: `services are down`, `projects, all archived`. */
const notNames = new Set([
  'all',
  'both',
  'none',
  'each',
  'every',
  'some',
  'many',
  'few',
  'the',
  'a',
  'an',
  'and',
  'or',
  'with',
  'that',
  'which',
  'who',
  'no',
  'not',
  'there',
  'here',
  'it',
  'they',
  'we',
  'you',
]);

/** A name the description gives, with the text of the parenthesis right after it (`"Fix login" (status in progress)`). */
export interface Named {
  name: string;
  details?: string | undefined;
  /** The key written before a quoted name (`WEB-1 "Design new landing page"`, `#42 "Fix login"`). */
  key?: string | undefined;
  /** The kind written before the key or quoted name (`Bug 1201 "Checkout button unresponsive"`, `User Story "Saved cards"`). */
  kind?: string | undefined;
}

/**
 * `WEB-1 "Design new landing page"`, `#42 "Fix login"`, `1201 "Checkout button"`, `INV-2041 'March invoice'`, `ENG
 * "Engineering"`: a key (letters or `#` and a number, a number, or a code in capitals as Jira projects and Confluence
 * spaces are keyed) and a quoted title, after the record's kind where it has one (`Bug 1201 "…"`).
 */
const keyedName =
  /^(?:(\p{Lu}\p{Ll}+(?:\s\p{Lu}\p{Ll}+)?)\s+)?(#?\d+|[A-Za-z][A-Za-z0-9]*[-_]?\d+|[A-Z][A-Z0-9_]{1,9})\s+["'“‘`](.+?)["'”’`]$/u;
/** `User Story "Saved payment methods"`: a kind in capitalised words and a quoted title. */
const kindQuoted = /^(\p{Lu}\p{Ll}+(?:\s\p{Lu}\p{Ll}+)?)\s+["“‘`](.+?)["”’`]$/u;

/**
 * The names of a list, up to the first part that is not a name (`checkout-api and payments, both slow` → two); a parenthesis
 * after a name is its details. `listed`: the list follows a colon, so a part in sentence case is a name (`Therapy session`).
 */
export function toNames(list: string, { listed = false }: { listed?: boolean } = {}): Named[] {
  const names: Named[] = [];
  const trimmed = list.replace(/[.!?;]+$/, '');
  // `#1042 "Checkout 500s spike" on Checkout API, triggered; #1041 "Payments backlog" …`: items whose own commas the
  // semicolons set apart, each a name and the words about it (its details, as a parenthesis would give them).
  // A semicolon inside a parenthesis (`Engineering (key ENG; Mara, Jonas) and Design`) parts no items.
  const items = splitAtSemicolons(trimmed);
  const semicolons = items.length > 1 ? items : null;
  // `INV-0041 for Harbor Bakery, 1,200 USD, sent on March 3`: one record told by its code, its own commas inside it.
  const coded = semicolons === null && /^\S+\s+(?:for|to|from)\s/.test(trimmed) ? toCodedItem(trimmed) : null;
  if (coded) return [coded];
  for (const raw of semicolons ?? splitOutsideParentheses(trimmed)) {
    const told = semicolons ? (toldItem(raw.trim()) ?? toCodedItem(raw.trim()) ?? toNamedItem(raw.trim())) : null;
    if (told) {
      names.push(told);
      continue;
    }
    const withDetails = /^(.*?)\s*\(([^)]*)\)$/.exec(raw.trim());
    const written = (withDetails ? withDetails[1]! : raw).trim();
    const details = withDetails?.[2];
    const article = described.exec(written);
    const part = article ? written.slice(article[0].length) : written;
    const quoted = quotedName.exec(part);
    const keyed = keyedName.exec(part);
    const kinded = kindQuoted.exec(part);
    if (quoted) names.push({ name: quoted[1]!.trim(), details });
    else if (keyed) names.push({ name: keyed[3]!.trim(), details, key: keyed[2]!, ...(keyed[1] ? { kind: keyed[1] } : {}) });
    else if (kinded) names.push({ name: kinded[2]!.trim(), details, kind: kinded[1]! });
    else if (bareName.test(part) && !notNames.has(part.toLowerCase()) && !/^\d+$/.test(part)) names.push({ name: part, details });
    else if ((article || listed || details !== undefined) && sentenceName.test(part)) names.push({ name: part, details });
    else break;
  }
  return names;
}

/** The items of a list its semicolons separate (`a, b; c; and d`), outside parentheses. */
function splitAtSemicolons(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of list) {
    if (char === '(') depth++;
    if (char === ')') depth = Math.max(0, depth - 1);
    if (char === ';' && depth === 0) {
      parts.push(current);
      current = '';
    } else current += char;
  }
  parts.push(current);
  return parts.map((part) => part.trim().replace(/^(?:and|or)\s+/, ''));
}

/** `#1042 "Checkout 500s spike" on Checkout API, triggered`: a quoted name (after its kind and key, if any) and the words about it. */
function toldItem(item: string): Named | null {
  const found =
    /^(?:(\p{Lu}\p{Ll}+(?:\s\p{Lu}\p{Ll}+)?)\s+)?(?:(#?\d+|[A-Za-z][A-Za-z0-9]*[-_]?\d+)\s+)?["“‘`](.+?)["”’`]\s*,?\s+(.+)$/u.exec(item);
  if (!found) return null;
  // `(id 1002) under Runbooks, written by Omar`: a parenthesis first is one more piece of the words about the item.
  const details = found[4]!.replace(/^\((.*)\)$/, '$1').replace(/^\(([^()]*)\)\s*,?\s*(?=\S)/, '$1, ');
  return {
    name: found[3]!.trim(),
    details,
    ...(found[2] !== undefined ? { key: found[2] } : {}),
    ...(found[1] !== undefined ? { kind: found[1] } : {}),
  };
}

/**
 * `Lars Berg (lars@example.com) in VIP, customer since January 12`: a bare name, its parenthesis if any, and the words
 * about it, which start in lower case (a place, a date, a role), as an item a semicolon sets apart is written.
 */
function toNamedItem(item: string): Named | null {
  const found = /^(\p{Lu}[\p{L}'.-]*(?:\s+\p{Lu}[\p{L}'.-]*){0,3})\s*(?:\(([^)]*)\))?\s*,?\s+(\p{Ll}.*)$/u.exec(item);
  if (!found) return null;
  const details = [found[2], found[3]].filter((part) => part !== undefined && part.trim() !== '').join(', ');
  return { name: found[1]!, details };
}

/**
 * A list split at its commas and `and`/`or`/`&`, except inside parentheses (`a (status open, priority 1), b`) and an `&`
 * between capitalised words (`Orders & Shipping`).
 */
function splitOutsideParentheses(list: string): string[] {
  const parts: string[] = [];
  const separator = /\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or|&)\s+/y;
  let depth = 0;
  let current = '';
  for (let index = 0; index < list.length; index++) {
    const char = list[index]!;
    if (depth === 0) {
      separator.lastIndex = index;
      const match = separator.exec(list);
      // `Orders & Shipping (id 6)`: an ampersand between capitalised words joins them into one title, as in English names.
      if (
        match &&
        !(match[0].trim() === '&' && /\p{Lu}[\p{L}'.-]*$/u.test(current) && /^\p{Lu}/u.test(list.slice(index + match[0].length)))
      ) {
        parts.push(current);
        current = '';
        index += match[0].length - 1;
        continue;
      }
    }
    if (char === '(') depth++;
    if (char === ')') depth = Math.max(0, depth - 1);
    current += char;
  }
  parts.push(current);
  return parts;
}
