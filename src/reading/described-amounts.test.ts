import { describe, expect, it } from 'vitest';
import { toDescribedAmount } from './described-amounts.js';

describe('toDescribedAmount', () => {
  it('reads an amount and its currency, by code or symbol, into the fields the writes take', () => {
    expect(toDescribedAmount(['lines', 'currency_code'], '1200 USD')).toEqual({ amount: 1200, currency_code: 'USD' });
    expect(toDescribedAmount(['total_amount', 'currency'], 'EUR 40.50')).toEqual({ total_amount: 40.5, currency: 'EUR' });
    expect(toDescribedAmount(['price'], '£15')).toEqual({ price: 15 });
  });

  it('reads no amount where the piece is a count, a code or words', () => {
    expect(toDescribedAmount(['amount'], '3 pages')).toBeUndefined();
    expect(toDescribedAmount(['amount'], 'INV 41')).toBeUndefined();
    expect(toDescribedAmount(['amount'], 'sent')).toBeUndefined();
  });
});
