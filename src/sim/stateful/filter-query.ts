/**
 * A task service's filter query (Todoist's `today | overdue`, `(today | overdue) & #Work`, `!no
 * date`): its date words are read against the due date on the call's clock, `#Name` picks what lies
 * in the parent named Name and `@name` what carries that label, joined by `&`, `|`, `!` and
 * parentheses; any other term is free text. A query with no date word, `#` or `@` term is left to the
 * plain free-text match (world-query.ts), so a search for "meeting today" still looks for its words.
 */
import type { WorldState } from '../../domain/memory-log.js';
import { fieldValue, matchesQuery, toNormalName } from '../../domain/world-query.js';
import { isRecord } from '../../domain/json-record.js';
import { isFinished } from './finished-entities.js';

type Fields = Readonly<Record<string, unknown>>;
type Test = (fields: Fields) => boolean;

/** Date words of a filter query, each a test of a due date (`YYYY-MM-DD` or undefined) against today's. */
const dateWords: Record<string, (due: string | undefined, today: string, fields: Fields) => boolean> = {
  today: (due, today) => due === today,
  tomorrow: (due, today) => due === addDays(today, 1),
  yesterday: (due, today) => due === addDays(today, -1),
  overdue: (due, today, fields) => due !== undefined && due < today && !isFinished(fields),
  'no date': (due) => due === undefined,
};

/**
 * The test a filter query makes of an entity's fields, or null when it is plain free text.
 *
 * @example
 *   toFilterQuery('today | overdue', { world, now: '2026-03-05T09:00:00Z' })?.({ due_date: '2026-03-02' }); // true
 */
export function toFilterQuery(query: string, context: { world: WorldState; now: string }): Test | null {
  const tokens =
    query
      .match(/[()|&!]|[^()|&!]+/g)
      ?.map((token) => token.trim())
      .filter((token) => token !== '') ?? [];
  const terms = tokens.filter((token) => !/^[()|&!]$/.test(token));
  if (!terms.some((term) => isFilterTerm(term))) return null;
  const today = context.now.slice(0, 10);
  let at = 0;
  // expression = conjunction ('|' conjunction)*; conjunction = unary ('&' unary)*; unary = '!' unary | '(' expression ')' | term.
  const expression = (): Test => {
    const parts = [conjunction()];
    while (tokens[at] === '|') {
      at++;
      parts.push(conjunction());
    }
    return (fields) => parts.some((test) => test(fields));
  };
  const conjunction = (): Test => {
    const parts = [unary()];
    while (tokens[at] === '&') {
      at++;
      parts.push(unary());
    }
    return (fields) => parts.every((test) => test(fields));
  };
  const unary = (): Test => {
    const token = tokens[at++];
    if (token === '!') {
      const inner = unary();
      return (fields) => !inner(fields);
    }
    if (token === '(') {
      const inner = expression();
      if (tokens[at] === ')') at++;
      return inner;
    }
    return token === undefined || /^[)|&]$/.test(token) ? () => true : toTermTest(token, context.world, today);
  };
  return expression();
}

function isFilterTerm(term: string): boolean {
  return Object.hasOwn(dateWords, term.toLowerCase()) || /^\d+\s+days$/i.test(term) || /^[#@]\S/.test(term);
}

function toTermTest(term: string, world: WorldState, today: string): Test {
  const word = term.toLowerCase();
  const dateTest = dateWords[word];
  if (dateTest) return (fields) => dateTest(dueOf(fields), today, fields);
  // `7 days`: due from today through the next six.
  const days = /^(\d+)\s+days$/i.exec(term);
  if (days) return (fields) => inWindow(dueOf(fields), today, addDays(today, Number(days[1]) - 1));
  if (term.startsWith('#')) return inParentNamed(world, term.slice(1).trim());
  if (term.startsWith('@')) {
    const label = term.slice(1).trim().toLowerCase();
    // `@octocat` on a thing with no labels: the words of the name, as a free-text search reads a mention.
    return (fields) => {
      const labels = [fieldValue(fields, 'labels'), fieldValue(fields, 'tags')].filter((value) => value !== undefined);
      return labels.length > 0 ? labels.some((value) => hasLabel(value, label)) : matchesQuery(fields, label);
    };
  }
  return (fields) => matchesQuery(fields, term);
}

/** `#Website Redesign`: an entity whose fields name one called that (by its id, or by the name itself). */
function inParentNamed(world: WorldState, name: string): Test {
  const wanted = name.toLowerCase();
  const ids = new Set<string>();
  for (const entities of Object.values(world.entities))
    for (const [id, fields] of Object.entries(entities))
      if (['name', 'title'].some((field) => String(fieldValue(fields, field) ?? '').toLowerCase() === wanted)) ids.add(id);
  return (fields) =>
    Object.entries(fields).some(
      ([key, value]) =>
        (typeof value === 'string' || typeof value === 'number') &&
        ((/id$/i.test(key) && ids.has(String(value))) || String(value).toLowerCase() === wanted),
    );
}

function hasLabel(value: unknown, label: string): boolean {
  const names = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  return names.some(
    (name) =>
      String(isRecord(name) ? (name.name ?? '') : name)
        .trim()
        .toLowerCase() === label,
  );
}

/** The day an entity is due: `due_date`, `dueDate`, `due_on`, `due`, or a `due: { date }` object. */
function dueOf(fields: Fields): string | undefined {
  for (const [key, value] of Object.entries(fields)) {
    if (!['due', 'duedate', 'dueon', 'dueat', 'duedatetime'].includes(toNormalName(key))) continue;
    const date = isRecord(value) ? (value.date ?? value.datetime) : value;
    if (typeof date === 'string' && /^\d{4}-\d{2}-\d{2}/.test(date)) return date.slice(0, 10);
    if (typeof date === 'number') return new Date(date > 1e11 ? date : date * 1000).toISOString().slice(0, 10);
  }
  return undefined;
}

function inWindow(due: string | undefined, from: string, to: string): boolean {
  return due !== undefined && due >= from && due <= to;
}

function addDays(day: string, count: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + count * 86_400_000).toISOString().slice(0, 10);
}
