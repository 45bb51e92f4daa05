/**
 * The calls of a memory as a read back from SQLite takes them (memory-cache.ts): every call's small
 * columns at once, as raw rows, and each call's text (arguments, result, changes) from its row when
 * one of its fields is first read (docs/decisions.md, "Call log read lazily").
 */
import type { CallLogEntry, ResultOrigin } from '../domain/memory-log.js';
import type { Sqlite } from './database.js';
import type { MemoryKey } from './memory-keys.js';

/**
 * A stored call without its text: what a memory read needs of every call, as a row of columns
 * (better-sqlite3's raw rows: 10,000 of them read a third faster than as objects). `changes` is the
 * JSON text of a call after the checkpoint (the world is rebuilt with them), else null; `chars` the
 * length of its JSON text as `entryBytes` counts it; `termsIndexed` whether its words are stored.
 */
export type CallRow = [
  sequence: number,
  tool: string,
  argumentsKey: string,
  occurrence: number,
  source: string,
  model: string | null,
  inputTokens: number | null,
  outputTokens: number | null,
  cachedInputTokens: number | null,
  latencyMs: number,
  at: string,
  connectionId: string | null,
  termsIndexed: 0 | 1,
  changes: string | null,
  hasChanges: 0 | 1,
  chars: number,
];

/** A stored call's text, read when one of its fields is first read. */
interface CallText {
  arguments: string;
  result: string;
  changes: string | null;
}

/**
 * The statements that read a memory's calls.
 *
 * @example
 *   const calls = prepareStoredCalls(db);
 *   const entries = calls.rows(key, checkpoint).map((row) => toEntry(row, calls.textOf(key)));
 */
export function prepareStoredCalls(db: Sqlite) {
  const statements = {
    // The text of the calls stays on disk (the changes after the checkpoint aside): see `toEntry`.
    rows: db
      .prepare<[number, number], CallRow>(
        `SELECT sequence, tool, arguments_key, occurrence, source, model, input_tokens, output_tokens, cached_input_tokens,
        latency_ms, at, connection_id, terms_indexed, CASE WHEN sequence > ? THEN changes END AS changes, changes IS NOT NULL AS has_changes,
        coalesce(logged_chars, length(arguments_key) + length(arguments) + length(result) + coalesce(length(changes), 0)) AS chars
      FROM memory_calls WHERE connection_seq = ? ORDER BY sequence`,
      )
      .raw(true),
    text: db.prepare<[number, number], CallText>(
      'SELECT arguments, result, changes FROM memory_calls WHERE connection_seq = ? AND sequence = ?',
    ),
  };
  return {
    /** Every call of the memory in sequence order, with the changes' text of those after `checkpointSequence`. */
    rows: (key: MemoryKey, checkpointSequence: number): CallRow[] => statements.rows.all(checkpointSequence, key),
    /** The reader of one call's text, by its sequence. */
    textOf: (key: MemoryKey) => (sequence: number) => statements.text.get(key, sequence),
  };
}

/**
 * A stored call as a log entry whose arguments, result and changes stay on disk until first read
 * (then read and parsed once): a memory read back after a restart reads the text only of the calls
 * it uses, not of the whole log (docs/decisions.md, "Call log read lazily"). A call whose row is
 * gone by then (retention, a reset) reads as empty: no memory holds it any more.
 */
export function toEntry(row: CallRow, textOf: (sequence: number) => CallText | undefined): CallLogEntry {
  const [
    sequence,
    tool,
    argumentsKey,
    occurrence,
    source,
    model,
    inputTokens,
    outputTokens,
    cachedInputTokens,
    latencyMs,
    at,
    connectionId,
    ,
    changes,
    hasChanges,
  ] = row;
  // Fields in the order the eager entry had them: JSON text written from an entry stays the same.
  const entry = { sequence, tool } as CallLogEntry;
  storedTexts.set(entry, { textOf, text: null, changes });
  Object.defineProperty(entry, 'arguments', lazyFields.arguments);
  entry.argumentsKey = argumentsKey;
  entry.occurrence = occurrence;
  Object.defineProperty(entry, 'result', lazyFields.result);
  entry.source = source as ResultOrigin;
  entry.model = model;
  entry.usage =
    inputTokens === null || outputTokens === null
      ? null
      : { inputTokens, outputTokens, ...(cachedInputTokens === null ? {} : { cachedInputTokens }) };
  entry.latencyMs = latencyMs;
  entry.at = at;
  if (connectionId !== null) entry.connectionId = connectionId;
  if (hasChanges) Object.defineProperty(entry, 'changes', lazyFields.changes);
  return entry;
}

/** Where a loaded entry's text is: its memory's row reader, what of its row was read, the changes the load read. */
interface StoredText {
  textOf: (sequence: number) => CallText | undefined;
  text: Partial<CallText> | null | undefined;
  changes: string | null;
}

const storedTexts = new WeakMap<CallLogEntry, StoredText>();
const missingText: CallText = { arguments: '{}', result: '{"content":[]}', changes: 'null' };

/** A field's JSON text, read from the row once (each text is handed over once, so the entry does not hold both). */
function readStored(entry: CallLogEntry, name: keyof CallText): string {
  const stored = storedTexts.get(entry);
  if (!stored) return missingText[name]!;
  if (name === 'changes' && stored.changes !== null) {
    const changes = stored.changes;
    stored.changes = null;
    return changes;
  }
  if (stored.text === null) stored.text = stored.textOf(entry.sequence);
  const value = stored.text?.[name];
  if (stored.text) delete stored.text[name];
  return value ?? missingText[name]!;
}

/**
 * The lazy fields, one descriptor each for every entry: enumerable, so spreads, `JSON.stringify`
 * and deep equality see a plain field; the first read parses the text and makes it one.
 */
const lazyFields = Object.fromEntries(
  (['arguments', 'result', 'changes'] as const).map((name) => {
    const settle = (entry: CallLogEntry, value: unknown) =>
      Object.defineProperty(entry, name, { value, enumerable: true, configurable: true, writable: true });
    const descriptor: PropertyDescriptor = {
      enumerable: true,
      configurable: true,
      get(this: CallLogEntry) {
        const value: unknown = JSON.parse(readStored(this, name));
        settle(this, value);
        return value;
      },
      set(this: CallLogEntry, value: unknown) {
        settle(this, value);
      },
    };
    return [name, descriptor];
  }),
) as Record<keyof CallText, PropertyDescriptor>;
