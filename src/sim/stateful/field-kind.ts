/**
 * What kind of value a field holds, read from its name, its description, its format and the
 * entity it belongs to: an email, a person's name, a price, a moment in time, an id... The
 * simulator makes up a value of that kind (sim/stateful/field-value.ts), and the inference bench checks
 * made-up values against it. Pure rules, no library.
 */
import { toSingular, toWords } from '../../reading/entity-words.js';
import { isMachineName } from './machine-names.js';

export type FieldKind =
  | 'email'
  | 'phone'
  | 'first_name'
  | 'last_name'
  | 'person_name'
  | 'username'
  | 'company'
  | 'job_title'
  | 'street'
  | 'city'
  | 'region'
  | 'country'
  | 'country_code'
  | 'postal_code'
  | 'latitude'
  | 'longitude'
  | 'url'
  | 'image_url'
  | 'domain'
  | 'ipv4'
  | 'ipv6'
  | 'mac'
  | 'slug'
  | 'color'
  | 'currency'
  | 'money'
  | 'date_time'
  | 'date'
  | 'time'
  | 'duration'
  | 'timezone'
  | 'locale'
  | 'language'
  | 'version'
  | 'sha'
  | 'branch'
  | 'file_path'
  | 'directory'
  | 'file_name'
  | 'mime_type'
  | 'identifier'
  | 'file_content'
  | 'uuid'
  | 'id'
  | 'secret'
  | 'title'
  | 'name'
  | 'label'
  | 'text'
  | 'status'
  | 'count'
  | 'percent'
  | 'rating'
  | 'year'
  | 'port'
  | 'age'
  | 'flag_true'
  | 'flag_false'
  | 'flag'
  | 'number'
  | 'unknown';

/** What is known about a field besides its schema. */
export interface FieldHints {
  /** The property name (`billing_email`); empty for a bare value. */
  name: string;
  /** The property that holds the object the field is in (`assignee` for `assignee.name`). */
  parent?: string | undefined;
  /** The entity type shown (`contact`), when the value belongs to one. */
  entity?: string | undefined;
}

const personEntities = new Set([
  'user',
  'person',
  'people',
  'contact',
  'customer',
  'member',
  'employee',
  'author',
  'assignee',
  'reporter',
  'candidate',
  'patient',
  'student',
  'lead',
  'owner',
  'admin',
  'agent',
  'attendee',
  'participant',
  'recipient',
  'sender',
  'creator',
  'collaborator',
  'reviewer',
  'subscriber',
  'guest',
  'teacher',
  'manager',
  'account_holder',
]);
/** Whether an entity type is a person (`customer`, `contact`, `candidate`): one has a name and an email. */
export function isPersonEntity(type: string): boolean {
  return personEntities.has(type);
}

/** Entities whose `content` is the text of a file. */
const fileOwners = new Set([
  'file',
  'document',
  'doc',
  'blob',
  'attachment',
  'snippet',
  'script',
  'template',
  'readme',
  'directory',
  'content',
]);
const companyWords = new Set(['company', 'organization', 'organisation', 'org', 'employer', 'business', 'vendor', 'merchant', 'supplier']);
const pastTimeWords = new Set([
  'created',
  'updated',
  'modified',
  'deleted',
  'published',
  'sent',
  'received',
  'closed',
  'completed',
  'joined',
  'last',
  'resolved',
  'merged',
  'archived',
  'posted',
  'submitted',
  'finished',
  'canceled',
  'cancelled',
  'paid',
  'seen',
  'login',
]);
const timeWords = new Set([
  'at',
  'on',
  'date',
  'time',
  'timestamp',
  'datetime',
  'when',
  'due',
  'deadline',
  'expires',
  'expiry',
  'expiration',
]);

/**
 * The kind of a field, best guess first from its format, then its name, then its description.
 *
 * @example
 *   toFieldKind({ name: 'billing_email' }, { type: 'string' }); // 'email'
 *   toFieldKind({ name: 'amount' }, { type: 'integer' });       // 'money'
 *   toFieldKind({ name: 'name', entity: 'customer' }, { type: 'string' }); // 'person_name'
 */
export function toFieldKind(hints: FieldHints, schema: Readonly<Record<string, unknown>>): FieldKind {
  const type = schemaType(schema);
  const format = typeof schema.format === 'string' ? schema.format : '';
  const byFormat = formatKinds[format];
  if (byFormat && (type === 'string' || type === undefined)) return byFormat;
  const words = toWords(hints.name);
  const description = typeof schema.description === 'string' ? schema.description.toLowerCase() : '';
  if (type === 'boolean') return booleanKind(words);
  if (type === 'integer' || type === 'number') return numberKind(words, type, description);
  return stringKind(words, hints, description);
}

