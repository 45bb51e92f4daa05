import { describe, expect, it } from 'vitest';
import { toNestedFieldFilter } from './nested-field-filter.js';

const bookings = [
  { id: 'b1', fields: { attendee: { name: 'Jo Park', email: 'jo@example.com' }, guests: [{ email: 'sam@example.com' }] } },
  { id: 'b2', fields: { attendee: { name: 'Ada', email: 'ada@example.com' } } },
];

/** The field names of the entities, normalized, as field-names.ts counts them. */
function knownIn(entities: readonly { fields: Record<string, unknown> }[]) {
  const names = new Set(
    entities.flatMap((entity) => Object.keys(entity.fields).map((name) => name.toLowerCase().replace(/[^a-z0-9]/g, ''))),
  );
  return { has: (name: string) => names.has(name) };
}

describe('a filter named for a field inside an object', () => {
  it('tests the field inside the object, and inside a list of them', () => {
    const byEmail = toNestedFieldFilter('attendeeEmail', 'JO@example.com', bookings, knownIn(bookings))!;
    expect(bookings.map((booking) => byEmail(booking.fields))).toEqual([true, false]);
    const byGuest = toNestedFieldFilter('guestEmail', 'sam@example.com', bookings, knownIn(bookings))!;
    expect(bookings.map((booking) => byGuest(booking.fields))).toEqual([true, false]);
  });

  const tags = [{ id: 't1', fields: { name: 'distributed' } }];

  it('is no filter where the name is a field of its own or the head holds no objects', () => {
    expect(toNestedFieldFilter('attendee', 'x', bookings, knownIn(bookings))).toBeNull();
    expect(toNestedFieldFilter('nameContains', 'x', tags, knownIn(tags))).toBeNull();
    expect(toNestedFieldFilter('attendeeEmail', { eq: 'x' }, bookings, knownIn(bookings))).toBeNull();
  });
});
