/**
 * The learned kind lexicon: what a tool's features are, and how counts learned from labels read a
 * tool no label named.
 */
import { describe, expect, it } from 'vitest';
import { toKindFeatures } from '../../bench/corpus/learn-kind-features.js';
import { toKindLexicon, toLearnedKind } from '../../bench/corpus/learn-kind-lexicon.js';

const tool = (name: string, description: string, properties: Record<string, unknown> = {}, required: string[] = []) => ({
  name,
  description,
  inputSchema: { type: 'object', properties, required },
});

describe('toKindFeatures', () => {
  it('reads the name without the server prefix, with its first and last word, and the first sentence of the description', () => {
    const features = toKindFeatures(tool('jira_get_issues', 'Lists the issues of a project. Pages of 50.'), { prefix: 'jira' });
    expect(features).toEqual(
      expect.arrayContaining(['first:get', 'last:issue', 'name:get', 'name:issue', 'opens:list', 'described:project']),
    );
    expect(features).not.toContain('name:jira');
    expect(features).not.toContain('described:page');
  });

  it("drops a leading word of the service's name", () => {
    expect(toKindFeatures(tool('stripe_refund', ''), { prefix: null, serviceWords: new Set(['stripe']) })).toContain('first:refund');
  });

  it('says what the schema and the annotations say', () => {
    const read = toKindFeatures(
      { ...tool('get_issue', '', { issue_id: { type: 'string' } }, ['issue_id']), annotations: { readOnlyHint: true } },
      { prefix: null },
    );
    expect(read).toEqual(expect.arrayContaining(['schema:required-id', 'schema:few-arguments', 'hint:readOnlyHint=true']));
    const batch = toKindFeatures(tool('archive_issues', '', { issue_ids: { type: 'array' }, limit: { type: 'number' } }), { prefix: null });
    expect(batch).toEqual(expect.arrayContaining(['schema:id-array', 'schema:only-optional', 'schema:paging']));
    expect(toKindFeatures(tool('whoami', ''), { prefix: null })).toEqual(expect.arrayContaining(['schema:no-arguments', 'name:one-word']));
  });
});

describe('toLearnedKind', () => {
  const examples = [
    { features: ['first:list', 'name:issue'], kinds: ['list'] },
    { features: ['first:list', 'name:user'], kinds: ['list'] },
    { features: ['first:get', 'name:issue', 'schema:required-id'], kinds: ['read'] },
    { features: ['first:get', 'name:user', 'schema:required-id'], kinds: ['read'] },
    { features: ['first:find', 'name:issue'], kinds: ['list', 'search'] },
  ];
  const lexicon = toKindLexicon(examples);

  it('reads the kind the words were learned with, on a tool it never saw', () => {
    expect(toLearnedKind(lexicon, ['first:list', 'name:project']).kind).toBe('list');
    expect(toLearnedKind(lexicon, ['first:get', 'name:project', 'schema:required-id']).kind).toBe('read');
    expect(toLearnedKind(lexicon, ['first:find', 'name:project']).kind).not.toBe('read');
  });

  it('counts a tool labelled with two kinds for both, and keeps its counts in name order', () => {
    expect(lexicon.kinds.search).toEqual({ tools: 1, features: { 'first:find': 1, 'name:issue': 1 } });
    expect(Object.keys(lexicon.kinds)).toEqual(['list', 'read', 'search']);
    expect(toKindLexicon([...examples].reverse())).toEqual(lexicon);
  });

  it('gives a probability that grows with the evidence, and reads by the priors alone from unknown words', () => {
    const weak = toLearnedKind(lexicon, ['first:get']);
    const strong = toLearnedKind(lexicon, ['first:get', 'schema:required-id']);
    expect(strong.kind).toBe('read');
    expect(strong.probability).toBeGreaterThan(weak.probability);
    expect(toLearnedKind(lexicon, ['name:unheard'])).toEqual(toLearnedKind(lexicon, []));
    expect(toLearnedKind(lexicon, []).kind).toBe('list');
  });
});
