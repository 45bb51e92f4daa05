/**
 * A simple SQL query as services take it in a `query` argument (`SELECT * FROM c WHERE c.status =
 * 'open' AND c.total > 100`, `select * from Invoice where DocNumber = '1042'`): its WHERE clause
 * read into conditions of the one vocabulary (filter-condition.ts). `=`, `!=`/`<>`, `<`, `>`,
 * `<=`, `>=`, `IN (...)`, `LIKE '%x%'`, `IS [NOT] NULL`, `CONTAINS(field, 'x')`, joined by AND and
 * OR with parentheses; a field written through the FROM's alias (`c.status`) is the field, and one
 * in brackets with its namespace (WIQL's `[System.State]`) the field its last part names. Pure.
 */
import type { Condition } from './filter-condition.js';
import { operatorWords } from './filter-condition.js';
import { toFieldName } from './field-pairs.js';

const select = /^\s*select\b[\s\S]*?\bfrom\s+([A-Za-z_][\w]*)(?:\s+(?:as\s+)?([A-Za-z_]\w*))?/i;
const clauseEnd = /\b(?:order\s+by|group\s+by|limit|offset)\b/i;
const keywords = new Set(['where', 'order', 'group', 'limit', 'offset', 'join', 'inner', 'left', 'right', 'on']);
const value = String.raw`(?:'((?:[^']|'')*)'|"([^"]*)"|(-?\d+(?:\.\d+)?)\b|(true|false|null)\b)`;
// `[System.State]`: WIQL (Azure DevOps) and T-SQL write a field in brackets.
const field = String.raw`(\[[^\]\[]+\]|[A-Za-z_][\w.]*)`;
// `[System.TeamProject] = @project`, `[System.AssignedTo] = @me`: a macro the service fills in from the call.
const macro = new RegExp(String.raw`^${field}\s*(?:>=|<=|!=|<>|=|>|<)\s*@\w+(?:\s*[-+]\s*\d+)?$`, 'i');
const compared = new RegExp(String.raw`^${field}\s*(>=|<=|!=|<>|=|>|<)\s*${value}$`, 'i');
const listed = new RegExp(String.raw`^${field}\s+(not\s+)?in\s*\(([\s\S]*)\)$`, 'i');
const liked = new RegExp(String.raw`^${field}\s+(not\s+)?i?like\s+${value}$`, 'i');
const nulled = new RegExp(String.raw`^${field}\s+is\s+(not\s+)?null$`, 'i');
const called = new RegExp(
  String.raw`^(contains|startswith|endswith|array_contains)\s*\(\s*${field}\s*,\s*${value}(?:\s*,\s*\w+)?\s*\)$`,
  'i',
);

/** Whether a text is a SELECT query with a FROM. */
export function isSqlQuery(text: string): boolean {
  return select.test(text);
}

/**
 * The conditions of a SELECT query's WHERE: empty when it has none (every row); null when a
 * clause of it cannot be read, so the caller does not filter by half of what was asked.
 *
 * @example
 *   toSqlConditions("SELECT * FROM c WHERE c.status = 'open' AND c.total > 100");
 *   // [{ field: 'status', operator: 'eq', value: 'open' }, { field: 'total', operator: 'gt', value: 100 }]
 */
export function toSqlConditions(query: string): Condition[] | null {
  const from = select.exec(query);
  if (!from) return null;
  const aliases = [from[1]!, from[2]].filter((name): name is string => name !== undefined && !keywords.has(name.toLowerCase()));
  const where = /\bwhere\b([\s\S]*)$/i.exec(query.slice(from[0].length - (from[2]?.length ?? 0)))?.[1];
  if (where === undefined) return [];
  const body = where.split(clauseEnd)[0]!;
  return toWhere(body, aliases);
}

function toWhere(text: string, aliases: readonly string[]): Condition[] | null {
  const groups = splitTopLevel(text, 'or');
  const read = groups.map((group) => {
    const clauses = splitTopLevel(group, 'and').map((clause) => toClause(clause.trim(), aliases));
    return clauses.some((clause) => clause === null) ? null : (clauses as Condition[][]).flat();
  });
  if (read.some((group) => group === null)) return null;
  const kept = (read as Condition[][]).filter((group) => group.length > 0);
  return kept.length <= 1 ? (kept[0] ?? []) : [{ field: '', operator: 'or', value: kept }];
}

