import { describe, expect, it } from 'vitest';
import { toSingular, toWords } from './entity-words.js';

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
