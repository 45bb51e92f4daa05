/**
 * Filters a list or search call states beyond plain equality: ranges and time windows
 * (`created_after`, `timeMin`/`timeMax`, `min_amount`), structured filter groups
 * (`filterGroups: [{ filters: [{ propertyName, operator: 'EQ', value }] }]`, `where: { status:
 * 'open' }`) and query strings (`project = OPS AND status = "In Progress"`, SCIM's `status eq
 * "ACTIVE"`). Each becomes a condition on one field, checked against an entity's fields. Pure.
 */
import { toWords } from './entity-words.js';
import { isPayloadArgument } from './argument-payload.js';
import { fieldValue, toNormalName, valuesMatch } from '../domain/world-query.js';
import { operatorWords, type Condition, type Operator } from './filter-condition.js';
import { looksStructured, toStructuredConditions } from './structured-filter.js';
import { isSqlQuery, splitTopLevel, toSqlConditions } from './sql-where.js';
import { freeTextMatch } from './free-text-field.js';
import { emptyValueMatch, endStates } from './empty-values.js';
import { isPredicate, toPredicateListConditions } from './predicate-list.js';

export type { Condition, Operator } from './filter-condition.js';

const lowWords = new Set([
  'after',
  'since',
  'from',
  'min',
  'gte',
  'gt',
  'start',
  'begin',
  'minimum',
  'earliest',
  'oldest',
  'newer',
  'above',
]);
/** Bounds that are times only: `since: 1767225600` is Unix seconds, where `from: 5` may be anything. */
const timeWords = new Set(['after', 'since', 'before', 'until', 'earliest', 'oldest', 'latest', 'newer', 'older']);
/** Words of a name that say its value is a time (`update_start_time`, `created_at`, `ts`). */
const timeNameWords = new Set(['time', 'date', 'at', 'ts', 'timestamp']);
/** Unix seconds or milliseconds as text, with Slack's fraction of a second. */
const epochDigits = /^\d{9,13}(?:\.\d+)?$/;
/** Bound words that never name a field themselves (`start` and `end` may: `afterStart`). */
const boundWords = new Set(['after', 'before', 'since', 'until']);
const highWords = new Set(['before', 'until', 'to', 'max', 'lte', 'lt', 'end', 'maximum', 'latest', 'older', 'below']);
/** Words of an argument's name that say its value is a filter (`filter`, `filterGroups`, `filter_conditions`, `where`). */
const groupWords = new Set(['filter', 'filters', 'where', 'condition', 'conditions', 'criteria']);
const operators = operatorWords;
/** A SCIM clause: `field op "value"` or `field pr`. */
const scimClause = /([A-Za-z_][\w.]*)\s+(?:(eq|ne|co|sw|ew|gt|ge|lt|le)\s+(?:"([^"]*)"|'([^']*)'|([^\s)]+))|(pr)\b)/gi;
/**
 * Google Drive's query words, also found in other services' query strings: `'folder-id' in
 * parents` (the value among the field's values) and `name contains 'march'`.
 */
const driveClause = /'[^']*'\s+in\s+[A-Za-z_]|[A-Za-z_][\w.]*\s+contains\s+['"]/i;
const inClause = /'([^']*)'\s+in\s+([A-Za-z_][\w.]*)|([A-Za-z_][\w.]*)\s+contains\s+(?:"([^"]*)"|'([^']*)')/gi;
/**
 * A formula's field in braces, as spreadsheet-like services write them (`{Status} = 'Done'`,
 * `AND({Due Date} < '2026-01-01', {Priority} >= 2)`): the name may hold spaces, and a value stops
 * at a comma or a closing parenthesis of the function around it.
 */
const bracedField = /\{[^{}]+\}\s*(?:!=|>=|<=|=|>|<)/;
const bracedClause = /\{([^{}]+)\}\s*(!=|>=|<=|=|>|<)\s*(?:"([^"]*)"|'([^']*)'|(TRUE|FALSE)\(\)|([^\s),]+))/gi;
/** A formula's `OR(a, b)` around its clauses: each argument is one group. */
const orFunction = /^\s*OR\s*\((.*)\)\s*$/is;
/** Fields a time window applies to when its argument names none (`timeMin`, `since`), best first. */
const timeFields = ['start', 'starttime', 'startdate', 'startat', 'date', 'due', 'duedate', 'dueat', 'createdat', 'created', 'timestamp'];

/**
 * The conditions an argument states, or null when it states none of these kinds (then it is plain
 * equality, or not a filter at all).
 *
 * @example
 *   toConditions('created_after', '2026-01-01'); // [{ field: 'created', operator: 'gt', value: '2026-01-01' }]
 *   toConditions('jql', 'project = OPS AND status = Done'); // [{ field: 'project', operator: 'eq', value: 'OPS' }, { field: 'status', ... }]
 */
