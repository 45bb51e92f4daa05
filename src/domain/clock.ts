/**
 * Time as a dependency. Everything that stamps or compares time takes a `Clock`, so tests and
 * replays control it instead of sleeping.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * A clock that only moves when told to.
 *
 * @example
 *   const clock = createManualClock('2026-01-01T00:00:00.000Z');
 *   clock.advance(60_000); // one minute later
 */
export function createManualClock(start: string | Date): Clock & { advance(ms: number): void; set(at: string | Date): void } {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (at) => {
      current = new Date(at).getTime();
    },
  };
}