function toClause(clause: string, aliases: readonly string[]): Condition[] | null {
  if (clause === '') return [];
  if (clause.startsWith('(') && clause.endsWith(')') && closes(clause)) return toWhere(clause.slice(1, -1), aliases);
  const named = (written: string) => {
    // `[System.State]`: the field its qualified name names, `state` (field-pairs.ts).
    const name = written.startsWith('[') ? toFieldName(written.slice(1, -1).trim()) : written;
    const [head, ...rest] = name.split('.');
    return rest.length > 0 && aliases.some((alias) => alias.toLowerCase() === head!.toLowerCase()) ? rest.join('.') : name;
  };
  // A macro's value is the service's to fill in (the project the call names, the caller): no condition of the records' own.
  if (macro.test(clause)) return [];
  let match = compared.exec(clause);
  if (match) return [{ field: named(match[1]!), operator: operatorWords[match[2]!]!, value: toValue(match, 3) }];
  if ((match = listed.exec(clause))) {
    const items = splitTopLevel(match[3]!, ',').map((item) => toValue(new RegExp(`^${value}$`, 'i').exec(item.trim()) ?? [], 1));
    const condition: Condition = { field: named(match[1]!), operator: 'in', value: items };
    return [match[2] ? { field: condition.field, operator: 'not', value: [condition] } : condition];
  }
  if ((match = liked.exec(clause))) {
    const pattern = String(toValue(match, 3));
    const inner = pattern.replace(/^%|%$/g, '');
    const operator =
      pattern.startsWith('%') === pattern.endsWith('%')
        ? pattern.includes('%')
          ? 'contains'
          : 'eq'
        : pattern.endsWith('%')
          ? 'startswith'
          : 'endswith';
    const condition: Condition = { field: named(match[1]!), operator, value: inner };
    return [match[2] ? { field: condition.field, operator: 'not', value: [condition] } : condition];
  }
  if ((match = nulled.exec(clause))) {
    const condition: Condition = { field: named(match[1]!), operator: 'exists', value: true };
    return [match[2] ? condition : { field: condition.field, operator: 'not', value: [condition] }];
  }
  if ((match = called.exec(clause))) {
    const fn = match[1]!.toLowerCase();
    const operator = fn === 'startswith' ? 'startswith' : fn === 'endswith' ? 'endswith' : 'contains';
    return [{ field: named(match[2]!), operator, value: toValue(match, 3) }];
  }
  return null;
}

/** The value a match holds from `at` on: a quoted text (`''` an escaped quote), a number, true, false or null. */
function toValue(match: ArrayLike<string | undefined>, at: number): unknown {
  if (match[at] !== undefined) return match[at]!.replace(/''/g, "'");
  if (match[at + 1] !== undefined) return match[at + 1];
  if (match[at + 2] !== undefined) return Number(match[at + 2]);
  const word = match[at + 3]?.toLowerCase();
  return word === 'true' ? true : word === 'false' ? false : null;
}

/** Whether the parenthesis opening a text is the one closing it: `(a) or (b)` is not one group. */
function closes(text: string): boolean {
  let depth = 0;
  let quote: string | null = null;
  for (const char of text.slice(1, -1)) {
    if (quote !== null) {
      if (char === quote) quote = null;
    } else if (char === "'" || char === '"') quote = char;
    else if (char === '(') depth++;
    else if (char === ')' && --depth < 0) return false;
  }
  return depth === 0;
}

/**
 * The parts of a text between a separator (a word such as `and` between spaces, or a character)
 * outside quotes and parentheses; with `,`, a function call's arguments (`a, B(c, d), 'e, f'`).
 */
export function splitTopLevel(text: string, separator: string): string[] {
  const word = /^[a-z]+$/i.test(separator);
  const parts: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = 0;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quote !== null) {
      if (char === quote) quote = null;
    } else if (char === "'" || char === '"') quote = char;
    else if (char === '(') depth++;
    else if (char === ')') depth--;
    else if (depth === 0 && text.slice(index, index + separator.length).toLowerCase() === separator) {
      const bounded = !word || (/\s/.test(text[index - 1] ?? '') && /[\s(]/.test(text[index + separator.length] ?? ''));
      if (!bounded) continue;
      parts.push(text.slice(start, index));
      start = index + separator.length;
      index = start - 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}
