import { describe, expect, it } from 'vitest';
import { toIdRuns, toIdRunsExcept } from './id-runs.js';

describe('toIdRunsExcept', () => {
  it('gives what toIdRuns gives for the list without the skipped ids, as the list grows', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const ids: string[] = [];
    for (let step = 0; step < 300; step++) {
      // Mostly ids in sequence, some out of order, another prefix, or another width.
      const roll = random();
      ids.push(
        roll < 0.7 ? `evt_${100 + step}` : roll < 0.8 ? `evt_${Math.floor(random() * 400)}` : roll < 0.9 ? `c_${step}` : String(step),
      );
      const skipped = ids.flatMap((_, at) => (random() < 0.05 ? [at] : []));
      const kept = ids.filter((_, at) => !skipped.includes(at));
      const whole = toIdRuns(kept);
      expect(toIdRunsExcept(ids, skipped)).toBe(whole);
      // With a limit: the whole list when it fits, else a start of it longer than the limit.
      const limit = 40;
      const cut = toIdRunsExcept(ids, skipped, limit);
      if (whole.length <= limit) expect(cut).toBe(whole);
      else expect(cut.length > limit && whole.startsWith(cut)).toBe(true);
    }
  });

  it('folds a run across a skipped id that breaks no sequence', () => {
    expect(toIdRunsExcept(['1', '2', 'x', '3', '4'], [2])).toBe('1–4');
    expect(toIdRunsExcept(['7', '8', '9', '10', '11'], [2])).toBe('7, 8, 10, 11');
  });
});
