import type { LoggedTexts } from '../domain/call-log-bounds.js';
import type { CallLogEntry, WorldChanges } from '../domain/memory-log.js';
import { prepareCallTerms, type CallTermsOf } from './call-terms.js';
import type { Sqlite } from './database.js';
import type { MemoryKey } from './memory-keys.js';

/**
 * The writes of a memory's call log and world that group commit, restore and reset share, and the
 * one transaction wrapper they run in. Prepared once per store: better-sqlite3's `prepare` and
 * `transaction` are costly to repeat.
 *
 * @example
 *   const writes = prepareMemoryWrites(db);
 *   writes.transaction(() => writes.insertCall(key, entry, changes));
 */
export function prepareMemoryWrites(db: Sqlite, { termsOf }: { termsOf?: CallTermsOf | undefined } = {}) {
  const terms = termsOf ? prepareCallTerms(db) : null;
  const statements = {
    // Positional: better-sqlite3 binds 18 named parameters by looking each up in an object, about 1-2 µs a row more.
    insertCall:
      db.prepare<CallParameters>(`INSERT INTO memory_calls (connection_seq, sequence, tool, arguments_key, arguments, occurrence, result,
        source, model, input_tokens, output_tokens, cached_input_tokens, latency_ms, at, changes, connection_id, logged_chars, terms_indexed)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
    saveWorld: db.prepare<
      [number, string, number, number, string | null]
    >(`INSERT INTO memory_worlds (connection_seq, world, world_sequence, next_sequence, occurrences)
      VALUES (?, ?, ?, ?, ?)
      ON CONFLICT (connection_seq) DO UPDATE SET world = excluded.world, world_sequence = excluded.world_sequence, next_sequence = excluded.next_sequence,
        occurrences = excluded.occurrences`),
    deleteCalls: db.prepare<[number]>('DELETE FROM memory_calls WHERE connection_seq = ?'),
    deleteConnectionCalls: db.prepare<[number, string]>('DELETE FROM memory_calls WHERE connection_seq = ? AND connection_id = ?'),
    deleteCallsThrough: db.prepare<[number, number]>('DELETE FROM memory_calls WHERE connection_seq = ? AND sequence <= ?'),
    deleteWorld: db.prepare<[number]>('DELETE FROM memory_worlds WHERE connection_seq = ?'),
  };
  const inTransaction = db.transaction((work: () => unknown) => work());
  return {
    /** Runs `work` in one immediate (write-locking) transaction. */
    transaction: <T>(work: () => T): T => inTransaction.immediate(work) as T,
    /**
     * Stores one call; `changes` (what it did to the world) is kept so the world can be rebuilt from
     * a checkpoint. Returns the length of the changes as stored (JSON text; 0 for none).
     */
    insertCall(key: MemoryKey, entry: CallLogEntry, changes: WorldChanges | undefined = entry.changes, texts?: LoggedTexts): number {
      const logged = texts ?? toLoggedTexts(entry, changes);
      statements.insertCall.run(...toCallParameters(key, entry, logged, terms ? 1 : 0));
      // With a model, the call's words go with it: a restart finds the calls that mention a value without reading them.
      if (terms) terms.insert(key, entry.sequence, termsOf!(entry));
      return logged.changes?.length ?? 0;
    },
    /**
     * Stores the world as it is after call `worldSequence` (a checkpoint), with the next sequence,
     * and the occurrence counts up to it when retention dropped calls (null: count the rows).
     */
    saveWorld(key: MemoryKey, world: string, worldSequence: number, nextSequence: number, occurrences: string | null = null): void {
      statements.saveWorld.run(key, world, worldSequence, nextSequence, occurrences);
    },
    /** Retention: deletes the calls up to `sequence`. */
    deleteCallsThrough(key: MemoryKey, sequence: number): void {
      statements.deleteCallsThrough.run(key, sequence);
    },
    /** Deletes the calls one connection made in a (shared) memory. */
    deleteConnectionCalls(key: MemoryKey, connectionId: string): void {
      statements.deleteConnectionCalls.run(key, connectionId);
    },
    deleteCalls(key: MemoryKey): void {
      statements.deleteCalls.run(key);
    },
    deleteWorld(key: MemoryKey): void {
      statements.deleteWorld.run(key);
    },
  };
}

export type MemoryWrites = ReturnType<typeof prepareMemoryWrites>;

/** The texts of an entry that did not come through `boundCallEntry` (a restore, a copy): made here. */
function toLoggedTexts(entry: CallLogEntry, changes: WorldChanges | undefined): LoggedTexts {
  return {
    arguments: JSON.stringify(entry.arguments),
    result: JSON.stringify(entry.result),
    changes: changes ? JSON.stringify(changes) : null,
  };
}

/** An insert's values, in the order of its columns. */
type CallParameters = [
  key: MemoryKey,
  sequence: number,
  tool: string,
  argumentsKey: string,
  argumentsText: string,
  occurrence: number,
  resultText: string,
  source: string,
  model: string | null,
  inputTokens: number | null,
  outputTokens: number | null,
  cachedInputTokens: number | null,
  latencyMs: number,
  at: string,
  changesText: string | null,
  connectionId: string | null,
  loggedChars: number,
  termsIndexed: 0 | 1,
];

function toCallParameters(
  key: MemoryKey,
  entry: CallLogEntry,
  { arguments: argumentsText, result: resultText, changes: changesText }: LoggedTexts,
  termsIndexed: 0 | 1,
): CallParameters {
  return [
    key,
    entry.sequence,
    entry.tool,
    entry.argumentsKey,
    argumentsText,
    entry.occurrence,
    resultText,
    entry.source,
    entry.model,
    entry.usage?.inputTokens ?? null,
    entry.usage?.outputTokens ?? null,
    entry.usage?.cachedInputTokens ?? null,
    entry.latencyMs,
    entry.at,
    changesText,
    entry.connectionId ?? null,
    // What a restart counts for the retention bytes without reading the text (memory-cache.ts).
    entry.argumentsKey.length + argumentsText.length + resultText.length + (changesText?.length ?? 0),
    termsIndexed,
  ];
}
