import { describe, expect, it } from 'vitest';
import { pastParticiples } from './past-participles.js';

describe('pastParticiples', () => {
  it('offers the irregular participle first where English has one (send → sent, pay → paid)', () => {
    expect(pastParticiples('send')[0]).toBe('sent');
    expect(pastParticiples('pay')[0]).toBe('paid');
  });

  it('offers the regular forms of a regular verb (refund → refunded, ship → shipped, carry → carried)', () => {
    expect(pastParticiples('refund')).toContain('refunded');
    expect(pastParticiples('ship')).toContain('shipped');
    expect(pastParticiples('carry')).toContain('carried');
  });

  it('offers the verb itself last, for the verbs that are their state adjective (void)', () => {
    expect(pastParticiples('void').at(-1)).toBe('void');
  });
});
