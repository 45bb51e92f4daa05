/**
 * How a live answer's shape differs from a recorded one (`mcpsim verify`): structure, types, id
 * formats, error versus success, list versus object. Values are expected to differ (times,
 * generated ids, counts, free text), so only what a client's parser would trip on is drift. A
 * scenario's `verify:` section (answer-rules.ts) adds fields not to compare and values to hold.
 */
import { checkPins, isVolatile, noAnswerRules, toPointer, type AnswerRules } from './answer-rules.js';

/** One difference, at a JSON pointer into the tool result (`/structuredContent/items/0/id`). */
export interface ShapeDrift {
  path: string;
  /** What changed: a type, a field removed, added or renamed, an id's format, error versus success. */
  change: 'type' | 'removed' | 'added' | 'renamed' | 'format' | 'outcome' | 'pinned';
  /** The recorded and the live side, as a type, a field name or a format; for `pinned`, the pinned value and the live one. */
  recorded: string;
  live: string;
}

type JsonType = 'null' | 'boolean' | 'number' | 'string' | 'array' | 'object';

/** Keys that name an id, whose format (uuid, 24-hex, `cus_…`, numeric) is part of the shape. */
const idKeyPattern = /(^id$|^uuid$|^key$|_id$|Id$|_key$|Key$|_uuid$|Uuid$)/;

/**
 * The drift of a live tool result from a recorded one, with JSON pointers into the result; a text
 * block that holds JSON is compared as JSON, under its own pointer (`/content/0/text/items`).
 * Fields at or under a volatile pointer of `rules` are left out; pinned values are checked.
 *
 * @example
 *   compareResults({ content: [{ type: 'text', text: '{"id":"cus_1"}' }] }, { isError: true, content: [] });
 *   // [{ path: '/isError', change: 'outcome', recorded: 'success', live: 'error' }]
 */
export function compareResults(recorded: unknown, live: unknown, rules: AnswerRules = noAnswerRules): ShapeDrift[] {
  const volatile = (path: string) => isVolatile(rules, path);
  const before = toResult(recorded);
  const after = toResult(live);
  if (before.isError !== after.isError && !volatile('/isError'))
    return [{ path: '/isError', change: 'outcome', recorded: outcome(before.isError), live: outcome(after.isError) }];
  const drifts: ShapeDrift[] = [];
  if (before.structuredContent !== undefined) {
    if (after.structuredContent === undefined)
      drifts.push({ path: '/structuredContent', change: 'removed', recorded: typeOf(before.structuredContent), live: 'absent' });
    else drifts.push(...compareShapes(before.structuredContent, after.structuredContent, '/structuredContent', '', volatile));
  } else if (after.structuredContent !== undefined) {
    drifts.push({ path: '/structuredContent', change: 'added', recorded: 'absent', live: typeOf(after.structuredContent) });
  }
  const blocks = Math.min(before.content.length, after.content.length);
  for (let index = 0; index < blocks; index++)
    drifts.push(...compareBlocks(before.content[index], after.content[index], `/content/${index}`, volatile));
  return [...drifts.filter((drift) => !volatile(drift.path)), ...checkPins(rules, live)];
}

/**
 * The drift of one JSON value from another, by shape only.
 *
 * @example
 *   compareShapes({ name: 'a', total: 1 }, { title: 'a', total: '1' });
 *   // [{ path: '/name', change: 'renamed', recorded: 'name', live: 'title' }, { path: '/total', change: 'type', recorded: 'number', live: 'string' }]
 */
export function compareShapes(
  recorded: unknown,
  live: unknown,
  path = '',
  key = '',
  volatile: (path: string) => boolean = () => false,
): ShapeDrift[] {
  if (volatile(path)) return [];
  const before = typeOf(recorded);
  const after = typeOf(live);
  // A field that is null on one side is a value, not a shape: an optional field left empty.
  if (before === 'null' || after === 'null') return [];
  if (before !== after) return [{ path, change: 'type', recorded: before, live: after }];
  if (before === 'string' && idKeyPattern.test(key)) {
    const [formatBefore, formatAfter] = [toIdFormat(recorded as string), toIdFormat(live as string)];
    return formatBefore === formatAfter ? [] : [{ path, change: 'format', recorded: formatBefore, live: formatAfter }];
  }
  if (before === 'array') {
    const [first, second] = [(recorded as unknown[])[0], (live as unknown[])[0]];
    // An empty list says nothing about its items' shape.
    return first === undefined || second === undefined ? [] : compareShapes(first, second, `${path}/0`, key, volatile);
  }
  if (before === 'object') return compareObjects(recorded as Record<string, unknown>, live as Record<string, unknown>, path, volatile);
  return [];
}

