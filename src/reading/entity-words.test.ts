import { describe, expect, it } from 'vitest';
import { isNamingQualifier, toSingular, toWords, withoutAspects } from './entity-words.js';
import { tool, text, entities } from './written-tools.test-support.js';

describe('the words of a name', () => {
  it('keeps a plural acronym whole', () => {
    expect(toWords('listOpenPRs')).toEqual(['list', 'open', 'prs']);
    expect(toWords('getUserIDs')).toEqual(['get', 'user', 'ids']);
    expect(toWords('fetchURLsForPage')).toEqual(['fetch', 'urls', 'for', 'page']);
  });

  it('keeps names written in mixed case whole (OAuth, GraphQL) and acronyms apart from the next word', () => {
    expect(toWords('createOAuthClientToken')).toEqual(['create', 'oauth', 'client', 'token']);
    expect(toWords('runGraphQLQuery')).toEqual(['run', 'graphql', 'query']);
    expect(toWords('query_PromQL')).toEqual(['query', 'promql']);
    expect(toWords('getAPIKeyURL')).toEqual(['get', 'api', 'key', 'url']);
  });
});

describe('the singular of a noun', () => {
  it('makes statuses a status and topics a topic, and leaves a whole in -ics as it is', () => {
    expect(toSingular('statuses')).toBe('status');
    expect(toSingular('topics')).toBe('topic');
    expect(toSingular('epics')).toBe('epic');
    expect(toSingular('analytics')).toBe('analytics');
    expect(toSingular('statistics')).toBe('statistics');
  });
});

describe('a past participle before or after a noun', () => {
  it('reads five-letter participles (saved, owned) as qualifiers, and -eed words, embed and shred as nouns', () => {
    expect(['saved', 'owned', 'liked', 'changed', 'registered'].map(isNamingQualifier)).toEqual([true, true, true, true, true]);
    expect(['feed', 'speed', 'embed', 'shred', 'used'].map(isNamingQualifier)).toEqual([false, false, false, false, false]);
    expect(withoutAspects(['card', 'saved'])).toEqual(['card']);
    expect(withoutAspects(['video', 'embed'])).toEqual(['video', 'embed']);
  });
});

describe('an adjective before a noun that picks some of its kind', () => {
  it('is dropped from the entity: a total of worklogs is worklogs, a native query a query', () => {
    expect(withoutAspects(['total', 'worklog'])).toEqual(['worklog']);
    expect(withoutAspects(['native', 'query'])).toEqual(['query']);
    expect(withoutAspects(['total'])).toEqual(['total']);
  });
});

describe('an adjective after a noun that says how the tool reads it', () => {
  it('is dropped from the entity: smart domain suggestions suggest domains, a full bucket info reads the bucket', () => {
    const read = entities([
      tool('list_buckets', {}, 'List the buckets'),
      tool('suggest_domains_smart', { query: text }, 'AI-powered domain suggestions'),
      tool('context_smart', { user_message: text }, 'Get relevant context for the message'),
      tool('get_bucket_full_info', { bucketName: text }, 'Get the full info of a bucket'),
    ]);
    expect(read).toMatchObject({ suggest_domains_smart: 'domain', context_smart: 'context', get_bucket_full_info: 'bucket' });
  });
});