export function toConditions(name: string, value: unknown): Condition[] | null {
  // `where: ['orderState="Open"', 'customerId="c1"']`: a list of predicates, all of which hold (predicate-list.ts).
  const predicates = toPredicateListConditions(value, toQueryClauses);
  if (predicates !== null) return predicates;
  // Structured filters (structured-filter.ts): an argument named for a filter, or a value written as one whatever its name.
  if (value !== null && typeof value === 'object' && (toWords(name).some((word) => groupWords.has(word)) || looksStructured(value)))
    return toStructuredConditions(value);
  // A SQL query the service is given filters by its WHERE clause (sql-where.ts); a clause it cannot read leaves the query to free text.
  if (typeof value === 'string' && isSqlQuery(value)) return toSqlConditions(value);
  if (
    typeof value === 'string' &&
    (/\s(=|!=|~|>=|<=|>|<)\s|\bAND\b|\s(eq|ne|co|sw|ew|gt|ge|lt|le)\s|\spr\b/i.test(value) ||
      isPredicate(value) ||
      driveClause.test(value) ||
      bracedField.test(value))
  ) {
    const clauses = toQueryClauses(value);
    if (clauses.length > 0) return clauses;
  }
  return toRange(name, value);
}

/** `after`, `timeMin`, `min_amount`, `created_before`: a bound on a date or number field. */
function toRange(name: string, value: unknown): Condition[] | null {
  const isDate = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value);
  const words = toWords(name);
  // `update_start_time: "1777000000000"`, Slack's `oldest: "1767225600.000100"`: Unix seconds or milliseconds written as text.
  const epochText =
    typeof value === 'string' && epochDigits.test(value) && words.some((word) => timeWords.has(word) || timeNameWords.has(word));
  if (!isDate && typeof value !== 'number' && !epochText) return null;
  let low = words.filter((word) => lowWords.has(word));
  let high = words.filter((word) => highWords.has(word));
  // `afterStart`, `beforeEnd`: a bound word that is only ever a bound, on a field named `start` or `end`.
  const bounds = words.filter((word) => boundWords.has(word));
  if (low.length + high.length > 1 && bounds.length === 1) {
    low = low.filter((word) => word === bounds[0]);
    high = high.filter((word) => word === bounds[0]);
  }
  if (low.length + high.length !== 1) return null;
  // `to`/`from` alone are a recipient and a sender; a bound needs a date or a field beside them.
  const stem = words.filter((word) => !low.includes(word) && !high.includes(word));
  const epoch = epochText || (typeof value === 'number' && value >= 1e9 && words.some((word) => timeWords.has(word)));
  if (!isDate && !epoch && stem.length === 0) return null;
  const inclusive = [...low, ...high].some((word) =>
    ['min', 'max', 'gte', 'lte', 'from', 'to', 'start', 'end', 'minimum', 'maximum'].includes(word),
  );
  const operator: Operator = low.length > 0 ? (inclusive ? 'gte' : 'gt') : inclusive ? 'lte' : 'lt';
  const field = stem.filter((word) => !['time', 'date', 'at', 'on'].includes(word)).join('_');
  return [{ field, operator, value }];
}

/**
 * `field = value AND other != "two words"` (an ORDER BY tail ignored), or SCIM's `status eq
 * "ACTIVE" and profile.email sw "ada"`, or a formula's `{Field} = 'value'` clauses (in `AND(...)`); `or`
 * between clauses, or a formula's `OR(...)` around them, makes one `or` condition of groups.
 */
export function toQueryClauses(query: string): Condition[] {
  const head = query.split(/\border\s+by\b/i)[0]!;
  const formulaOr = orFunction.exec(head)?.[1];
  const groups = formulaOr !== undefined ? splitTopLevel(formulaOr, ',') : head.split(/\s+or\s+/i);
  if (groups.length > 1) {
    const parsed = groups.map(toAndClauses).filter((group) => group.length > 0);
    return parsed.length > 0 ? [{ field: '', operator: 'or', value: parsed }] : [];
  }
  return toAndClauses(head);
}

