/** Wire shapes of the simulator's own control API under `/__mcpsim` (never the platform's). */
import { z } from 'zod';

const durationPattern = /^(\d{1,12})(ms|s|m|h|d)$/;
const durationMs = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

export const clockSchema = z.strictObject({ now: z.string(), virtual: z.boolean() }).meta({ id: 'Clock' });

export const clockChangeSchema = z
  .union(
    [
      z.strictObject({
        advance: z.union([
          z.int().min(0, 'must be a non-negative number of milliseconds').max(Number.MAX_SAFE_INTEGER),
          z.string().regex(durationPattern, 'must be milliseconds or a duration such as "500ms", "20s", "30m", "1h", "2d"'),
        ]),
      }),
      z.strictObject({ set: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time, e.g. 2026-01-01T00:00:00Z' }) }),
    ],
    { error: 'send exactly one of {"advance": "1h" | milliseconds} or {"set": "<ISO 8601 date-time>"}' },
  )
  .meta({ id: 'ClockChange' });

/** Milliseconds of a validated `advance` value. */
export function toAdvanceMs(advance: number | string): number {
  if (typeof advance === 'number') return advance;
  const [, amount, unit] = durationPattern.exec(advance)!;
  return Number(amount) * durationMs[unit as keyof typeof durationMs];
}
