import { describe, expect, it } from 'vitest';
import { toDescribedId } from './described-fields.js';

describe('the id a description gives a named entity', () => {
  it('reads `id` and the type’s own id field, and nothing else', () => {
    expect(toDescribedId('id 41, priority 2')).toBe('41');
    expect(toDescribedId('sid CH00000000000000000000000000000001', 'sid')).toBe('CH00000000000000000000000000000001');
    expect(toDescribedId('room_id: 123', 'room_id')).toBe('123');
    expect(toDescribedId('sid CH00000000000000000000000000000001')).toBeUndefined();
    expect(toDescribedId('identity ada', 'sid')).toBeUndefined();
  });
});