function toAndClauses(head: string): Condition[] {
  const scim = [...head.matchAll(scimClause)];
  if (scim.length > 0)
    return scim.map((match) => ({
      field: match[1]!,
      operator: operators[(match[2] ?? match[6])!.toLowerCase()]!,
      value: match[3] ?? match[4] ?? match[5],
    }));
  const braced = [...head.matchAll(bracedClause)];
  if (braced.length > 0)
    return braced.map((match) => ({
      field: match[1]!.trim(),
      operator: operators[match[2]!]!,
      value: match[3] ?? match[4] ?? (match[5] === undefined ? match[6] : match[5].toUpperCase() === 'TRUE'),
    }));
  const clauses: Condition[] = [];
  for (const match of head.matchAll(inClause)) {
    if (match[1] !== undefined) clauses.push({ field: match[2]!, operator: 'eq', value: match[1] });
    else clauses.push({ field: match[3]!, operator: 'contains', value: match[4] ?? match[5] });
  }
  for (const match of head.matchAll(/([A-Za-z_][\w.]*)\s*(!=|>=|<=|=|~|>|<)\s*(?:"([^"]*)"|'([^']*)'|([^\s)]+))/g)) {
    clauses.push({ field: match[1]!, operator: operators[match[2]!]!, value: match[3] ?? match[4] ?? match[5] });
  }
  return clauses;
}

/**
 * Whether an entity satisfies a condition. The field is found by its name, else by a field whose
 * name starts with it (`project` finds `project_key`, `created` finds `created_at`); a time window
 * with no field uses the entity's start, due or creation time. An equality on a field the entity
 * lacks holds when any of its values (or its id's key, `OPS-` of `OPS-7`) is the value.
 *
 * @example
 *   matchesCondition({ amount: 1200 }, '7', { field: 'amount', operator: 'gte', value: 1000 }); // true
 */
export function matchesCondition(fields: Readonly<Record<string, unknown>>, id: string, condition: Condition): boolean {
  const { operator, value } = condition;
  if (operator === 'or') return (value as Condition[][]).some((group) => group.every((inner) => matchesCondition(fields, id, inner)));
  if (operator === 'not') return !(value as Condition[]).every((inner) => matchesCondition(fields, id, inner));
  const actual = lookup(fields, condition.field);
  const freeText = operator === 'contains' && actual === undefined ? freeTextMatch(fields, condition.field, value) : undefined;
  if (freeText !== undefined) return freeText;
  if (operator === 'exists') return actual !== undefined && actual !== null;
  const inClass = operator === 'eq' || operator === 'contains' ? stateClass(condition.field, actual, value) : undefined;
  if (inClass !== undefined) return inClass;
  if (actual === undefined) {
    if (operator !== 'eq' || typeof value === 'object') return operator === 'neq';
    // A flag the entity never had set is off: `trashed = false`, `completed: false` hold.
    if (value === false || value === 'false') return true;
    // `resolution = Unresolved`, `assignee = EMPTY`: a value that says "none" (empty-values.ts).
    const empty = emptyValueMatch(fields, value);
    if (empty !== undefined) return empty;
    const text = String(value).toLowerCase();
    return (
      id.toLowerCase().startsWith(`${text}-`) ||
      Object.values(fields).some((field) => (typeof field !== 'object' || Array.isArray(field)) && valuesMatch(field, value))
    );
  }
  switch (operator) {
    case 'eq':
      return valuesMatch(actual, value) || keyOfParent(fields, id, condition.field, value);
    case 'neq':
      return !valuesMatch(actual, value);
    case 'in':
      return valuesMatch(actual, Array.isArray(value) ? value : [value]);
    case 'contains':
      return JSON.stringify(actual).toLowerCase().includes(String(value).toLowerCase());
    case 'startswith':
      return String(actual).toLowerCase().startsWith(String(value).toLowerCase());
    case 'endswith':
      return String(actual).toLowerCase().endsWith(String(value).toLowerCase());
    default: {
      const order = compare(actual, value);
      if (order === null) return false;
      return operator === 'gt' ? order > 0 : operator === 'gte' ? order >= 0 : operator === 'lt' ? order < 0 : order <= 0;
    }
  }
}

/**
 * `project = MOB` on issue `MOB-4` that holds its project as `projectId: 10200`: the field the
 * condition names is the parent's id under a longer name, and the key the record's own id starts
 * with is that parent's key, as trackers number issues (`MOB-4`) within a project keyed `MOB`.
 */
function keyOfParent(fields: Readonly<Record<string, unknown>>, id: string, field: string, value: unknown): boolean {
  if (typeof value !== 'string' || !/^[A-Za-z][A-Za-z0-9_]*$/.test(value) || fieldValue(fields, field) !== undefined) return false;
  return new RegExp(`^${value}-\\d+$`, 'i').test(id);
}

/**
 * `open` and `closed` asked of a state field whose values are the service's own workflow
 * (`triage`, `investigating`, `resolved`): `open` is any state but one that ends it, `closed` one
 * that does. Undefined when the value asked is not one of the two or is the state itself.
 */
