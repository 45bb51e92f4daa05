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

/**
 * The platform's clock: the system's time or a virtual clock, switchable while the server runs
 * (the dashboard's clock page and `POST /__mcpsim/clock {"mode": ...}`). Everything that holds it
 * sees a switch at once, since it is one object.
 */
export interface SwitchableClock extends Clock {
  /** The virtual clock in use, or null while on the system clock. */
  virtual(): ManualClock | null;
  /** Back to the system's time. */
  useSystem(): void;
  /** A virtual clock that starts where time is now (kept as it is when already virtual). */
  useVirtual(): ManualClock;
}

export function isSwitchableClock(clock: Clock): clock is SwitchableClock {
  return typeof (clock as Partial<SwitchableClock>).useVirtual === 'function';
}

/**
 * A clock that can change between the system's time and a virtual one at run time, starting as
 * `start` (a manual clock given by a test stays the one the test drives until a switch).
 *
 * @example
 *   const clock = createSwitchableClock();
 *   clock.useVirtual().advance(3_600_000); // an hour ahead of the system's time, frozen
 *   clock.useSystem();
 */
export function createSwitchableClock(start: Clock = systemClock): SwitchableClock {
  let current = start;
  return {
    now: () => current.now(),
    virtual: () => (isManualClock(current) ? current : null),
    useSystem: () => void (current = systemClock),
    useVirtual() {
      const manual = isManualClock(current) ? current : createManualClock(current.now());
      current = manual;
      return manual;
    },
  };
}
