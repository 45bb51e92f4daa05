/**
 * A real-looking value for one field (sim/stateful/field-kind.ts says which kind), from faker, valid
 * against the field's schema: its `pattern` (randexp), `format`, length and numeric bounds. The
 * same seed gives the same value; times are near the clock's present (`now`).
 */
import type { Faker } from '@faker-js/faker';
import { isCommitType, toWords } from '../../reading/entity-words.js';
import { withFake } from '../../domain/fake-data.js';
import { isFutureTimeField, isPastTimeField, toFieldKind, type FieldHints, type FieldKind } from './field-kind.js';
import { toFileContent, toMachineName } from './machine-names.js';
import { toPatternChecker, toPatternValue } from '../../domain/pattern-value.js';

export interface FieldContext extends FieldHints {
  /** Seeds the value: the same seed, the same value. */
  seed: string;
  /** The clock's present (ISO 8601): made-up times are around it. */
  now: string;
}

type Schema = Readonly<Record<string, unknown>>;

const day = 86_400_000;
/** Kinds that read as words: lengthened with words, not with letters and digits. */
const wordy = new Set<FieldKind>(['text', 'title', 'name', 'label', 'status', 'company', 'person_name', 'job_title', 'street', 'city']);

/**
 * A string for a string field, valid against its pattern, format and length.
 *
 * @example
 *   toStringValue({ type: 'string', format: 'email' }, { name: 'email', seed: 'c|1', now: '2026-01-01T00:00:00Z' }); // 'Delfina.Rau@hotmail.com'
 */
export function toStringValue(schema: Schema, context: FieldContext): string {
  const pattern = typeof schema.pattern === 'string' ? schema.pattern : null;
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : Number.POSITIVE_INFINITY;
  const kind = toFieldKind(context, schema);
  let value = withFake(`${context.seed}|${kind}`, (faker) => stringOfKind(kind, faker, context, schema));
  const checker = pattern === null ? null : toPatternChecker(pattern);
  if (pattern !== null && checker && !checker.test(value)) {
    const examples = [...(Array.isArray(schema.examples) ? schema.examples : []), schema.default].filter(
      (candidate): candidate is string => typeof candidate === 'string' && checker.test(candidate),
    );
    value =
      toPatternValue(pattern, context.seed, { minLength, ...(Number.isFinite(maxLength) ? { maxLength } : {}) }) ?? examples[0] ?? value;
  }
  return fitLength(value, minLength, maxLength, `${context.seed}|pad`, wordy.has(kind));
}

/**
 * A number for an integer or number field, of its kind (a price in cents, a year, a count) and
 * within its bounds.
 *
 * @example
 *   toNumberValue({ type: 'integer' }, { name: 'amount', seed: 'i|1', now }, true); // 2599 (cents)
 */
export function toNumberValue(schema: Schema, context: FieldContext, integer: boolean): number {
  const kind = toFieldKind(context, schema);
  const [low, high, decimals] = numberRange(kind, integer, context.now, context.name);
  const finite = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
  const step = integer ? 1 : 0.01;
  let min = finite(schema.minimum) ?? -Infinity;
  let max = finite(schema.maximum) ?? Infinity;
  const exclusiveLow = finite(schema.exclusiveMinimum) ?? (schema.exclusiveMinimum === true ? min : undefined);
  const exclusiveHigh = finite(schema.exclusiveMaximum) ?? (schema.exclusiveMaximum === true ? max : undefined);
  if (exclusiveLow !== undefined) min = Math.max(min, exclusiveLow + step);
  if (exclusiveHigh !== undefined) max = Math.min(max, exclusiveHigh - step);
  // The kind's usual range, inside the schema's bounds; the bounds alone when the two do not meet.
  let from = Math.max(min, low);
  let to = Math.min(max, high);
  if (from > to) [from, to] = Number.isFinite(min) ? [min, Number.isFinite(max) ? max : min + 1000] : [max - 1000, max];
  const multipleOf = finite(schema.multipleOf);
  return withFake(`${context.seed}|${kind}`, (faker) => {
    if (multipleOf !== undefined && multipleOf > 0) {
      const first = Math.ceil(from / multipleOf);
      const last = Math.floor(to / multipleOf);
      return last >= first ? faker.number.int({ min: first, max: last }) * multipleOf : from;
    }
    if (integer)
      return Math.ceil(from) <= Math.floor(to) ? faker.number.int({ min: Math.ceil(from), max: Math.floor(to) }) : Math.ceil(from);
    const value = faker.number.float({ min: from, max: to, fractionDigits: decimals });
    return value >= from && value <= to ? value : from;
  });
}

