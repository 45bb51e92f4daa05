import { describe, expect, it } from 'vitest';
import type { CallLogEntry } from '../../domain/memory-log.js';
import { createSeededRandom } from '../../domain/random.js';
import { toCanonicalJson } from '../source/canonical-json.js';
import { factsOfEntry, isUsable } from './entry-facts.js';
import { failedCallsOf, relatedBefore } from './history-index.js';
import { matches, toNeedles, type Needle } from './prompt-needles.js';

const resultText = (entry: CallLogEntry) => (entry.result.content[0] as { text: string }).text;

function entry(sequence: number, args: Record<string, unknown>, text: string, source: CallLogEntry['source'] = 'model'): CallLogEntry {
  return {
    sequence,
    tool: 'list_issues',
    arguments: args,
    argumentsKey: toCanonicalJson(args),
    occurrence: 1,
    result: { content: [{ type: 'text', text }] },
    source,
    model: null,
    usage: null,
    latencyMs: 1,
    at: '2026-03-01T10:00:00Z',
  };
}

/** What the prompt did before the index: score every older usable entry that mentions a needle, keep the best `cap`. */
function relatedByScan(history: readonly CallLogEntry[], needles: readonly Needle[], before: CallLogEntry, cap: number): CallLogEntry[] {
  const older = history.slice(0, history.indexOf(before)).filter(isUsable);
  const found = older.map((item) => {
    const { leaves, text, tokens } = factsOfEntry(item, resultText);
    return matches(needles, leaves, text, tokens);
  });
  const frequency = new Map<string, number>();
  for (const list of found) for (const needle of list) frequency.set(needle.text, (frequency.get(needle.text) ?? 0) + 1);
  const scored = older.map((item, at) => ({
    entry: item,
    score: found[at]!.reduce((sum, needle) => sum + 1 / frequency.get(needle.text)!, 0),
  }));
  return scored
    .filter(({ score }) => score > 0)
    .sort((a, b) => b.score - a.score || b.entry.sequence - a.entry.sequence)
    .slice(0, cap)
    .map(({ entry: item }) => item);
}

/** Numbers in [0, 1) from the project's seeded source (domain/random.ts): the same logs on every run. */
function createRandom(seed: number): () => number {
  const bytes = createSeededRandom(`history-index-${seed}`);
  return () => Buffer.from(bytes(4)).readUInt32BE(0) / 4294967296;
}

const words = ['open', 'closed', 'bug', 'ux', 'TRK-3', 'TRK-30', 'Design review', 'design', 'review', 'evt_7', '42', 'a\nb', '--'];

describe('the history index', () => {
  it('finds the same related entries, in the same order, as scoring every older entry', () => {
    const random = createRandom(5);
    const pick = () => words[Math.floor(random() * words.length)]!;
    for (let round = 0; round < 40; round++) {
      const history: CallLogEntry[] = [];
      const length = 20 + Math.floor(random() * 300);
      for (let sequence = 1; sequence <= length; sequence++) {
        const args = random() < 0.7 ? { state: pick(), label: pick() } : { id: pick() };
        const source = random() < 0.05 ? 'simulator-error' : 'model';
        history.push(entry(sequence, args, `{"items":["${pick()}","${pick()} ${pick()}"]}`, source));
      }
      for (const args of [
        { state: 'open' },
        { state: 'open', label: 'bug' },
        { id: 'TRK-3' },
        { title: 'Design review' },
        { id: 'a\nb' },
      ]) {
        const needles = toNeedles(args);
        const before = history[history.length - 1 - Math.floor(random() * 10)]!;
        for (const cap of [1, 6])
          expect(relatedBefore(history, needles, before, resultText, cap).entries.map((item) => item.sequence)).toEqual(
            relatedByScan(history, needles, before, cap).map((item) => item.sequence),
          );
      }
    }
  });

  it('scores a handful of entries, not every one, when every entry mentions the call’s values', () => {
    const history = Array.from({ length: 5000 }, (_, at) =>
      entry(at + 1, { label: at % 2 ? 'bug' : 'ux', state: 'open' }, `[{"id":"TRK-${at}","state":"open"}]`),
    );
    const needles = toNeedles({ label: 'bug', state: 'open' });
    const { entries, visited } = relatedBefore(history, needles, history.at(-4)!, resultText, 6);
    expect(entries.map((item) => item.sequence)).toEqual(relatedByScan(history, needles, history.at(-4)!, 6).map((item) => item.sequence));
    expect(visited).toBeLessThanOrEqual(12);
    // Appending calls indexes only them, and the next lookup still visits a handful.
    history.push(entry(5001, { label: 'bug', state: 'open' }, '[]'));
    expect(relatedBefore(history, needles, history.at(-4)!, resultText, 6).visited).toBeLessThanOrEqual(12);
  });

  it('counts mcpsim’s own failures of a call from the index, and forgets those retention dropped', () => {
    const history = [
      entry(1, { id: 'x' }, 'no model', 'simulator-error'),
      entry(2, { id: 'x' }, '{}'),
      entry(3, { id: 'x' }, 'cancelled', 'cancelled'),
      entry(4, { id: 'y' }, 'cancelled', 'cancelled'),
    ];
    expect(failedCallsOf(history, 'list_issues', '{"id":"x"}', resultText)).toBe(2);
    history.shift();
    expect(failedCallsOf(history, 'list_issues', '{"id":"x"}', resultText)).toBe(1);
  });
});
