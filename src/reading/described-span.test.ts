import { describe, expect, it } from 'vitest';
import { toDescribedSpan } from './described-span.js';

const now = '2026-03-20T09:00:00Z';
const fields = (...names: string[]) => new Map(names.map((name) => [name, { type: 'string' }]));

describe('the span a description gives an entity', () => {
  it('goes to the fields where it starts and ends, as the schema keeps a time or a day', () => {
    expect(toDescribedSpan(fields('name', 'start_time', 'stop_time'), 'from 1 March 2026 to 30 April 2026', now)).toEqual({
      start_time: '2026-03-01T00:00:00Z',
      stop_time: '2026-04-30T23:59:59Z',
    });
    expect(toDescribedSpan(fields('startDate', 'endDate'), 'from 3 June to 5 June', now)).toEqual({
      startDate: '2026-06-03',
      endDate: '2026-06-05',
    });
    expect(toDescribedSpan(fields('starts_at', 'ends_at'), 'until 31 December 2026 at 17:00', now)).toEqual({
      ends_at: '2026-12-31T17:00:00Z',
    });
    expect(toDescribedSpan(fields('starts_at', 'ends_at'), 'started 10 January 2026', now)).toEqual({ starts_at: '2026-01-10T00:00:00Z' });
  });

  it('sets nothing where the text is no span or the writes keep no such field', () => {
    expect(toDescribedSpan(fields('start_time', 'stop_time'), 'from Ada Lovelace', now)).toEqual({});
    expect(toDescribedSpan(fields('due_date'), 'from 1 March 2026 to 30 April 2026', now)).toEqual({});
  });
});
