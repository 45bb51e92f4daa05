/**
 * How the prompt finds what a call is about: the string and number values of its arguments
 * ("needles"), matched as whole tokens against log entries and world entities, and weighted by
 * rarity. Shared by prompt-world.ts and prompt-history.ts.
 */

/** A value of the arguments that may identify something: string and number leaves, as text. */
export interface Needle {
  text: string;
  pattern: RegExp;
  /** The needle's word tokens: a text can only mention it when it has all of them. */
  tokens: string[];
  /** A single word token: then having the token is the whole match (no regex needed). */
  isWord: boolean;
}

// The runs of word characters: matched, not split, which is twice as fast over a whole log after a restart.
export const toTokens = (text: string): string[] => text.match(/[A-Za-z0-9_]+/g) ?? [];

/** Whether a text is one token, as `toTokens` reads them. */
export const isWordText = (text: string): boolean => /^[A-Za-z0-9_]+$/.test(text);

export function toNeedles(args: Record<string, unknown>): Needle[] {
  const texts = new Set<string>();
  const visit = (value: unknown): void => {
    if (typeof value === 'string' && value.trim() !== '' && value.length <= 200) texts.add(value.trim());
    else if (typeof value === 'number' && Number.isFinite(value)) texts.add(String(value));
    else if (Array.isArray(value)) value.forEach(visit);
    else if (value !== null && typeof value === 'object') Object.values(value).forEach(visit);
  };
  visit(args);
  // A needle matches a whole token: "4" is in "issue 4 closed" but not in "42".
  return [...texts].sort().map((text) => {
    const tokens = toTokens(text);
    return {
      text,
      pattern: new RegExp(`(^|[^A-Za-z0-9_])${escapeRegExp(text)}($|[^A-Za-z0-9_])`),
      tokens,
      isWord: tokens.length === 1 && tokens[0] === text,
    };
  });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Which needles a text or a set of leaf values mentions. A cheap test first (the text's word
 * tokens when known, else `includes`), the boundary pattern only when it passes: most texts
 * mention no needle. The shared empty list saves an allocation per candidate.
 */
export function matches(needles: readonly Needle[], leaves: ReadonlySet<string>, text: string, tokens?: ReadonlySet<string>): Needle[] {
  let found: Needle[] | null = null;
  for (const needle of needles) if (mentions(needle, leaves, text, tokens)) (found ??= []).push(needle);
  return found ?? noMatches;
}

/** Whether a text or a set of leaf values mentions one needle (see `matches`). */
export function mentions(needle: Needle, leaves: ReadonlySet<string>, text: string, tokens?: ReadonlySet<string>): boolean {
  return (
    leaves.has(needle.text) ||
    (tokens ? hasEveryToken(needle, tokens) && (needle.isWord || boundedIn(needle, text)) : boundedIn(needle, text))
  );
}

function hasEveryToken(needle: Needle, tokens: ReadonlySet<string>): boolean {
  if (needle.tokens.length === 0) return false;
  for (const token of needle.tokens) if (!tokens.has(token)) return false;
  return true;
}

/** The needle as a whole token in `text`; `includes` first: the pattern runs only where the text holds the needle. */
function boundedIn(needle: Needle, text: string): boolean {
  return text.includes(needle.text) && needle.pattern.test(text);
}

const noMatches: Needle[] = [];

export function leavesOf(value: unknown, into = new Set<string>()): Set<string> {
  if (typeof value === 'string') into.add(value.trim());
  else if (typeof value === 'number') into.add(String(value));
  else if (Array.isArray(value)) value.forEach((item) => leavesOf(item, into));
  else if (value !== null && typeof value === 'object') Object.values(value).forEach((item) => leavesOf(item, into));
  return into;
}

export function truncate(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const marker = '…[truncated]';
  return text.slice(0, Math.max(0, maxChars - marker.length)) + marker;
}
