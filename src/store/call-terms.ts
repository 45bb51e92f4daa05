/**
 * The words of logged calls on disk (migration 16), and how a memory read back from SQLite finds
 * them: `termLookupOf(history)` runs a full-text query over that memory's calls, `isTermIndexed`
 * says which of its entries have their words there (the rest are indexed in memory, see
 * sim/model/history-index.ts). The words themselves (`CallTerms`) are made by the model path.
 */
import type { CallLogEntry } from '../domain/memory-log.js';
import type { Sqlite } from './database.js';
import type { MemoryKey } from './memory-keys.js';

/** A call's words as stored: its text's tokens in order, and its argument values, each a token (encoded). */
export interface CallTerms {
  text: string;
  leaves: string;
}

/** What to store with each logged call (given when a model is configured). */
export type CallTermsOf = (entry: CallLogEntry) => CallTerms;

/** The sequences, ascending, of a memory's stored calls whose words match an FTS5 query. */
export type TermLookup = (query: string) => number[];

const rowOf = (key: MemoryKey, sequence: number) => key * 4294967296 + sequence;

const lookups = new WeakMap<readonly CallLogEntry[], TermLookup>();
const indexed = new WeakSet<CallLogEntry>();

/** The lookup of a memory's history as read from SQLite (none for a history that has no stored words). */
export function termLookupOf(history: readonly CallLogEntry[]): TermLookup | undefined {
  return lookups.get(history);
}

/** Whether the entry was read back from SQLite with its words stored (so the lookup finds it). */
export function isTermIndexed(entry: CallLogEntry): boolean {
  return indexed.has(entry);
}

/**
 * The statements of the words table.
 *
 * @example
 *   const terms = prepareCallTerms(db);
 *   terms.insert(key, 7, { text: 'get_issue id TRK', leaves: 'TRK' });
 */
export function prepareCallTerms(db: Sqlite) {
  const statements = {
    insert: db.prepare<[number, string, string]>('INSERT OR REPLACE INTO memory_call_terms (rowid, text, leaves) VALUES (?, ?, ?)'),
    match: db.prepare<[string, number, number], { rowid: number }>(
      'SELECT rowid FROM memory_call_terms WHERE memory_call_terms MATCH ? AND rowid BETWEEN ? AND ? ORDER BY rowid',
    ),
  };
  return {
    insert(key: MemoryKey, sequence: number, terms: CallTerms): void {
      statements.insert.run(rowOf(key, sequence), terms.text, terms.leaves);
    },
    /** Marks a history read from SQLite: its entries with stored words, and how to look them up. */
    register(key: MemoryKey, history: readonly CallLogEntry[], stored: readonly CallLogEntry[]): void {
      if (stored.length === 0) return;
      for (const entry of stored) indexed.add(entry);
      const [from, to] = [rowOf(key, 0), rowOf(key, 4294967295)];
      lookups.set(history, (query) => statements.match.all(query, from, to).map(({ rowid }) => rowid - from));
    },
  };
}

export type CallTermsTable = ReturnType<typeof prepareCallTerms>;
