import { describe, expect, it } from 'vitest';
import { fitToSchema } from './schema-fit.js';

const graph = {
  type: 'object',
  properties: {
    entities: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } },
    relations: {
      type: 'array',
      items: { type: 'object', properties: { from: { type: 'string' }, to: { type: 'string' } }, required: ['from', 'to'] },
    },
    tags: { type: 'array', minItems: 1, items: { type: 'string' } },
    owner: { type: 'string' },
  },
  required: ['entities', 'relations', 'tags', 'owner'],
};

describe('fitToSchema', () => {
  it('keeps what fits, makes a required list the answer lacks empty (up to minItems), and makes up a required scalar', () => {
    const fitted = fitToSchema({ entities: [{ name: 'Babbage' }] }, graph, 'seed') as Record<string, unknown>;
    expect(fitted.entities).toEqual([{ name: 'Babbage' }]);
    expect(fitted.relations).toEqual([]);
    expect(fitted.tags).toHaveLength(1);
    expect(typeof fitted.owner).toBe('string');
  });

  it('gives the same bytes for the same seed', () => {
    expect(JSON.stringify(fitToSchema({}, graph, 'a'))).toBe(JSON.stringify(fitToSchema({}, graph, 'a')));
  });
});
