import { describe, expect, it } from 'vitest';
import { toScaleNumber } from './described-scale.js';

describe('toScaleNumber', () => {
  it('reads a level word on the scale a description gives, counting down from 1 is urgent', () => {
    const clickup = 'Optional priority of the task (1-4), where 1 is urgent/highest priority and 4 is lowest priority.';
    expect(['urgent', 'high', 'normal', 'low'].map((word) => toScaleNumber(word, clickup))).toEqual([1, 2, 3, 4]);
    expect(toScaleNumber('high', 'New priority: 1 (urgent) to 4 (low).')).toBe(2);
  });

  it("takes the description's own pairs first, and counts up where the high end is the pressing one", () => {
    expect(toScaleNumber('none', 'Priority 0-4: 0 = none, 1 = urgent, 2 = high, 3 = medium, 4 = low')).toBe(0);
    expect(toScaleNumber('critical', 'Severity from 1 to 5, 5 is critical')).toBe(5);
    expect(toScaleNumber('low', 'Severity from 1 to 5, 5 is critical')).toBe(1);
  });

  it('gives no number where the description names no scale, or the word is no level', () => {
    expect(toScaleNumber('high', 'Priority of the task.')).toBeUndefined();
    expect(toScaleNumber('banana', 'Priority (1-4), where 1 is urgent.')).toBeUndefined();
  });
});
