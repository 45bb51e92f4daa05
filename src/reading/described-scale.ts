/**
 * A level word on a number scale its schema's description gives: `priority (1-4), where 1 is
 * urgent/highest priority and 4 is lowest` takes "high" as 2, and `1 (urgent) to 4 (low)` takes
 * "normal" as 3. The description's own pairs of number and word come first; other words fall on
 * the ladder urgent > high > normal > low, spread over the range, in the direction the pairs show.
 * A description with no pair gives no direction, and no number. Pure.
 */

/** The levels from most to least pressing, each with the words that name it. */
const ladder: readonly (readonly string[])[] = [
  ['urgent', 'critical', 'highest', 'blocker', 'emergency', 'asap'],
  ['high', 'important', 'major'],
  ['normal', 'medium', 'moderate', 'default', 'standard'],
  ['low', 'lowest', 'minor', 'trivial'],
];

const levelOf = (word: string): number => ladder.findIndex((words) => words.includes(word.toLowerCase()));

/**
 * The number `word` stands for on the scale `description` gives, or undefined.
 *
 * @example
 *   toScaleNumber('high', 'Priority (1-4), where 1 is urgent/highest priority and 4 is lowest priority.'); // 2
 */
export function toScaleNumber(word: string, description: string): number | undefined {
  const wanted = word.trim().toLowerCase();
  if (levelOf(wanted) < 0 && !/^[a-z]+$/.test(wanted)) return undefined;
  const pairs = toPairs(description);
  const exact = pairs.find((pair) => pair.words.includes(wanted));
  if (exact) return exact.number;
  const level = levelOf(wanted);
  if (level < 0 || pairs.length === 0) return undefined;
  const range = /(-?\d+)\s*(?:-|–|to)\s*(-?\d+)/.exec(description);
  const numbers = pairs.map((pair) => pair.number);
  const low = range ? Math.min(Number(range[1]), Number(range[2])) : Math.min(...numbers);
  const high = range ? Math.max(Number(range[1]), Number(range[2])) : Math.max(...numbers);
  if (high <= low) return undefined;
  // The direction: a pressing word at the low end (`1 is urgent`) counts down, at the high end up.
  const pressing = pairs.find((pair) => pair.words.some((name) => levelOf(name) >= 0));
  if (!pressing) return undefined;
  const pressingLevel = Math.min(...pressing.words.map(levelOf).filter((found) => found >= 0));
  const downward = pressingLevel <= 1 ? pressing.number - low <= high - pressing.number : pressing.number - low > high - pressing.number;
  const step = Math.round((level * (high - low)) / (ladder.length - 1));
  return downward ? low + step : high - step;
}

/** `1 is urgent/highest`, `1 (urgent)`, `urgent = 1`, `4: low`: each number with the words the description gives it. */
function toPairs(description: string): { number: number; words: string[] }[] {
  const pairs: { number: number; words: string[] }[] = [];
  const add = (number: string, words: string) =>
    pairs.push({ number: Number(number), words: words.toLowerCase().split(/[/|]/).filter(Boolean) });
  for (const match of description.matchAll(
    /(-?\d+)\s*(?:\(\s*|=\s*|:\s*|\bis\s+|means\s+|-\s*|–\s*)(?:the\s+)?([A-Za-z]+(?:\/[A-Za-z]+)*)/g,
  ))
    if (!/^(?:to|and|or)$/i.test(match[2]!)) add(match[1]!, match[2]!);
  for (const match of description.matchAll(/\b([A-Za-z]+)\s*(?:\(\s*|=\s*|:\s*)(-?\d+)\b/g))
    if (levelOf(match[1]!) >= 0) add(match[2]!, match[1]!);
  return pairs;
}
