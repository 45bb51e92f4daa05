import { describe, expect, it } from 'vitest';
import { completeFromWorld } from './surface-completions.js';

const surface = {
  resources: [],
  resourceTemplates: [{ uriTemplate: 'tracker://issues/{id}', name: 'issue' }],
  prompts: [],
  completions: [],
};
const issues = Object.fromEntries(
  Array.from({ length: 150 }, (_, index) => [`${index + 1}`, { title: `Issue ${index + 1}`, state: index % 2 ? 'open' : 'closed' }]),
);
const world = { entities: { issue: issues, user: { ada: { name: 'Ada Lovelace' }, alan: { name: 'Alan Turing' } } }, facts: [] };
const issueReference = { type: 'ref/resource' as const, uri: 'tracker://issues/{id}' };

describe('completeFromWorld', () => {
  it('offers at most 100 ids, with the total and hasMore', () => {
    const completion = completeFromWorld(surface, issueReference, { name: 'id', value: '' }, world);
    expect(completion.values).toHaveLength(100);
    expect(completion).toMatchObject({ total: 150, hasMore: true });
  });

  it('filters by the typed prefix', () => {
    expect(completeFromWorld(surface, issueReference, { name: 'id', value: '14' }, world).values).toEqual([
      '14',
      '140',
      '141',
      '142',
      '143',
      '144',
      '145',
      '146',
      '147',
      '148',
      '149',
    ]);
  });

  it('offers the names of the entities an argument names, and the distinct values of a field', () => {
    const prompt = { type: 'ref/prompt' as const, name: 'greet' };
    expect(completeFromWorld(surface, prompt, { name: 'user_name', value: 'a' }, world).values).toEqual(['Ada Lovelace', 'Alan Turing']);
    expect(completeFromWorld(surface, issueReference, { name: 'state', value: '' }, world).values).toEqual(['closed', 'open']);
  });

  it("offers a prompt argument's fixed values first, then the world's, both by the typed prefix", () => {
    const withFixed = { ...surface, completions: [{ prompt: 'greet', argument: 'user_name', values: ['Ann Arbor', 'Bob'] }] };
    const prompt = { type: 'ref/prompt' as const, name: 'greet' };
    expect(completeFromWorld(withFixed, prompt, { name: 'user_name', value: 'a' }, world).values).toEqual([
      'Ann Arbor',
      'Ada Lovelace',
      'Alan Turing',
    ]);
    expect(completeFromWorld(withFixed, { type: 'ref/prompt', name: 'other' }, { name: 'user_name', value: 'b' }, world).values).toEqual(
      [],
    );
  });
});
