/** Whether a world fact denies an entity the world holds (prompt-world.ts leaves such facts out). */
import type { WorldIndex } from '../source/shown-entities.js';

const denial = /\b(no|not|never|none|missing|unknown|nonexistent|deleted|removed|doesn't|isn't)\b/i;

/**
 * Whether a fact says that something the world holds does not exist: a negation and an id among
 * the world. A bare number counts only after its type's name or `#` ("no issue 42", "#42"), so "no CI
 * on 3 branches" is not about issue 3.
 */
export function deniesAnyOf(fact: string, holds: WorldIndex, types: ReadonlySet<string>): boolean {
  const candidates = deniedCandidates(fact);
  return (
    candidates !== null &&
    candidates.some(
      ({ id, after, hash }) =>
        holds.get(id) !== undefined &&
        (hash || after === null || types.has(after) || types.has(`${after}s`) || types.has(after.replace(/s$/, ''))),
    )
  );
}

interface DeniedCandidate {
  id: string;
  /** For a bare number: the word before it, lowercased (null: the candidate is not a bare number). */
  after: string | null;
  hash: boolean;
}

/** Facts repeat on every call: what each one could deny is worked out once (a bounded cache). */
const deniedByFact = new Map<string, DeniedCandidate[] | null>();

function deniedCandidates(fact: string): DeniedCandidate[] | null {
  let candidates = deniedByFact.get(fact);
  if (candidates === undefined) {
    if (deniedByFact.size >= 10_000) deniedByFact.clear();
    candidates = null;
    if (denial.test(fact)) {
      const words = fact.split(/[\s,;:()"'`]+/).map((word) => word.replace(/[.!?]+$/, ''));
      candidates = words
        .map((word, index) => {
          const id = word.replace(/^#/, '');
          const bare = /^\d+$/.test(id);
          return { id, hash: word.startsWith('#'), after: bare ? (words[index - 1] ?? '').toLowerCase() : null };
        })
        .filter((candidate) => candidate.id !== '');
    }
    deniedByFact.set(fact, candidates);
  }
  return candidates;
}
