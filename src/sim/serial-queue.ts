/**
 * Runs work one at a time per key, in arrival order; different keys run in parallel. A mock
 * connection's calls go through it, because its memory is a sequence: call 2 must see what
 * call 1 changed.
 *
 * @example
 *   const queue = createSerialQueue();
 *   await Promise.all([queue.run(7, first), queue.run(7, second), queue.run(8, other)]); // first, then second; other alongside
 */
export interface SerialQueue {
  run<T>(key: number | string, work: () => Promise<T>): Promise<T>;
}

export function createSerialQueue(): SerialQueue {
  const tails = new Map<number | string, Promise<unknown>>();
  return {
    run(key, work) {
      const previous = tails.get(key);
      const next = previous ? previous.then(work, work) : work();
      // One promise per call besides the work's: the tail settles (never rejects) and forgets itself.
      const forget = () => {
        if (tails.get(key) === tail) tails.delete(key);
      };
      const tail: Promise<void> = next.then(forget, forget);
      tails.set(key, tail);
      return next;
    },
  };
}
