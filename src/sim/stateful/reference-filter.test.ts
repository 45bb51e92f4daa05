import { describe, expect, it } from 'vitest';
import { toReferenceFilter } from './reference-filter.js';

const fields = new Set(['team', 'labels', 'owner_id']);
const known = { has: (name: string) => fields.has(name) };

describe('filters by the ids of referenced objects', () => {
  it('finds the id inside an object or a list of objects', () => {
    const byTeam = toReferenceFilter('team_ids', ['T1', 'T3'], known)!;
    expect(byTeam({ team: { id: 'T1', name: 'Core' } })).toBe(true);
    expect(byTeam({ team: { id: 'T2', name: 'Growth' } })).toBe(false);
    const byLabel = toReferenceFilter('labelId', 'L2', known)!;
    expect(byLabel({ labels: [{ id: 'L1' }, { id: 'L2' }] })).toBe(true);
    expect(byLabel({ labels: [{ id: 'L1' }] })).toBe(false);
  });

  it('leaves bare text, id fields of their own name and unknown references to other filters', () => {
    expect(toReferenceFilter('team_id', 'T1', known)!({ team: 'Core' })).toBe(false);
    expect(toReferenceFilter('owner_id', 'u1', known)).toBeNull();
    expect(toReferenceFilter('project_ids', ['p1'], known)).toBeNull();
    expect(toReferenceFilter('team', 'T1', known)).toBeNull();
  });
});