function compareObjects(
  recorded: Record<string, unknown>,
  live: Record<string, unknown>,
  path: string,
  volatile: (path: string) => boolean,
): ShapeDrift[] {
  const [keysBefore, keysAfter] = [Object.keys(recorded), Object.keys(live)];
  // A map keyed by ids or dates (`{"cus_1": {...}}`) has other keys in every answer: its values are compared.
  if (isKeyedByValues(keysBefore) && isKeyedByValues(keysAfter)) {
    const [first, second] = [recorded[keysBefore[0]!], live[keysAfter[0]!]];
    return first === undefined || second === undefined ? [] : compareShapes(first, second, `${path}/*`, '', volatile);
  }
  const drifts: ShapeDrift[] = [];
  for (const key of keysBefore)
    if (key in live) drifts.push(...compareShapes(recorded[key], live[key], `${path}/${toPointer(key)}`, key, volatile));
  // A volatile field may come and go: it is neither half of a rename.
  const removed = keysBefore.filter((key) => !(key in live) && !volatile(`${path}/${toPointer(key)}`));
  const added = keysAfter.filter((key) => !(key in recorded) && !volatile(`${path}/${toPointer(key)}`));
  // One field gone and one come with a value of the same type is a rename, reported once.
  if (removed.length === 1 && added.length === 1 && typeOf(recorded[removed[0]!]) === typeOf(live[added[0]!]))
    return [...drifts, { path: `${path}/${toPointer(removed[0]!)}`, change: 'renamed', recorded: removed[0]!, live: added[0]! }];
  for (const key of removed)
    drifts.push({ path: `${path}/${toPointer(key)}`, change: 'removed', recorded: typeOf(recorded[key]), live: 'absent' });
  for (const key of added) drifts.push({ path: `${path}/${toPointer(key)}`, change: 'added', recorded: 'absent', live: typeOf(live[key]) });
  return drifts;
}

function compareBlocks(recorded: unknown, live: unknown, path: string, volatile: (path: string) => boolean): ShapeDrift[] {
  const [before, after] = [recorded as Record<string, unknown>, live as Record<string, unknown>];
  if (before?.type !== after?.type)
    return [{ path: `${path}/type`, change: 'type', recorded: String(before?.type), live: String(after?.type) }];
  if (before.type !== 'text' || typeof before.text !== 'string' || typeof after.text !== 'string') return [];
  const [jsonBefore, jsonAfter] = [parseStructured(before.text), parseStructured(after.text)];
  if (jsonBefore === undefined) return [];
  if (jsonAfter === undefined)
    return [{ path: `${path}/text`, change: 'type', recorded: `JSON ${typeOf(jsonBefore)}`, live: 'plain text' }];
  return compareShapes(jsonBefore, jsonAfter, `${path}/text`, '', volatile);
}

/** The format of an id, without its value: `uuid`, `hex24`, `prefixed cus_`, `numeric`, `slug`, `text`. */
export function toIdFormat(value: string): string {
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)) return 'uuid';
  if (/^[0-9a-f]{24}$/i.test(value)) return 'hex24';
  if (/^\d+$/.test(value)) return 'numeric';
  const prefixed = /^([a-zA-Z]+[_-])[A-Za-z0-9]+$/.exec(value);
  if (prefixed && /\d/.test(value)) return `prefixed ${prefixed[1]}`;
  if (/^[A-Z][A-Z0-9]*-\d+$/.test(value)) return 'key PROJ-1';
  if (/^[a-z0-9]+(-[a-z0-9]+)*$/.test(value)) return 'slug';
  return 'text';
}

function isKeyedByValues(keys: readonly string[]): boolean {
  return keys.length > 0 && keys.every((key) => /\d/.test(key) && !/^[a-zA-Z]+\d?$/.test(key));
}

function parseStructured(text: string): unknown {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return undefined;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return undefined;
  }
}

function toResult(value: unknown): { isError: boolean; content: unknown[]; structuredContent: unknown } {
  const result = (value ?? {}) as Record<string, unknown>;
  return {
    isError: result.isError === true,
    content: Array.isArray(result.content) ? result.content : [],
    structuredContent: result.structuredContent,
  };
}

const outcome = (isError: boolean) => (isError ? 'error' : 'success');

/** The JSON type of a value, `array` and `null` told apart from `object`. */
export function typeOf(value: unknown): JsonType {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value as JsonType;
}
