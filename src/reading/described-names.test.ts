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

  it('reads an ampersand between capitalised words as part of one title, and between plain words as a list', () => {
    expect(toNames('Support (id 5), Orders & Shipping (id 6) and Announcements (id 7)').map((named) => named.name)).toEqual([
      'Support',
      'Orders & Shipping',
      'Announcements',
    ]);
    expect(toNames('payments & search').map((named) => named.name)).toEqual(['payments', 'search']);
  });

  it("keeps a title case's small words between its capitalised ones, but not a word that places it", () => {
    const names = toNames('Start Progress (transition 11), Send to Review (transition 21), Bank of America and Reopen');
    expect(names.map((named) => named.name)).toEqual(['Start Progress', 'Send to Review', 'Bank of America', 'Reopen']);
    expect(toNames('Ada Lovelace in London').map((named) => named.name)).toEqual([]);
  });

  it('reads capitalised names spelled with letters beyond ASCII', () => {
    expect(toNames('Ben Carter and Léa Martin (id 13)').map((named) => named.name)).toEqual(['Ben Carter', 'Léa Martin']);
  });

  it('reads items a semicolon parts as a quoted name, its key and the words about it', () => {
    expect(
      toNames(
        '#1042 "Checkout 500s spike" on Checkout API, triggered, high urgency; #1041 "Payments backlog" on Payments Worker; and "Cert expiring", resolved',
      ),
    ).toEqual([
      { name: 'Checkout 500s spike', key: '#1042', details: 'on Checkout API, triggered, high urgency' },
      { name: 'Payments backlog', key: '#1041', details: 'on Payments Worker' },
      { name: 'Cert expiring', details: 'resolved' },
    ]);
  });

  it('reads the kind and the bare number written before a quoted name (`Bug 1201 "…"`, `User Story "…"`)', () => {
    expect(toNames('Bug 1201 "Checkout button", Active; User Story 1202 "Saved cards", New')).toEqual([
      { name: 'Checkout button', key: '1201', kind: 'Bug', details: 'Active' },
      { name: 'Saved cards', key: '1202', kind: 'User Story', details: 'New' },
    ]);
    expect(toNames('1201 "Checkout button" and User Story "Saved cards"')).toEqual([
      { name: 'Checkout button', key: '1201', details: undefined },
      { name: 'Saved cards', kind: 'User Story', details: undefined },
    ]);
  });
});