/**
 * A boolean: true where the name says it went well (`success`, `ok`), false where it says
 * something failed (`error`), else seeded.
 *
 * @example
 *   toBooleanValue({ name: 'success', seed: 's', now }); // true
 */
export function toBooleanValue(context: FieldContext): boolean {
  const kind = toFieldKind(context, { type: 'boolean' });
  if (kind === 'flag_true') return true;
  if (kind === 'flag_false') return false;
  return withFake(`${context.seed}|flag`, (faker) => faker.datatype.boolean());
}

function numberRange(kind: FieldKind, integer: boolean, now: string, name: string): [number, number, number] {
  switch (kind) {
    case 'money':
      return integer ? [500, 250_000, 0] : [5, 2500, 2];
    case 'latitude':
      return [-60, 70, 6];
    case 'longitude':
      return [-170, 170, 6];
    case 'percent':
      return integer ? [0, 100, 0] : [0, 100, 1];
    case 'rating':
      return [1, 5, 1];
    case 'year': {
      const year = new Date(Date.parse(now) || 0).getUTCFullYear();
      return [year - 5, year, 0];
    }
    case 'port':
      return [1024, 65_535, 0];
    case 'age':
      return [18, 80, 0];
    case 'date_time': {
      // Epoch seconds (or milliseconds when the name says so) around now.
      const at = Date.parse(now) || 0;
      const [from, to] = timeWindow(at, name);
      const scale = /ms|millis/i.test(name) ? 1 : 1000;
      return [Math.floor(from / scale), Math.floor(to / scale), 0];
    }
    case 'id':
      return [1, 99_999, 0];
    case 'count':
      return [0, 50, 0];
    default:
      return integer ? [1, 100, 0] : [1, 1000, 2];
  }
}

/** The window a made-up time falls in: up to 60 days back for a past event, 30 ahead for a due one, two weeks either side else. */
function timeWindow(at: number, name: string): [number, number] {
  if (isPastTimeField(name)) return [at - 60 * day, at - 3_600_000];
  if (isFutureTimeField(name)) return [at + 3_600_000, at + 30 * day];
  return [at - 14 * day, at + 14 * day];
}

