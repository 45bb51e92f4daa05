/**
 * What the prompt's history needs of a log entry (its argument values, its text and that text's
 * tokens), worked out once per entry: entries are immutable once logged. Pure apart from its cache.
 */
import type { CallLogEntry } from '../../domain/memory-log.js';
import type { ShownEntity } from '../source/shown-entities.js';
import { leavesOf, toTokens } from './prompt-needles.js';

/** Entries that say nothing about the real server's behaviour: mcpsim's own failures. */
const ignoredSources = new Set(['simulator-error', 'fixture-miss', 'cancelled', 'none']);

/** Whether the prompt may show an entry (mcpsim's own failures are never shown). */
export const isUsable = (entry: CallLogEntry): boolean => !ignoredSources.has(entry.source);

export interface EntryFacts {
  /** The argument values, as `matches` compares them. */
  leaves: Set<string>;
  /** Arguments and result: "#3" and the time of a call are no mention of 3. */
  text: string;
  tokens: Set<string>;
  rendered?: string;
  shown?: ShownEntity[];
}

/** What the prompt needs of a log entry, worked out once: entries are immutable once logged. */
const entryFacts = new WeakMap<CallLogEntry, EntryFacts>();

export function factsOfEntry(entry: CallLogEntry, resultText: (entry: CallLogEntry) => string): EntryFacts {
  return entryFacts.get(entry) ?? factsWithTokens(entry, resultText).facts;
}

/** The facts of `entry` and its text's tokens in order, tokenized once when the facts are new (the index posts both). */
export function factsWithTokens(
  entry: CallLogEntry,
  resultText: (entry: CallLogEntry) => string,
): { facts: EntryFacts; sequence: string[] } {
  const known = entryFacts.get(entry);
  if (known) return { facts: known, sequence: toTokens(known.text) };
  const text = `${entry.argumentsKey} ${resultText(entry)}`;
  const sequence = toTokens(text);
  // The set is made when a needle is first checked against this entry: indexing a whole log needs only the sequence.
  let tokens: Set<string> | undefined;
  const facts = {
    leaves: leavesOf(entry.arguments),
    text,
    get tokens() {
      return (tokens ??= new Set(toTokens(text)));
    },
  };
  entryFacts.set(entry, facts);
  return { facts, sequence };
}
