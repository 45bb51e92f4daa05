/**
 * Real-looking values from `@faker-js/faker`, seeded per value so that the same seed always gives
 * the same bytes, whatever was drawn before. Pure: no I/O, no clock, no global randomness.
 *
 * One English faker is shared. It runs on a small counter-free generator (sfc32) seeded from a
 * hash of the text seed, because faker's own Mersenne twister costs about 25 µs to reseed and
 * every made-up value reseeds. Only the English locale is loaded (`@faker-js/faker/locale/en`,
 * about 20 ms), not the package root, which loads every locale (about 140 ms at start), and only
 * at the first made-up value (domain/lazy-packages.ts): a start makes none.
 */
import type { Faker, Randomizer } from '@faker-js/faker';
import { fakerPackage } from './lazy-packages.js';

/** sfc32 state; `next` returns a float in [0, 1). */
function createRandomizer(): Randomizer & { seedText(seed: string): void } {
  let a = 0;
  let b = 0;
  let c = 0;
  let d = 1;
  const next = () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  const setState = (words: readonly number[]) => {
    [a, b, c, d] = [words[0] ?? 0, words[1] ?? 0, words[2] ?? 0, words[3] ?? 1];
    // Mix the state so that close seeds part ways at once.
    for (let round = 0; round < 12; round++) next();
  };
  return {
    next,
    seed: (seed: number | number[]) =>
      setState(Array.isArray(seed) ? seed : [seed, seed ^ 0x9e3779b9, seed ^ 0x85ebca6b, seed ^ 0xc2b2ae35]),
    seedText: (seed: string) => setState(hashText(seed)),
  };
}

/** cyrb128: four 32-bit words from a text, well spread. */
function hashText(text: string): number[] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    h1 = h2 ^ Math.imul(h1 ^ code, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ code, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ code, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ code, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

const randomizer = createRandomizer();
let fake: Faker | undefined;

/** The shared faker, made at the first use. */
function sharedFaker(): Faker {
  if (fake) return fake;
  const english = fakerPackage().faker;
  // The locale build exports an instance only; its class makes a second one on our generator.
  const FakerClass = english.constructor as new (options: { locale: Faker['rawDefinitions']; randomizer: Randomizer }) => Faker;
  return (fake = new FakerClass({ locale: english.rawDefinitions, randomizer }));
}

/**
 * Runs `make` with the shared faker seeded from `seed`: the same seed gives the same value.
 *
 * @example
 *   withFake('contact|c_1|email', (faker) => faker.internet.email()); // the same address on every run
 */
export function withFake<T>(seed: string, make: (faker: Faker) => T): T {
  const faker = sharedFaker();
  randomizer.seedText(seed);
  return make(faker);
}

/**
 * A float in [0, 1) for a seed, from the same generator (for choices faker does not make).
 *
 * @example
 *   seededFraction('issue|3'); // always the same number
 */
export function seededFraction(seed: string): number {
  randomizer.seedText(seed);
  return randomizer.next();
}
