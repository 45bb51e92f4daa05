import { describe, expect, it } from 'vitest';
import { describedMove, describedStateList } from './described-state-words.js';

describe('describedMove', () => {
  it('reads the state a transition says it moves to, quoted or capitalised, and the one it moves from', () => {
    expect(describedMove("Post a pending purchase bill (changes status to 'Awaiting Payment')")).toEqual({
      from: null,
      to: 'Awaiting Payment',
    });
    expect(describedMove('Post any voucher (changes status from Pending to Posted).')).toEqual({ from: 'Pending', to: 'Posted' });
    expect(describedMove('Sets the state to archived.')).toEqual({ from: null, to: 'archived' });
  });

  it('reads nothing where no state is named', () => {
    expect(describedMove('Update the status of a voucher')).toEqual({ from: null, to: null });
    expect(describedMove('Change the state to the given one')).toEqual({ from: null, to: null });
  });
});

describe('describedStateList', () => {
  it('lists the states a description names in parentheses or after "one of"', () => {
    expect(describedStateList('Filter by status (Pending, Awaiting Payment, Paid, etc.)')).toEqual(['Pending', 'Awaiting Payment', 'Paid']);
    expect(describedStateList('The state, one of: queued, running or finished')).toEqual(['queued', 'running', 'finished']);
    expect(describedStateList('State for filtering. Can be `active`, `inactive` or `closed`')).toEqual(['active', 'inactive', 'closed']);
  });

  it('lists nothing for examples or prose', () => {
    expect(describedStateList("Vendor id or name (e.g. 'VEND-00001' or 'Acme')")).toEqual([]);
    expect(describedStateList('Filter by status')).toEqual([]);
  });
});
