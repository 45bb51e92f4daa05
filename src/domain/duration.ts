/**
 * The one grammar of durations in mcpsim: a whole number in a given unit, or `<n><unit>` text
 * (`250ms`, `20s`, `30m`, `1h`, `2d`). Each place that takes a duration says which units it
 * accepts and its bounds: token ttls, fault latency, moving the virtual clock.
 */

export type DurationUnit = 'ms' | 's' | 'm' | 'h' | 'd';

const unitMs: Record<DurationUnit, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

export interface DurationRule {
  /** The unit of a bare number: seconds for a ttl, milliseconds elsewhere. */
  numberUnit: 'ms' | 's';
  /** The units text may use, e.g. ['h', 'm', 's']. */
  units: readonly DurationUnit[];
  /** Smallest and largest allowed duration, in milliseconds. */
  minMs: number;
  maxMs: number;
}

/**
 * Milliseconds of `value`, or a message that says what is wrong and shows the accepted forms.
 *
 * @example
 *   parseDuration('30m', { numberUnit: 's', units: ['h', 'm', 's'], minMs: 1000, maxMs: 86_400_000 }); // { ms: 1800000 }
 *   parseDuration('601s', { numberUnit: 'ms', units: ['ms', 's'], minMs: 0, maxMs: 600_000 }); // { error: 'must be at most 600000 ms (10m)...' }
 */
export function parseDuration(value: string | number, rule: DurationRule): { ms: number } | { error: string } {
  const sign = rule.minMs > 0 ? 'positive ' : 'non-negative ';
  const forms = `a ${sign}whole number of ${rule.numberUnit === 's' ? 'seconds' : 'milliseconds'}, or a duration such as ${rule.units.map((unit) => `"${example[unit]}"`).join(', ')}`;
  let ms: number;
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) return { error: `must be ${forms}` };
    ms = value * unitMs[rule.numberUnit];
  } else {
    const match = /^(\d{1,15})([a-z]+)$/.exec(value);
    const unit = match?.[2] as DurationUnit | undefined;
    if (!match || !unit || !rule.units.includes(unit)) return { error: `must be ${forms} (got ${JSON.stringify(value)})` };
    ms = Number(match[1]) * unitMs[unit];
  }
  // Below a bound of one unit or less, the value is simply not of the accepted form (0 for a ttl, -1 ms).
  if (ms < rule.minMs)
    return {
      error: rule.minMs <= unitMs[rule.numberUnit] ? `must be ${forms}` : `must be at least ${describe(rule.minMs, rule.numberUnit)}`,
    };
  if (ms > rule.maxMs || !Number.isSafeInteger(ms)) return { error: `must be at most ${describe(rule.maxMs, rule.numberUnit)}` };
  return { ms };
}

const example: Record<DurationUnit, string> = { ms: '250ms', s: '20s', m: '30m', h: '1h', d: '2d' };

/** A bound in the rule's number unit and in the largest whole text unit: `86400 seconds (24h)`, `600000 ms (10m)`. */
function describe(ms: number, numberUnit: 'ms' | 's'): string {
  const plain = numberUnit === 's' ? `${ms / 1000} second${ms === 1000 ? '' : 's'}` : `${ms} ms`;
  for (const unit of ['h', 'm', 's'] as const) {
    if (ms >= unitMs[unit] && ms % unitMs[unit] === 0 && unit !== numberUnit) return `${plain} (${ms / unitMs[unit]}${unit})`;
  }
  return plain;
}