const formatKinds: Record<string, FieldKind> = {
  'date-time': 'date_time',
  date: 'date',
  time: 'time',
  duration: 'duration',
  email: 'email',
  'idn-email': 'email',
  uri: 'url',
  url: 'url',
  iri: 'url',
  'uri-reference': 'url',
  'iri-reference': 'url',
  uuid: 'uuid',
  hostname: 'domain',
  'idn-hostname': 'domain',
  ipv4: 'ipv4',
  ipv6: 'ipv6',
  phone: 'phone',
};

function schemaType(schema: Readonly<Record<string, unknown>>): string | undefined {
  if (typeof schema.type === 'string') return schema.type;
  if (Array.isArray(schema.type)) return schema.type.find((type): type is string => typeof type === 'string' && type !== 'null');
  return undefined;
}

function booleanKind(words: readonly string[]): FieldKind {
  const name = words.join('_');
  if (['success', 'ok', 'succeeded', 'acknowledged', 'done', 'valid', 'deleted', 'removed', 'accepted', 'saved'].includes(name))
    return 'flag_true';
  if (['error', 'errors', 'failed', 'failure', 'has_error', 'is_error', 'truncated', 'has_more'].includes(name)) return 'flag_false';
  return 'flag';
}

function numberKind(words: readonly string[], type: string, description: string): FieldKind {
  const last = words[words.length - 1] ?? '';
  const has = (...candidates: string[]) => candidates.some((word) => words.includes(word));
  if (has('lat', 'latitude')) return 'latitude';
  if (has('lng', 'lon', 'long', 'longitude')) return 'longitude';
  if (has('price', 'amount', 'cost', 'cents', 'balance', 'subtotal', 'fee', 'salary', 'revenue', 'budget', 'tax', 'discount'))
    return 'money';
  if (last === 'total' && /amount|price|cents|currency/.test(description)) return 'money';
  if (has('percent', 'percentage', 'progress', 'ratio') && type === 'number') return 'percent';
  if (has('percent', 'percentage', 'progress')) return 'percent';
  if (has('rating', 'stars', 'score')) return 'rating';
  if (has('year')) return 'year';
  if (has('port')) return 'port';
  if (has('age')) return 'age';
  if ((timeWords.has(last) || has('timestamp', 'epoch')) && !has('count', 'duration')) return 'date_time';
  if (has('id', 'number', 'num') && type === 'integer' && !has('count', 'total')) return 'id';
  if (has('count', 'total', 'size', 'length', 'quantity', 'qty', 'items', 'results')) return 'count';
  return 'number';
}

