import { describe, expect, it } from 'vitest';
import { tool, text, entities } from './written-tools.test-support.js';

describe('an action named with its own verb among its nouns', () => {
  const server = [
    tool('get_rule', { rule_id: text }, 'Get a rule by its id'),
    tool('list_rules', {}, 'List the mailbox rules'),
    tool('get_site', { siteUrl: text }, 'Get a site'),
  ];

  it('drops the word the description opens with as its verb (method_call, run_rule, detect_quick_wins)', () => {
    const read = entities([
      ...server,
      tool('method_call', { method: text }, 'Call a whitelisted method directly.'),
      tool('run_rule', { rule_id: text }, 'Runs a mailbox rule against the inbox now.'),
      tool('detect_quick_wins', { siteUrl: text }, 'Automatically detect SEO quick wins and optimization opportunities'),
    ]);
    expect(read).toMatchObject({ method_call: 'method', run_rule: 'rule', detect_quick_wins: 'quick_win' });
  });

  it('keeps a name whose description opens with an acronym or writes the name whole', () => {
    const read = entities([
      ...server,
      tool('poi_harvest', { textContent: text }, 'POI harvesting from text'),
      tool('run_resource_action', { action: text }, 'run_resource_action runs an action on a resource'),
    ]);
    expect(read.poi_harvest).toBe('poi_harvest');
    expect(read.run_resource_action).not.toBe('resource_action');
  });
});
