import { createHash, randomBytes } from 'node:crypto';

/**
 * Randomness as a dependency: returns `size` random bytes. Ids and generated names draw from it,
 * so a seeded source makes them repeatable. Secrets (API keys, encryption keys) always use the
 * system's cryptographic source, never this one.
 */
export type RandomSource = (size: number) => Uint8Array;

export const systemRandom: RandomSource = (size) => randomBytes(size);

/**
 * A deterministic source for tests and replays: SHA-256 in counter mode over the seed.
 *
 * @example
 *   const random = createSeededRandom('test-1');
 *   random(4); // the same 4 bytes on every run
 */
export function createSeededRandom(seed: string): RandomSource {
  let counter = 0;
  let pool = Buffer.alloc(0);
  return (size) => {
    while (pool.length < size) {
      const block = createHash('sha256').update(`${seed}:${counter++}`).digest();
      pool = Buffer.concat([pool, block]);
    }
    const out = pool.subarray(0, size);
    pool = pool.subarray(size);
    return new Uint8Array(out);
  };
}
