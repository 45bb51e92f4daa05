import { describe, expect, it } from 'vitest';
import { toNames } from './described-names.js';

describe('the names a description lists', () => {
  it('keeps the numbers a title holds between and after its capitalised words', () => {
    const names = toNames('Portland 25-45 Coffee Lovers (ACTIVE), Seattle Lookalike 1% and Pearl District 5km Radius');
    expect(names.map((named) => named.name)).toEqual(['Portland 25-45 Coffee Lovers', 'Seattle Lookalike 1%', 'Pearl District 5km Radius']);
    expect(toNames('Spring Blend Video 15s and Q3 Plan').map((named) => named.name)).toEqual(['Spring Blend Video 15s', 'Q3 Plan']);
  });

  it('still stops at a part that is not a name', () => {
    expect(toNames('Checkout 3 times a day').map((named) => named.name)).toEqual([]);
    expect(toNames('Harbor 5 more').map((named) => named.name)).toEqual([]);
  });
});
