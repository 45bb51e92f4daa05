import { describe, expect, it } from 'vitest';
import { toVerbMeaning } from './tool-verbs.js';

describe('toVerbMeaning', () => {
  it('reads recover as restore is read: an update that makes a terminated or deleted record active again', () => {
    expect(toVerbMeaning('recover')).toEqual(toVerbMeaning('restore'));
    expect(toVerbMeaning('recover')).toMatchObject({ operation: 'update', sets: { state: 'active' } });
  });
});
