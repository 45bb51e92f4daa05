/**
 * New ids in a service's own format. The format is learned, in order, from the ids the world
 * already holds for the type (`c_1001` → `c_1002`), the `pattern` of an argument that takes the
 * id, and examples in the descriptions of such arguments (`cus_NffrFeUfNV2Hib`, `OPS-123`,
 * `https://…/issues/42`, a 16-digit number), then what the kind of thing fixes (a git commit's
 * 40 hex digits). A key such as `PROJ-N` takes the project key from the call's arguments. The id made always matches every pattern given, so the tools that take it
 * accept it. Pure and seeded: the same inputs give the same id.
 */
import { isCommitType } from './entity-words.js';
import { withFake } from '../domain/fake-data.js';
import { toPatternChecker, toPatternValue } from '../domain/pattern-value.js';
import { toUuidId } from './uuid-ids.js';
import { opaqueId, opaquePrefix, sharedStart } from './opaque-ids.js';
import { randomCode, randomLike } from './random-id-parts.js';

/** What is known about ids of one entity type. */
export interface IdClues {
  /** The entity type, singular (`customer`). */
  type: string;
  /** The ids the world holds for the type. */
  existing: readonly string[];
  /** Ids are integers: they count up. */
  numeric: boolean;
  /** `pattern`s of arguments that take the id. */
  patterns: readonly string[];
  /** Descriptions of arguments that take the id (and of the tools), where examples may be. */
  descriptions: readonly string[];
  /** The id format of the well-known service the server is (service-id-formats.ts): used when nothing else shows one. */
  service?: string | null | undefined;
  /** The call's arguments: a project key for `PROJ-N` keys. */
  args: Readonly<Record<string, unknown>>;
  /** Seeds the random part of an id. */
  seed: string;
  /** The field that holds the id in results (`slug`, `number`, `id`): a slug is made from the call's name, a number counts. */
  field?: string | undefined;
  /** What the formats read of `existing`, when the caller keeps it per type (`toIdSummary`, `addToIdSummary`); else worked out here. */
  summary?: IdSummary;
}

/**
 * What the id formats read of a type's ids, all of them at once: a caller that makes many ids for
 * one type keeps it and adds each new id (`addToIdSummary`) instead of having every id scanned
 * again on every create (issue 30).
 */
export interface IdSummary {
  taken: Set<string>;
  /** How many ids are all digits, the length they all share (null when it differs), the last in `existing`'s order and the largest. */
  numbers: { count: number; width: number | null; last: string | undefined; max: number };
  /** By the text before an id's trailing digits (`c_` of `c_1001`, `OPS-` of `OPS-7`): the largest of those digits. */
  counters: Map<string, number>;
  /** The start every id shares, at most 3 characters (`rec` of Airtable's records; opaque-ids.ts). */
  start: string;
}

/**
 * The summary of a list of ids, in its order.
 *
 * @example
 *   toIdSummary(['7', 'c_12']).counters.get('c_'); // 12
 */
export function toIdSummary(existing: readonly string[]): IdSummary {
  const summary: IdSummary = {
    taken: new Set(),
    numbers: { count: 0, width: null, last: undefined, max: 0 },
    counters: new Map(),
    start: '',
  };
  for (const id of existing) addToIdSummary(summary, id);
  return summary;
}

/** Adds one more id, after the others (a caller that keeps another order sets `numbers.last` itself). */
export function addToIdSummary(summary: IdSummary, id: string): void {
  summary.start = summary.taken.size === 0 ? id.slice(0, 3) : sharedStart(summary.start, id);
  summary.taken.add(id);
  if (/^\d+$/.test(id)) {
    const { numbers } = summary;
    numbers.width = numbers.count === 0 || numbers.width === id.length ? id.length : null;
    numbers.count += 1;
    numbers.last = id;
    numbers.max = Math.max(numbers.max, Number(id));
  }
  const counter = /^(.*?)(\d+)$/.exec(id);
  if (counter) summary.counters.set(counter[1]!, Math.max(summary.counters.get(counter[1]!) ?? -Infinity, Number(counter[2]!)));
}

