/**
 * A small deterministic generator (mulberry32): the same seed gives the same numbers on every run,
 * so a bench's session, plan or training order is reproducible.
 */

/**
 * Numbers in [0, 1) from `seed`, the same sequence for the same seed.
 *
 * @example
 *   const next = seededRandom(7); next(); // the same first number on every run
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}
