/**
 * Strings that satisfy a JSON Schema `pattern`, made with `randexp` and seeded (domain/fake-data.ts),
 * so the same pattern and seed give the same string. Characters a pattern leaves open (`.`,
 * `[^/]`) are letters and digits: a value a person could read and type.
 */
import type RandExpModule from 'randexp';
import { withFake } from './fake-data.js';
import { randExpPackage } from './lazy-packages.js';

type Generator = InstanceType<typeof RandExpModule.default>;

/** Parsed patterns, by pattern text (tool schemas repeat a few patterns many times). */
const generators = new Map<string, Generator | null>();
const checkers = new Map<string, RegExp | null>();
const maxCached = 2000;
/** How often a pattern is tried with another seed before giving up (a length bound it cannot meet). */
const attempts = 6;

function generatorOf(pattern: string): Generator | null {
  let generator = generators.get(pattern);
  if (generator !== undefined) return generator;
  try {
    generator = new (randExpPackage().RandExp)(pattern);
    // Letters and digits only where the pattern leaves the character open.
    generator.defaultRange.subtract(0, 47).subtract(58, 64).subtract(91, 96).subtract(123, 0x10ffff);
  } catch {
    generator = null;
  }
  if (generators.size >= maxCached) generators.clear();
  generators.set(pattern, generator);
  return generator;
}

/**
 * The pattern as JavaScript runs it for JSON Schema (`u` flag, unanchored search), or null when it
 * does not compile.
 *
 * @example
 *   toPatternChecker('^[A-Z]+-\\d+$')?.test('OPS-12'); // true
 */
export function toPatternChecker(pattern: string): RegExp | null {
  let checker = checkers.get(pattern);
  if (checker !== undefined) return checker;
  try {
    checker = new RegExp(pattern, 'u');
  } catch {
    checker = null;
  }
  if (checkers.size >= maxCached) checkers.clear();
  checkers.set(pattern, checker);
  return checker;
}

/**
 * A string matching `pattern` (and the length bounds), or null when the pattern cannot be
 * generated from (lookarounds, back references randexp cannot honour) or the bounds not met.
 *
 * @example
 *   toPatternValue('^[A-Z][A-Z0-9_]+-\\d+$', 'issue|1'); // e.g. 'QX-482'
 */
export function toPatternValue(pattern: string, seed: string, bounds: { minLength?: number; maxLength?: number } = {}): string | null {
  const generator = generatorOf(pattern);
  const checker = toPatternChecker(pattern);
  if (!generator || !checker) return null;
  const minLength = bounds.minLength ?? 0;
  const maxLength = bounds.maxLength ?? Number.POSITIVE_INFINITY;
  for (let attempt = 0; attempt < attempts; attempt++) {
    const value = withFake(`${seed}|pattern|${attempt}`, (faker) => {
      generator.randInt = (low: number, high: number) => faker.number.int({ min: low, max: high });
      // Repetitions (`+`, `*`, `{2,}`) stay short, longer on later attempts when a minLength asks.
      generator.max = Math.min(64, 4 + attempt * 4 + (minLength > 8 ? minLength : 0));
      return generator.gen();
    });
    const length = [...value].length;
    if (checker.test(value) && length >= minLength && length <= maxLength) return value;
  }
  return null;
}
