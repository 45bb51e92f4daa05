import { describe, expect, it } from 'vitest';
import { namesOf } from './described-type-names.js';

describe('the names one sentence gives the things of a type', () => {
  it('reads a list after the plural, and one record after the singular as a label, with its parenthesis', () => {
    expect(namesOf('Contacts: Ellen Park (vip) and Sam Okafor.', 'contact', new Set())).toEqual([
      { name: 'Ellen Park', details: 'vip' },
      { name: 'Sam Okafor', details: undefined },
    ]);
    expect(namesOf('Contact: Ellen Park (ellen@acme.com, Harbor Property Group).', 'contact', new Set())).toEqual([
      { name: 'Ellen Park', details: 'ellen@acme.com, Harbor Property Group' },
    ]);
  });

  it('takes no remark after the singular for a name (`Note: the API is slow`)', () => {
    expect(namesOf('Note: prefers calls after 3pm.', 'note', new Set())).toEqual([]);
  });
});
