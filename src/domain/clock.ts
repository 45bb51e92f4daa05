/**
 * Time as a dependency. Everything that stamps or compares time takes a `Clock`, so tests and
 * replays control it instead of sleeping.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that only moves when told to: a virtual clock that tests and the control API drive. */
export interface ManualClock extends Clock {
  advance(ms: number): void;
  set(at: string | Date): void;
}

export function isManualClock(clock: Clock): clock is ManualClock {
  return typeof (clock as Partial<ManualClock>).advance === 'function' && typeof (clock as Partial<ManualClock>).set === 'function';
}

/**
 * A clock that only moves when told to.
 *
 * @example
 *   const clock = createManualClock('2026-01-01T00:00:00.000Z');
 *   clock.advance(60_000); // one minute later
 */
export function createManualClock(start: string | Date): ManualClock {
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
