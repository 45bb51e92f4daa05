/**
 * A create that copies: `duplicate_task(taskId, listId?)`, `copy_page(page_id)`, `clone_board(board_id)`.
 * Its verb copies and one of its arguments names an entity of its own type (by id, or by name:
 * `taskName`), so the new entity starts from that one's fields (its id and stamps left out), and
 * what the call gives on top changes them (`listId` puts the copy in another list). An unknown
 * source is a not-found, as the service answers it.
 */
import { fieldValue, findByName, toNormalName, valuesMatch, type EntityRecord } from '../../domain/world-query.js';
import { toWords } from '../../reading/entity-words.js';
import type { AnswerInput } from './world-conventions.js';
import { notFound } from './world-views.js';

const copyVerbs = new Set(['duplicate', 'copy', 'clone', 'fork']);
/** Words before the entity's name that say it is the one copied (`source_page_id`, `originalTaskId`). */
const sourceWords = new Set(['source', 'original', 'from', 'template', 'src']);
const keyWords = new Set(['id', 'key', 'uuid', 'name', 'title', 'slug']);
/** Fields a copy never takes from its source: they are its own. */
const ownFields = /^(?:created|updated|modified|deleted)(?:_?at|_?on|_?time|_?date)?$|^(?:date_?)?(?:created|updated)$/i;

/** The fields a copy starts from and the arguments that named the source (not data of the copy), or an error when the source is unknown; null when the create does not copy. */
export function toCopySource(
  input: AnswerInput,
  existing: readonly EntityRecord[],
): { fields: Record<string, unknown>; used: string[] } | { error: string } | null {
  if (!toWords(input.tool.name).some((word) => copyVerbs.has(word))) return null;
  const entity = toNormalName(input.shape.entity);
  const used: string[] = [];
  let found: EntityRecord | undefined;
  let named: string | undefined;
  for (const [name, value] of Object.entries(input.args)) {
    const words = toWords(name);
    if (sourceWords.has(words[0]!) && words.length > 1 && !keyWords.has(words.at(-1)!)) continue;
    const stem = toNormalName((sourceWords.has(words[0]!) ? words.slice(1) : words).join('_'));
    const key = [...keyWords].find((word) => stem === `${entity}${word}`) ?? (stem === 'id' ? 'id' : undefined);
    if (key === undefined || (typeof value !== 'string' && typeof value !== 'number')) continue;
    used.push(name);
    named ??= String(value);
    found ??=
      existing.find((record) => record.id === String(value)) ??
      existing.find((record) => valuesMatch(fieldValue(record.fields, input.shape.idField), value)) ??
      (key === 'name' || key === 'title' ? findByName(existing, String(value)) : undefined);
  }
  if (named === undefined) {
    const source = pathSource(input, existing);
    if (source === null) return null;
    ({ named, found } = source);
    used.push(source.argument);
  }
  if (!found) return { error: notFound(input.shape, named) };
  const fields = Object.fromEntries(Object.entries(found.fields).filter(([name]) => name !== input.shape.idField && !ownFields.test(name)));
  return { fields, used };
}

/**
 * `copy_object(Key, CopySource: 'reports/2026/q1.csv')`: an argument named for the source whose
 * value is the source's id, or its id under the parent's name (`acme-reports/2026/q1.csv`, a
 * path whose end is the key); the longest id that ends the path is the one meant.
 */
function pathSource(
  input: AnswerInput,
  existing: readonly EntityRecord[],
): { argument: string; named: string; found: EntityRecord | undefined } | null {
  for (const [name, value] of Object.entries(input.args)) {
    if (typeof value !== 'string' || !toWords(name).some((word) => sourceWords.has(word))) continue;
    const path = value.replace(/^\/+/, '');
    const found = existing
      .filter((record) => path === record.id || path.endsWith(`/${record.id}`))
      .sort((a, b) => b.id.length - a.id.length)[0];
    return { argument: name, named: value, found };
  }
  return null;
}

/** A copy's own data: not the arguments that named its source, nor where the source was (`sourceListName`). */
export function withoutSource(data: Record<string, unknown>, used: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).filter(([name]) => !used.includes(name) && !/^(?:source|original|from)[A-Z_]/.test(name)));
}
