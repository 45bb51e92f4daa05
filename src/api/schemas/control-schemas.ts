/** Wire shapes of mcpsim's own control API under `/__mcpsim` (never the platform's). */
import { z } from 'zod';
import { parseDuration, type DurationRule } from '../../domain/duration.js';

/** How far the virtual clock may move at once: milliseconds, or `<n>ms|s|m|h|d`. */
const advanceRule: DurationRule = { numberUnit: 'ms', units: ['ms', 's', 'm', 'h', 'd'], minMs: 0, maxMs: Number.MAX_SAFE_INTEGER };

export const clockSchema = z.strictObject({ now: z.string(), virtual: z.boolean() }).meta({ id: 'Clock' });

export const clockChangeSchema = z
  .union(
    [
      z.strictObject({
        advance: z.union([
          z.int().min(0, 'must be a non-negative number of milliseconds').max(Number.MAX_SAFE_INTEGER),
          z.string().regex(/^(\d{1,12})(ms|s|m|h|d)$/, 'must be milliseconds or a duration such as "500ms", "20s", "30m", "1h", "2d"'),
        ]),
      }),
      z.strictObject({ set: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time, e.g. 2026-01-01T00:00:00Z' }) }),
      z.strictObject({ mode: z.enum(['system', 'virtual'], 'must be "system" or "virtual"') }),
    ],
    { error: 'send exactly one of {"advance": "1h" | milliseconds}, {"set": "<ISO 8601 date-time>"} or {"mode": "system" | "virtual"}' },
  )
  .meta({ id: 'ClockChange' });

/** Milliseconds of a validated `advance` value (null when it is too far for any date). */
export function toAdvanceMs(advance: number | string): number | null {
  const parsed = parseDuration(advance, advanceRule);
  return 'ms' in parsed ? parsed.ms : null;
}
