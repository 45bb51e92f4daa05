import { describe, expect, it } from 'vitest';
import { singleParentChange } from './single-parent.js';

const adding = { field: 'shelf_ids', argument: 'shelfId', remove: false };
const removing = { ...adding, remove: true };

describe('singleParentChange', () => {
  it('moves an entity that names one parent to the parent a membership adds it to', () => {
    expect(singleParentChange({ title: 'Dune', shelfId: 's1' }, adding, 's2')).toEqual({ field: 'shelfId', value: 's2' });
    expect(singleParentChange({ shelf_id: 's1' }, adding, 's2')).toEqual({ field: 'shelf_id', value: 's2' });
  });

  it('leaves it with no parent when removed from its own, and where it is when removed from another', () => {
    expect(singleParentChange({ shelfId: 's1' }, removing, 's1')).toEqual({ field: 'shelfId', value: null });
    expect(singleParentChange({ shelfId: 's1' }, removing, 's2')).toEqual({ field: 'shelfId', value: 's1' });
  });

  it('keeps a list membership where the entity names no single parent, or the call names several', () => {
    expect(singleParentChange({ title: 'Dune' }, adding, 's2')).toBeNull();
    expect(singleParentChange({ shelf_ids: ['s1'] }, adding, 's2')).toBeNull();
    expect(singleParentChange({ shelfId: 's1' }, adding, ['s2', 's3'])).toBeNull();
  });
});