/** `OPS-123`: a project key, a dash and a number. */
const projectKeyId = /^([A-Z][A-Z0-9_]*)-(\d+)$/;
/** `cus_NffrFeUfNV2Hib`, `pi_3MtwBw...`: a short prefix, `_`, a random tail. */
const prefixedId = /^([a-z]{1,12}_)([A-Za-z0-9]{6,40})$/;
/** `ct_anna`: a short lowercase prefix and a lowercase word, no digits. */
const wordedId = /^([a-z]{1,6}_)[a-z]+$/;
/** `cl_8f3k2` in a description: a short prefixed example, trusted only as an example (letters and digits mixed). */
const shortPrefixedExample = /^([a-z]{1,12}_)((?=[A-Za-z0-9]*\d)(?=[A-Za-z0-9]*[a-z])[A-Za-z0-9]{4,5})$/;

/**
 * `PSVC12A`, `P1Q9XZT`: a short code of capitals and digits, trusted only where the text quotes it
 * or introduces it as an example ("an id like PSVC12A"), as words such as `ISO8601` or `OAUTH2`
 * are not ids.
 */
const shortCode = /^(?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z][A-Z0-9]*[A-Z])[A-Z][A-Z0-9]{4,11}$/;
const introducedCode =
  /(?:["'`]|\b(?:e\.g\.|i\.e\.|like|such as|for example|for instance|example)[:,]?\s+["'`(]?)([A-Z][A-Z0-9]{4,11})\b(?!-)/g;

/**
 * `30zmvf89kd` (Runpod's template ids), `k3x9q2m7vb1d`: a random code of lowercase letters and digits, trusted only as a
 * whole example (a schema's `examples` entry) or one the text quotes or introduces, as words such as `sha256` or `utf8` are not
 * ids; two digits and three letters at least, switching between them three times (`ubuntu2404` is a name and a version).
 */
const lowerCode = /^(?=(?:[a-z0-9]*\d){2})(?=(?:[a-z0-9]*[a-z]){3})(?=[a-z0-9]*(?:[a-z]+\d+[a-z]+\d|\d+[a-z]+\d+[a-z]))[a-z0-9]{8,24}$/;
const introducedLower =
  /(?:["'`]|\b(?:e\.g\.|i\.e\.|like|such as|for example|for instance|example)[:,]?\s+["'`(]?)([a-z0-9]{8,24})\b(?![-.]\w)/g;

/**
 * `48213` in "ticket ids are numbers like 48213": a short number is an example only where the text
 * introduces it as one (a longer one always is, above), and never a year.
 */
const introducedNumber = /\b(?:e\.g\.|i\.e\.|like|such as|for example|for instance|example)[:,]?\s+["'`(#]?(\d{3,5})\b(?![.,]?\d)/g;
const isYear = (digits: string) => /^(?:19|20)\d\d$/.test(digits);

/** Fields whose value names the thing rather than numbering it: a service's id format does not make them. */
const nameFields = /^(path|name|slug|url|uri|title|email|filename|file_?path|query|text|content|sha)$/i;

/** `https://github.com/acme/widgets/issues/42`, Shopify's `gid://shopify/Product/8123456789`: a URI that ends in a number. */
const uriId = /^([a-z][a-z0-9+.-]*:\/\/\S+\/)(\d+)$/;

/** `d0674d6a-6e4b-47f3-82fa-b592c6f3ff5a`: a UUID. */
const uuidId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `1712345678.123456`: a Slack message's `ts`, seconds and microseconds. */
const timestampId = /^\d{9,10}\.\d{3,6}$/;

/**
 * A new id for the type, in the format the clues show, never one of `existing`.
 *
 * @example
 *   toNewId({ type: 'issue', existing: [], numeric: false, patterns: ['^[A-Z]+-\\d+$'], descriptions: [], args: { project: 'OPS' }, seed: 's' }); // 'OPS-1'
 *   toNewId({ type: 'customer', existing: [], numeric: false, patterns: [], descriptions: ['The customer, e.g. cus_NffrFeUfNV2Hib'], args: {}, seed: 's' }); // 'cus_' and 14 letters or digits
 */
export function toNewId(clues: IdClues): string {
  return toNewIdWithSource(clues).id;
}

/** Where a new id's format came from: the world's ids, a project key, an example, a pattern, or none (`<type>_<n>`). */
export type IdSource = 'world' | 'project key' | 'example' | 'pattern' | 'counter' | 'name' | 'convention' | 'service';

/**
 * A new id and where its format came from (what `mcpsim explain` shows).
 *
 * @example
 *   toNewIdWithSource({ ...clues, descriptions: ['e.g. cus_NffrFeUfNV2Hib'] }); // { id: 'cus_…', source: 'example' }
 */
export function toNewIdWithSource(clues: IdClues): { id: string; source: IdSource } {
  const summary = clues.summary ?? toIdSummary(clues.existing);
  const taken = summary.taken;
  const checkers = clues.patterns.map(toPatternChecker).filter((checker): checker is RegExp => checker !== null);
  // Where the world's last id is in the well-known service's format (Twilio's `CH` and 32 hex digits), the next one stays in
  // it: a tail made like the last one's (mixed case, any letters) would be an id the service never makes.
  const service = clues.service ? toPatternChecker(clues.service) : null;
  const last = clues.existing.at(-1);
  if (service && last !== undefined && service.test(last)) checkers.push(service);
  const fits = (id: string) => !taken.has(id) && checkers.every((checker) => checker.test(id));
  // A project key the call names wins over the world's last key (`OPS-5` after `WEB-9` when the call says OPS).
  const keyed = projectKeyOf(clues.args) !== null;
  const candidates: { id: string; source: IdSource }[] = [
    ...fromName(clues, taken).map((id) => ({ id, source: 'name' as const })),
    ...(keyed ? fromProjectKey(clues, summary) : []).map((id) => ({ id, source: 'project key' as const })),
    ...fromExisting(clues, summary).map((id) => ({ id, source: 'world' as const })),
    ...(keyed ? [] : fromProjectKey(clues, summary)).map((id) => ({ id, source: 'project key' as const })),
    ...fromExamples(clues, taken).map((id) => ({ id, source: 'example' as const })),
    ...fromConvention(clues).map((id) => ({ id, source: 'convention' as const })),
    // "Application UUID": a UUID where the ids are described as UUIDs and show no other format (uuid-ids.ts).
    ...(clues.numeric ? [] : [toUuidId(clues.type, clues.descriptions, clues.field, `${clues.seed}|${clues.existing.length}`)])
      .filter((id): id is string => id !== null)
      .map((id) => ({ id, source: 'convention' as const })),
    ...(clues.numeric || clues.field === 'number'
      ? [{ id: counted('', clues.existing.length + 1, 0, taken), source: 'counter' as const }]
      : []),
  ];
  const found = candidates.find((candidate) => fits(candidate.id));
  if (found !== undefined) return found;
  for (const pattern of clues.patterns) {
    for (let attempt = 0; attempt < 4; attempt++) {
      const value = toPatternValue(pattern, `${clues.seed}|${clues.existing.length}|${attempt}`);
      if (value !== null && fits(value)) return { id: value, source: 'pattern' };
    }
  }
  // A well-known service's own format (`cus_…` on Stripe), where nothing above showed one and the id is an id, not a name or a path.
  if (clues.service && !nameFields.test(clues.field ?? '')) {
    for (let attempt = 0; attempt < 4; attempt++) {
      const value = toPatternValue(clues.service, `${clues.seed}|${clues.existing.length}|${attempt}`);
      if (value !== null && fits(value)) return { id: value, source: 'service' };
    }
  }
  return { id: counted(`${clues.type}_`, clues.existing.length + 1, 0, taken), source: 'counter' };
}

/** Examples of ids in a text: prefixed random ids, project keys, long numbers, the last number of a URL path. */
export function findIdExamples(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/(?<![\w/.-])([A-Za-z0-9_./:-]{3,120})/g)) {
    const token = match[1]!.replace(/[.:,]+$/, '');
    if ((prefixedId.test(token) && /\d/.test(token)) || shortPrefixedExample.test(token)) found.push(token);
    else if (projectKeyId.test(token)) found.push(token);
    else if (/^\d{6,20}$/.test(token)) found.push(token);
    else if (uriId.test(token)) found.push(token);
    else if (timestampId.test(token) || opaqueId.test(token)) found.push(token);
  }
  for (const match of text.matchAll(introducedCode)) if (shortCode.test(match[1]!) && !found.includes(match[1]!)) found.push(match[1]!);
  for (const match of text.matchAll(introducedNumber)) if (!isYear(match[1]!) && !found.includes(match[1]!)) found.push(match[1]!);
  const whole = text.trim();
  if (lowerCode.test(whole) && !found.includes(whole)) found.push(whole);
  for (const match of text.matchAll(introducedLower)) if (lowerCode.test(match[1]!) && !found.includes(match[1]!)) found.push(match[1]!);
  return found;
}

function fromExisting(clues: IdClues, { taken, numbers, counters, start }: IdSummary): string[] {
  if (clues.existing.length === 0) return [];
  if (clues.numeric || numbers.count === clues.existing.length) {
    if (drawsNumbersAtRandom(numbers)) return [randomLike(numbers.last!, `${clues.seed}|${clues.existing.length}`)];
    return [String(numbers.max + 1)];
  }
  const last = clues.existing[clues.existing.length - 1]!;
  const prefixed = prefixedId.exec(last);
  if (prefixed && /[A-Za-z]/.test(prefixed[2]!) && /\d/.test(prefixed[2]!))
    return [`${prefixed[1]}${randomLike(prefixed[2]!, `${clues.seed}|${clues.existing.length}`)}`];
  // `PA1TV92`, `PWCIJB8`: a random code, not a counter; one that ends in a number of 3 digits or more (`INV00042`) counts on.
  if (shortCode.test(last) && !/[A-Z]\d{3,}$/.test(last))
    return [`${last[0]}${randomCode(last.length - 1, `${clues.seed}|${clues.existing.length}`)}`];
  // `2179e476-6bf3-446e-bce8-82a65fc81395`: a UUID is random, never counted on from the digits it happens to end in.
  if (uuidId.test(last)) return [withFake(`${clues.seed}|${clues.existing.length}`, (faker) => faker.string.uuid())];
  // `rec7paewG5s3YzpD1`, `001xx000003DGb2AAG`: a random tail that happens to end in a digit is random again, never counted on;
  // it keeps the start every known id of the type shares (opaque-ids.ts).
  if (opaqueId.test(last)) {
    const prefix = opaquePrefix({ start, count: taken.size }, clues.descriptions.flatMap(findIdExamples), taken);
    return [`${prefix}${randomLike(last.slice(prefix.length), `${clues.seed}|${clues.existing.length}`)}`];
  }
  // `ct_anna`, `ct_ben`: a type's prefix and a word, as a person writes ids; a new one keeps the prefix and counts (`ct_3`).
  const worded = wordedId.exec(last)?.[1];
  if (worded !== undefined && clues.existing.every((id) => wordedId.exec(id)?.[1] === worded))
    return [counted(worded, clues.existing.length + 1, 0, taken)];
  const counter = /^(.*?)(\d+)$/.exec(last);
  if (!counter) return [];
  const prefix = counter[1]!;
  return [counted(prefix, counters.get(prefix)! + 1, counter[2]!.length, taken)];
}

/**
 * Whether a type's all-digit ids are drawn at random, not counted: 6 digits or more, all of one width
 * (a snowflake, `1098765432109876543`; Shopify's `8123456789`), so a new one is drawn like the last.
 *
 * @example
 *   drawsNumbersAtRandom(toIdSummary(['1098765432109876543']).numbers); // true; ['41', '42'] count: false
 */
export function drawsNumbersAtRandom(numbers: IdSummary['numbers']): boolean {
  return numbers.width !== null && numbers.width >= 6;
}

/** `OPS-7`: the project key an argument holds (or an example shows), numbered after the keys the world has. */
function fromProjectKey(clues: IdClues, { taken, counters }: IdSummary): string[] {
  const wantsKey =
    clues.patterns.some((pattern) => /^\^?\[A-Z\]/.test(pattern) && /-\\d/.test(pattern)) ||
    clues.descriptions.some((text) => findIdExamples(text).some((example) => projectKeyId.test(example)));
  if (!wantsKey) return [];
  const key =
    projectKeyOf(clues.args) ??
    exampleKey(clues.descriptions) ??
    clues.type
      .slice(0, 4)
      .toUpperCase()
      .replace(/[^A-Z]/g, 'X');
  // `KEY-` is the counter prefix of exactly the ids `projectKeyId` reads as KEY's (a key is `[A-Z][A-Z0-9_]*`).
  return [counted(`${key}-`, Math.max(0, counters.get(`${key}-`) ?? 0) + 1, 0, taken)];
}

function fromExamples(clues: IdClues, taken: ReadonlySet<string>): string[] {
  const seed = `${clues.seed}|${clues.existing.length}`;
  const examples = clues.descriptions.flatMap(findIdExamples);
  return examples.flatMap((example) => {
    const prefixed = prefixedId.exec(example) ?? shortPrefixedExample.exec(example);
    if (prefixed) return [`${prefixed[1]}${randomLike(prefixed[2]!, seed)}`];
    if (/^\d+$/.test(example)) return [randomLike(example, seed)];
    if (timestampId.test(example)) return [randomLike(example, seed)];
    if (opaqueId.test(example)) {
      const prefix = opaquePrefix({ start: '', count: 0 }, examples, new Set());
      return [`${prefix}${randomLike(example.slice(prefix.length), seed)}`];
    }
    // A code keeps its first letter (PagerDuty's `P…`) and its length, in capitals and digits.
    if (shortCode.test(example)) return [`${example[0]}${randomCode(example.length - 1, seed)}`];
    if (lowerCode.test(example)) return [randomLike(example, seed)];
    const url = uriId.exec(example);
    // `gid://shop/Product/8123456789`: a long number is random of its width; a short one counts (`…/issues/1`).
    if (url) return [url[2]!.length >= 6 ? `${url[1]}${randomLike(url[2]!, seed)}` : counted(url[1]!, clues.existing.length + 1, 0, taken)];
    return [];
  });
}

/**
 * Ids whose form the kind of thing fixes wherever it lives: a git commit (or a field named `sha`)
 * is 40 hexadecimal digits.
 */
function fromConvention(clues: IdClues): string[] {
  const commit = isCommitType(clues.type) || /^(sha|commit_?sha|commit_?hash)$/i.test(clues.field ?? '');
  if (!commit || clues.numeric) return [];
  return [withFake(`${clues.seed}|${clues.existing.length}`, (faker) => faker.git.commitSha())];
}

/** A slug is made from the name or title the call gives (`Deploy Service` → `deploy-service`), numbered when taken. */
function fromName(clues: IdClues, taken: ReadonlySet<string>): string[] {
  if (clues.field !== 'slug') return [];
  const name = [clues.args.name, clues.args.title].find((value): value is string => typeof value === 'string' && value.trim() !== '');
  const slug = (name ?? clues.type)
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug === '') return [];
  return [taken.has(slug) ? counted(`${slug}-`, 2, 0, taken) : slug];
}

function projectKeyOf(args: Readonly<Record<string, unknown>>): string | null {
  for (const [name, value] of Object.entries(args)) {
    if (typeof value !== 'string' || !/^[A-Z][A-Z0-9_]{0,9}$/.test(value)) continue;
    if (/project|^key$|space|team/i.test(name)) return value;
  }
  return null;
}

function exampleKey(descriptions: readonly string[]): string | null {
  for (const text of descriptions)
    for (const example of findIdExamples(text)) {
      const match = projectKeyId.exec(example);
      if (match) return match[1]!;
    }
  return null;
}

function counted(prefix: string, from: number, width: number, taken: ReadonlySet<string>): string {
  let next = from;
  while (taken.has(`${prefix}${String(next).padStart(width, '0')}`)) next++;
  return `${prefix}${String(next).padStart(width, '0')}`;
}
