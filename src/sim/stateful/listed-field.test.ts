import { describe, expect, it } from 'vitest';
import { listedField } from './listed-field.js';

const holding = (...names: string[]) => ({ has: (name: string) => names.includes(name) });

describe('listedField', () => {
  it('names the id field a plural of ids filters on, and the lifecycle field by either of its names', () => {
    expect(listedField('projectIds', holding('projectid'))).toBe('project_id');
    expect(listedField('statuses', holding('state'))).toBe('state');
    expect(listedField('states', holding('status'))).toBe('status');
  });

  it('names nothing the records do not hold, and leaves a bare ids list to the batch read', () => {
    expect(listedField('projectIds', holding('project'))).toBeNull();
    expect(listedField('statuses', holding('phase'))).toBeNull();
    expect(listedField('ids', holding('id'))).toBeNull();
  });
});
