import { describe, expect, it } from 'vitest';
import { readServer } from './read-server.js';
import { tool, text } from './written-tools.test-support.js';

const number = { type: 'number' };

describe('a name whose grammar says it answers a figure', () => {
  const tools = [
    tool('lab_list_sessions', {}, 'List sessions.'),
    tool('lab_get_session', { session_id: text }, 'Get a session.'),
    tool('lab_get_project', { project_id: text }, 'Get a project.'),
    tool('lab_sessions_per_browser', { days: number }, 'Sessions run per browser in the last days.'),
    tool('lab_most_active_user', { days: number }, 'The user with the most sessions.'),
    tool('lab_is_contract', { address: text }, 'Check if an address is a contract.'),
    tool('lab_estimate_gas', { to: text }, 'Estimate the gas cost for a transaction.'),
    tool('lab_get_pool_stats', { connection_id: text }, 'Get connection pool statistics for a connection.'),
    tool('lab_update_pool_stats', { connection_id: text, stats: text }, 'Update the statistics of a pool.'),
    tool('lab_get_most_recent_sessions', {}, 'Sessions started lately.'),
  ];
  const { shapes, kindOf } = readServer(tools);
  const kind = (name: string) => kindOf(name, shapes.get(name)!).kind;

  it('answers a distribution, a superlative, a predicate and an estimate as a described value', () => {
    expect([kind('lab_sessions_per_browser'), kind('lab_most_active_user'), kind('lab_is_contract'), kind('lab_estimate_gas')]).toEqual([
      'described value',
      'described value',
      'described value',
      'described value',
    ]);
  });

  it('answers a read named for a measure as that figure though an argument names whose it is', () => {
    expect(kind('lab_get_pool_stats')).toBe('described value');
  });

  it('leaves writes, plain reads and lists, and a superlative that is the last adjective before its noun', () => {
    expect([kind('lab_update_pool_stats'), kind('lab_get_session'), kind('lab_list_sessions')]).toEqual(['update', 'read', 'list']);
    expect(kind('lab_get_most_recent_sessions')).not.toBe('described value');
  });
});
