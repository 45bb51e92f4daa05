/**
 * The remembered matches of needles of more than one word (history-index.ts): each phrase's
 * positions, checked up to position `upTo`, so a phrase met again checks only the entries logged
 * since. The 64 latest used are kept, and apart from them every phrase 32 entries or more mention
 * (finding it again would read every one of them: a sentence an agent repeats in half its calls),
 * as long as those hold a million positions in all (8 MB at most).
 */

export interface Phrase {
  upTo: number;
  positions: number[];
}

/** How many phrases of few matches are remembered (the latest used). */
const phraseCap = 64;
/** A phrase this many entries mention is heavy: kept apart, bounded by all heavy phrases' positions. */
const heavyMatches = 32;
const heavyPositionCap = 1 << 20;

export interface PhraseCache {
  /** The remembered matches of a phrase, made the latest used (a new, empty one when not remembered). */
  remembered(text: string): Phrase;
  /** After `phrase` grew from `before` positions: a phrase that became heavy moves apart, and the heavy ones stay within the cap. */
  grew(text: string, phrase: Phrase, before: number): void;
}

export function createPhraseCache(): PhraseCache {
  const light = new Map<string, Phrase>();
  const heavy = new Map<string, Phrase>();
  let heavyPositions = 0;
  return {
    remembered(text) {
      const found = heavy.get(text);
      // Maps keep insertion order: deleting and setting again makes it the latest used.
      if (found) {
        heavy.delete(text);
        heavy.set(text, found);
        return found;
      }
      const phrase = light.get(text) ?? { upTo: 0, positions: [] };
      light.delete(text);
      light.set(text, phrase);
      if (light.size > phraseCap) light.delete(light.keys().next().value!);
      return phrase;
    },
    grew(text, phrase, before) {
      if (heavy.has(text)) heavyPositions += phrase.positions.length - before;
      else if (phrase.positions.length >= heavyMatches) {
        light.delete(text);
        heavy.set(text, phrase);
        heavyPositions += phrase.positions.length;
      }
      while (heavyPositions > heavyPositionCap && heavy.size > 1) {
        const [oldest, dropped] = heavy.entries().next().value!;
        heavy.delete(oldest);
        heavyPositions -= dropped.positions.length;
      }
    },
  };
}