function toIsoSeconds(time: number): string {
  return new Date(time).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function stringOfKind(kind: FieldKind, faker: Faker, context: FieldContext, schema: Schema): string {
  const at = Date.parse(context.now) || 0;
  switch (kind) {
    case 'email':
      return faker.internet.email({ provider: 'example.com' }).toLowerCase();
    case 'phone':
      return faker.phone.number({ style: 'international' });
    case 'first_name':
      return faker.person.firstName();
    case 'last_name':
      return faker.person.lastName();
    case 'person_name':
      return faker.person.fullName();
    case 'username':
      return faker.internet.username().toLowerCase();
    case 'company':
      return faker.company.name();
    case 'job_title':
      return faker.person.jobTitle();
    case 'street':
      return faker.location.streetAddress();
    case 'city':
      return faker.location.city();
    case 'region':
      return faker.location.state();
    case 'country':
      return faker.location.country();
    case 'country_code':
      return faker.location.countryCode('alpha-2');
    case 'postal_code':
      return faker.location.zipCode();
    case 'latitude':
      return String(faker.location.latitude());
    case 'longitude':
      return String(faker.location.longitude());
    case 'url':
      return `https://${faker.internet.domainName()}/${faker.helpers.slugify(faker.word.noun())}`;
    case 'image_url':
      return `https://${faker.internet.domainName()}/images/${faker.string.alphanumeric({ length: 8, casing: 'lower' })}.png`;
    case 'domain':
      return faker.internet.domainName();
    case 'ipv4':
      return faker.internet.ipv4();
    case 'ipv6':
      return faker.internet.ipv6();
    case 'mac':
      return faker.internet.mac();
    case 'slug':
      return faker.helpers.slugify(`${faker.word.adjective()} ${faker.word.noun()}`).toLowerCase();
    case 'color':
      return faker.color.rgb();
    case 'currency':
      return faker.finance.currencyCode();
    case 'money':
      return faker.commerce.price({ min: 5, max: 500 });
    case 'date_time': {
      const [from, to] = timeWindow(at, context.name);
      return toIsoSeconds(faker.number.int({ min: from, max: to }));
    }
    case 'date': {
      const [from, to] = /birth|dob/i.test(context.name) ? [at - 70 * 365 * day, at - 18 * 365 * day] : timeWindow(at, context.name);
      return toIsoSeconds(faker.number.int({ min: from, max: to })).slice(0, 10);
    }
    case 'time':
      return `${String(faker.number.int({ min: 7, max: 19 })).padStart(2, '0')}:${faker.helpers.arrayElement(['00', '15', '30', '45'])}:00`;
    case 'duration':
      return faker.helpers.arrayElement(['PT15M', 'PT30M', 'PT45M', 'PT1H', 'PT1H30M', 'PT2H', 'P1D', 'P7D', 'PT5M']);
    case 'timezone':
      return faker.location.timeZone();
    case 'locale':
      return faker.helpers.arrayElement(['en-US', 'en-GB', 'de-DE', 'fr-FR', 'es-ES', 'ja-JP']);
    case 'language':
      return faker.helpers.arrayElement(['en', 'de', 'fr', 'es', 'ja', 'pt']);
    case 'version':
      return faker.system.semver();
    case 'sha':
      return faker.git.commitSha();
    case 'branch':
      return faker.git.branch();
    case 'file_path':
      return `/${faker.helpers.arrayElement(['docs', 'src', 'reports', 'data'])}/${faker.system.commonFileName()}`;
    case 'directory':
      return `/${faker.helpers.arrayElement(['docs', 'src', 'reports', 'data', 'shared'])}/${faker.helpers.slugify(faker.word.noun())}`;
    case 'file_name':
      return faker.system.commonFileName();
    case 'mime_type':
      return faker.system.mimeType();
    case 'identifier':
      return toMachineName(faker, context.name === 'name' || context.name === '' ? [context.entity ?? 'database'] : toWords(context.name));
    case 'file_content':
      return toFileContent(faker);
    case 'uuid':
      return faker.string.uuid();
    case 'id':
      return faker.string.alphanumeric({ length: 12, casing: 'lower' });
    case 'secret':
      return faker.string.alphanumeric(32);
    case 'status':
      return statusFromDescription(schema) ?? faker.helpers.arrayElement(['active', 'pending', 'open']);
    case 'title':
      return toTitle(faker, context.entity);
    case 'name':
      return toEntityName(faker, context.entity);
    case 'label':
      return faker.word.noun();
    default:
      // A commit's message reads like one (`Index solid state matrix`), not like a sentence of prose.
      if (context.name === 'message' && isCommitType(context.entity ?? '')) return capitalized(faker.git.commitMessage());
      return sentence(faker);
  }
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A value the field's description lists (`One of: open, closed`), when it lists some. */
function statusFromDescription(schema: Schema): string | null {
  const description = typeof schema.description === 'string' ? schema.description : '';
  const quoted = [...description.matchAll(/[`'"]([a-z][a-z_ -]{1,30})[`'"]/gi)].map((match) => match[1]!);
  return quoted[0] ?? null;
}

function sentence(faker: Faker): string {
  const phrase = faker.hacker.phrase();
  return phrase.charAt(0).toUpperCase() + phrase.slice(1);
}

/** A title such as a tracker, a shop or a library would show, by the entity it belongs to. */
function toTitle(faker: Faker, entity: string | undefined): string {
  switch (entity) {
    case 'book':
      return faker.book.title();
    case 'song':
    case 'track':
    case 'album':
      return faker.music.songName();
    case 'product':
    case 'item':
    case 'sku':
      return faker.commerce.productName();
    default: {
      const verb = faker.hacker.verb();
      return `${verb.charAt(0).toUpperCase()}${verb.slice(1)} the ${faker.hacker.adjective()} ${faker.hacker.noun()}`;
    }
  }
}

/** The name of a thing of this entity: a product name, a book title, else an adjective with the entity's own word. */
function toEntityName(faker: Faker, entity: string | undefined): string {
  if (entity === 'product' || entity === 'item') return faker.commerce.productName();
  if (entity === 'book') return faker.book.title();
  if (entity === 'team' || entity === 'department') return faker.commerce.department();
  const noun = (entity ?? 'item').replace(/_/g, ' ');
  const adjective = faker.company.buzzAdjective();
  return `${adjective.charAt(0).toUpperCase()}${adjective.slice(1)} ${noun}`;
}

/** The value lengthened to `minLength` and cut to `maxLength`, in code points as JSON Schema counts them. */
function fitLength(value: string, minLength: number, maxLength: number, seed: string, words: boolean): string {
  let result = value;
  if ([...result].length < minLength)
    result = withFake(seed, (faker) => {
      let padded = result;
      while ([...padded].length < minLength)
        padded += words ? ` ${faker.word.noun()}` : faker.string.alphanumeric(Math.max(1, minLength - [...padded].length));
      return padded;
    });
  const points = [...result];
  return points.length > maxLength ? points.slice(0, maxLength).join('') : result;
}
