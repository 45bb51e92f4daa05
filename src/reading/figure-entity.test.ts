import { describe, expect, it } from 'vitest';
import { readServer } from './read-server.js';
import { text, tool } from './written-tools.test-support.js';

const entityOf = (tools: ReturnType<typeof tool>[], name: string) => readServer(tools).shapes.get(name)?.entity;

const sessions = [
  tool('list_sessions', {}, 'List test sessions'),
  tool('get_session', { session_id: text }, 'Get a session'),
  tool('list_browsers', {}, 'List supported browsers'),
];

describe('a figure names what it measures', () => {
  it('reads the noun before per or across, not the grouping after it', () => {
    const tools = [
      ...sessions,
      tool('sessions_per_browser', { time: text }, 'Number of sessions ran per browser in the last X time'),
      tool('cpu_usage_per_node', { days: text }, 'CPU usage over time per node'),
      tool('get_flag_status_across_environments', { flag_key: text }, 'Get the status of a flag in every environment'),
    ];
    expect(entityOf(tools, 'sessions_per_browser')).toBe('session');
    expect(entityOf(tools, 'cpu_usage_per_node')).toBe('cpu_usage');
    expect(entityOf(tools, 'get_flag_status_across_environments')).toBe('flag_status');
  });

  it('reads a count after a kept noun as that noun, past a participle that picks some of it', () => {
    const tools = [...sessions, tool('sessions_failed_count', { time: text }, 'Number of sessions that failed in the last X time')];
    expect(entityOf(tools, 'sessions_failed_count')).toBe('session');
  });

  it('keeps a count whose noun is no entity of the server', () => {
    const tools = [...sessions, tool('get_word_count', { text }, 'Count the words of a text')];
    expect(entityOf(tools, 'get_word_count')).not.toBe('word');
  });
});
