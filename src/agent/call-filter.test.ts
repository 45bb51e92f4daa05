import { describe, expect, it } from 'vitest';
import { containsValue, matchesCall, type LoggedCall } from './call-filter.js';

const call: LoggedCall = {
  sequence: 3,
  tool: 'create_issue',
  arguments: { repo: 'acme/app', labels: ['bug', 'ui'], meta: { priority: 2, team: 'web' } },
  result: { content: [{ type: 'text', text: 'Created ISS-7' }] },
  source: 'simulated',
  at: '2026-01-01T10:00:00.000Z',
  occurrence: 1,
  model: null,
};

describe('matchesCall', () => {
  it('matches arguments by the keys given, deeply, and arrays exactly', () => {
    expect(containsValue(call.arguments, { meta: { team: 'web' } })).toBe(true);
    expect(containsValue(call.arguments, { labels: ['bug'] })).toBe(false);
    expect(containsValue(call.arguments, { labels: ['bug', 'ui'], repo: 'acme/app' })).toBe(true);
    expect(containsValue(call.arguments, { meta: { priority: '2' } })).toBe(false);
  });

  it('filters by tool, time window, outcome and text', () => {
    expect(matchesCall(call, { tool: 'create_issue', outcome: 'ok', text: 'iss-7' })).toBe(true);
    expect(matchesCall(call, { outcome: 'error' })).toBe(false);
    expect(matchesCall(call, { from: '2026-01-01T10:00:00Z', to: '2026-01-01T10:00:01Z' })).toBe(true);
    expect(matchesCall(call, { to: '2026-01-01T10:00:00Z' })).toBe(false);
    expect(matchesCall(call, { tool: 'close_issue' })).toBe(false);
  });
});
