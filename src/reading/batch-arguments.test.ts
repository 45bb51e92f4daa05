import { describe, expect, it } from 'vitest';
import { itemsIdArgument, toBatchList } from './batch-arguments.js';

const text = { type: 'string' };
const entities = new Set(['shelf', 'volume']);

describe('a batch whose ids sit in a list of objects under an object that wraps the request', () => {
  const purge = {
    type: 'object',
    properties: {
      Volumes: { type: 'array', items: { type: 'object', properties: { Key: text }, required: ['Key'] } },
      Quiet: { type: 'boolean' },
    },
  };

  it('reads the wrapping argument as the batch of the entity, the items named by their key', () => {
    expect(itemsIdArgument({ Shelf: text, Purge: purge }, ['volume'], entities)).toEqual({ name: 'Purge', field: 'key', strong: true });
    // An object with two lists says nothing of which one holds the batch.
    const two = { type: 'object', properties: { Volumes: purge.properties.Volumes, Keep: purge.properties.Volumes } };
    expect(itemsIdArgument({ Shelf: text, Purge: two }, ['volume'], entities)).toBeNull();
  });

  it('opens a call of it to the list inside, and leaves an object its schema does not wrap alone', () => {
    expect(toBatchList({ Volumes: [{ Key: 'a' }, { Key: 'b' }], Quiet: true }, purge)).toEqual([{ Key: 'a' }, { Key: 'b' }]);
    expect(toBatchList(['a', 'b'], undefined)).toEqual(['a', 'b']);
    expect(toBatchList({ tags: ['x'] }, { type: 'object', properties: { id: text } })).toBeUndefined();
    expect(toBatchList('a', purge)).toBeUndefined();
  });
});