function stringKind(words: readonly string[], hints: FieldHints, description: string): FieldKind {
  const name = words.join('_');
  const last = words[words.length - 1] ?? '';
  const has = (...candidates: string[]) => candidates.some((word) => words.includes(word));
  const owner = toSingular(toWords(hints.parent ?? '').join('_') || hints.entity || '');
  if (has('email', 'emails', 'mail') || ['cc', 'bcc', 'recipient', 'sender', 'reply_to'].includes(name)) return 'email';
  if (has('phone', 'mobile', 'telephone', 'tel', 'fax')) return 'phone';
  if (['first_name', 'firstname', 'given_name', 'forename'].includes(name) || (has('first') && last === 'name')) return 'first_name';
  if (['last_name', 'lastname', 'surname', 'family_name'].includes(name) || (has('last') && last === 'name')) return 'last_name';
  if (['username', 'user_name', 'login', 'handle', 'screen_name', 'nickname', 'user_login'].includes(name)) return 'username';
  if (['author', 'assignee', 'reporter', 'creator', 'owner', 'user', 'requester', 'approver', 'reviewer'].includes(name) || last === 'by')
    return 'username';
  if (name === 'full_name' || name === 'display_name' || name === 'contact_name' || name === 'customer_name') return 'person_name';
  if (has('job') || (name === 'title' && personEntities.has(owner))) return 'job_title';
  if (words.some((word) => companyWords.has(word)) && (last === 'name' || words.length === 1)) return 'company';
  if (has('street', 'line1', 'address1') || name === 'address' || name === 'address_line') return 'street';
  if (has('city', 'town', 'locality')) return 'city';
  if (has('province', 'region') || (has('state') && has('address', 'billing', 'shipping', 'mailing'))) return 'region';
  if (has('zip', 'zipcode', 'postal', 'postcode')) return 'postal_code';
  if (has('country')) return has('code', 'iso') ? 'country_code' : 'country';
  if (has('latitude', 'lat')) return 'latitude';
  if (has('longitude', 'lng', 'lon')) return 'longitude';
  if (has('avatar', 'image', 'photo', 'picture', 'thumbnail', 'logo', 'icon')) return 'image_url';
  if (has('url', 'uri', 'link', 'href', 'website', 'homepage', 'endpoint', 'webhook', 'callback')) return 'url';
  if (has('domain', 'hostname', 'host')) return 'domain';
  if (has('ip') || name === 'ip_address') return has('v6', 'ipv6') ? 'ipv6' : 'ipv4';
  if (has('mac')) return 'mac';
  if (has('slug')) return 'slug';
  if (has('color', 'colour')) return 'color';
  if (has('currency')) return 'currency';
  if (has('price', 'amount', 'cost', 'balance', 'subtotal', 'fee', 'salary', 'revenue', 'budget')) return 'money';
  if (has('timezone', 'tz') || name === 'time_zone') return 'timezone';
  if (has('locale')) return 'locale';
  if (has('language', 'lang')) return 'language';
  if (has('duration', 'interval', 'period', 'ttl', 'timeout') || /iso ?8601 duration/.test(description)) return 'duration';
  if (has('birthday', 'dob', 'birthdate') || (last === 'date' && !has('time'))) return 'date';
  if (last === 'time' && words.length === 1) return 'time';
  if (timeWords.has(last) || has('timestamp', 'datetime') || words.some((word) => pastTimeWords.has(word) && words.length > 1))
    return 'date_time';
  // An S3 `VersionId` is an opaque id of one version, not a semver; an `ETag` (`e_tag` in words) a digest.
  if (has('version') && last === 'id') return 'id';
  if (has('version')) return 'version';
  if (has('sha', 'commit', 'hash', 'checksum', 'digest', 'etag') || name === 'e_tag') return 'sha';
  if (has('branch') || name === 'head' || name === 'base') return 'branch';
  if (has('mime', 'mimetype') || name === 'content_type' || name === 'media_type') return 'mime_type';
  if (has('filename') || name === 'file_name' || name === 'file') return 'file_name';
  if (has('directory', 'folder', 'dir')) return 'directory';
  if (has('path', 'filepath')) return 'file_path';
  if (has('uuid', 'guid')) return 'uuid';
  if (has('password', 'secret', 'token') || name === 'api_key') return 'secret';
  // The ends of a relation (`{ from, to, relationType }` in a knowledge graph) name entities: names, not sentences.
  if (['from', 'to', 'source', 'target'].includes(name) && ['relation', 'relationship', 'edge', 'link'].includes(owner))
    return 'person_name';
  // A database, a table, a bucket or a cluster is named by a short identifier, never a sentence.
  if (isMachineName(words)) return 'identifier';
  if (['file_content', 'file_contents', 'raw_content'].includes(name) || (['content', 'contents'].includes(name) && fileOwners.has(owner)))
    return 'file_content';
  if (
    last === 'id' ||
    last === 'ids' ||
    last === 'key' ||
    has('ref', 'reference', 'code', 'sku') ||
    (last === 'number' && words.length > 1)
  )
    return 'id';
  if (has('status', 'state', 'stage', 'phase')) return 'status';
  if (has('title', 'subject', 'summary', 'headline', 'caption', 'topic')) return 'title';
  if (last === 'name') return toNameKind(owner, words);
  if (has('label', 'tag', 'tags', 'category', 'type', 'kind', 'role', 'keyword', 'group', 'department', 'team', 'channel')) return 'label';
  return 'text';
}

/** A `name` field: a person's name on a person, a company's on a company, else a name for the entity. */
function toNameKind(owner: string, words: readonly string[]): FieldKind {
  const subject = words.length > 1 ? toSingular(words.slice(0, -1).join('_')) : owner;
  if (personEntities.has(subject)) return 'person_name';
  if (companyWords.has(subject) || subject === 'account') return 'company';
  if (subject === 'city' || subject === 'location' || subject === 'place') return 'city';
  if (subject === 'file' || subject === 'attachment' || subject === 'document') return 'file_name';
  if (isMachineName([subject])) return 'identifier';
  return 'name';
}

/** Whether a date or time field names something past (`created_at`) rather than ahead (`due_at`). */
export function isPastTimeField(name: string): boolean {
  return toWords(name).some((word) => pastTimeWords.has(word));
}

/** Whether a date or time field names something ahead (`due_at`, `expires_at`). */
export function isFutureTimeField(name: string): boolean {
  return toWords(name).some((word) =>
    ['due', 'deadline', 'expires', 'expiry', 'expiration', 'until', 'next', 'renews', 'scheduled'].includes(word),
  );
}
