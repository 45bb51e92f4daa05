import { describe, expect, it } from 'vitest';
import { parseDuration, type DurationRule } from './duration.js';
import { faultSchema } from './fault.js';

const ttl: DurationRule = { numberUnit: 's', units: ['h', 'm', 's'], minMs: 1000, maxMs: 86_400_000 };
const latency: DurationRule = { numberUnit: 'ms', units: ['ms', 's'], minMs: 0, maxMs: 600_000 };

describe('parseDuration', () => {
  it.each([
    [3600, ttl, 3_600_000],
    ['30m', ttl, 1_800_000],
    ['24h', ttl, 86_400_000],
    [250, latency, 250],
    ['250ms', latency, 250],
    ['600s', latency, 600_000],
    [0, latency, 0],
  ] as const)('reads %j as %i ms', (value, rule, ms) => {
    expect(parseDuration(value, rule)).toEqual({ ms: expect.any(Number) });
    expect(parseDuration(value, rule)).toEqual({ ms });
  });

  it('bounds the text form like the number form, and says so in the rule’s own unit', () => {
    expect(parseDuration('601s', latency)).toEqual({ error: 'must be at most 600000 ms (10m)' });
    expect(parseDuration(600_001, latency)).toEqual({ error: 'must be at most 600000 ms (10m)' });
    expect(parseDuration('25h', ttl)).toEqual({ error: 'must be at most 86400 seconds (24h)' });
  });

  it('shows the accepted forms for anything else', () => {
    expect(parseDuration('1d', ttl)).toEqual({
      error: 'must be a positive whole number of seconds, or a duration such as "1h", "30m", "20s" (got "1d")',
    });
    expect(parseDuration(0, ttl)).toEqual({
      error: 'must be a positive whole number of seconds, or a duration such as "1h", "30m", "20s"',
    });
    expect(parseDuration(-1, latency)).toEqual({
      error: 'must be a non-negative whole number of milliseconds, or a duration such as "250ms", "20s"',
    });
    expect(parseDuration(1.5, latency)).toHaveProperty('error');
    expect(parseDuration('1 h', ttl)).toHaveProperty('error');
  });

  it('keeps fault latency within ten minutes whichever way it is written', () => {
    expect(faultSchema.safeParse({ latency: '600s' }).success).toBe(true);
    const refused = faultSchema.safeParse({ latency: '601s' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('must be at most 600000 ms (10m)');
  });
});