function stateClass(field: string, actual: unknown, value: unknown): boolean | undefined {
  if (typeof actual !== 'string' || typeof value !== 'string') return undefined;
  const [state, asked] = [actual.toLowerCase(), value.toLowerCase()];
  if (state === asked || !['open', 'closed'].includes(asked) || !['status', 'state', 'stage'].includes(toNormalName(field)))
    return undefined;
  return endStates.has(state) === (asked === 'closed');
}

function lookup(fields: Readonly<Record<string, unknown>>, name: string): unknown {
  const normal = toNormalName(name);
  if (normal === '') {
    for (const candidate of timeFields) {
      // `spent_date`, `issued_on`: the entity's own date comes before when it was written down.
      if (candidate === 'createdat') {
        const own = Object.keys(fields).find((field) => ownDateField.test(field) && !stampField.test(field) && isDateText(fields[field]));
        if (own !== undefined) return fields[own];
      }
      const key = Object.keys(fields).find((field) => toNormalName(field) === candidate);
      if (key !== undefined) return unwrapTime(fields[key]);
    }
    return undefined;
  }
  const exact = fieldValue(fields, name);
  if (exact !== undefined) return unwrapTime(exact);
  // `profile.email`: a path into nested objects.
  if (name.includes('.')) {
    let node: unknown = fields;
    for (const part of name.split('.'))
      node =
        node !== null && typeof node === 'object' && !Array.isArray(node) ? fieldValue(node as Record<string, unknown>, part) : undefined;
    if (node !== undefined) return unwrapTime(node);
  }
  // `parents` finds `parent_id`: a plural names the field that holds one of them.
  const stems = normal.endsWith('s') ? [normal, normal.slice(0, -1)] : [normal];
  const key = stems
    .map((stem) => Object.keys(fields).find((field) => toNormalName(field).startsWith(stem)))
    .find((found) => found !== undefined);
  if (key !== undefined) return unwrapTime(fields[key]);
  const wrapped = inPayload(fields, name, 0);
  if (wrapped !== undefined) return unwrapTime(wrapped);
  // `update_start_time` of a record never changed: it was last changed when it was made.
  return changeStamp.test(normal) ? lookup(fields, 'created') : undefined;
}

/** A field's name for when a record last changed (`update`, `updated`, `modified`, `last_modified`). */
const changeStamp = /^(?:last)?(?:update|updated|modified|changed)$/;

/**
 * A field kept inside a payload wrapper (`properties: { email }` as CRM objects keep them, `fields:
 * { Status }` as table records do), in the entity or in the items of a list it holds.
 */
function inPayload(node: unknown, name: string, depth: number): unknown {
  if (depth > 3 || node === null || typeof node !== 'object') return undefined;
  if (Array.isArray(node)) {
    for (const item of node) {
      const found = inPayload(item, name, depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  for (const [key, inner] of Object.entries(node as Record<string, unknown>)) {
    if (inner === null || typeof inner !== 'object') continue;
    const found =
      isPayloadArgument(key) && !Array.isArray(inner)
        ? fieldValue(inner as Record<string, unknown>, name)
        : inPayload(inner, name, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** A field named for a date of its own: `spent_date`, `invoiceDate`, `issued_on`. */
const ownDateField = /(?:date|_on|On)$/;
/** Stamps of when a record was written, not what it is about. */
const stampField = /^(?:created|updated|modified|deleted)/i;

function isDateText(value: unknown): boolean {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value);
}

/** `{ dateTime: '...' }` (Google Calendar's start) is its time. */
function unwrapTime(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  return record.dateTime ?? record.date ?? record.datetime ?? value;
}

/** Dates by time, numbers by value; null when the two cannot be ordered. */
function compare(actual: unknown, wanted: unknown): number | null {
  // `created_after: 1767225600` (Unix seconds, or milliseconds) against a stored date text.
  if (isDateText(actual) && (typeof wanted === 'number' || (typeof wanted === 'string' && epochDigits.test(wanted)))) {
    const epoch = Number(wanted);
    return Date.parse(actual as string) - (epoch < 1e11 ? epoch * 1000 : epoch);
  }
  if (typeof actual === 'number' && (typeof wanted === 'number' || (typeof wanted === 'string' && wanted.trim() !== '')))
    return Number.isNaN(Number(wanted)) ? null : actual - Number(wanted);
  if (typeof actual === 'string' && typeof wanted === 'string') {
    const [a, b] = [Date.parse(actual), Date.parse(wanted)];
    if (!Number.isNaN(a) && !Number.isNaN(b)) return a - b;
    const [x, y] = [Number(actual), Number(wanted)];
    if (!Number.isNaN(x) && !Number.isNaN(y)) return x - y;
  }
  return null;
}
