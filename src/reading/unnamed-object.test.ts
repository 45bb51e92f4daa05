import { describe, expect, it } from 'vitest';
import { readServer } from './read-server.js';
import { text, tool } from './written-tools.test-support.js';

describe('a name whose noun its description never writes', () => {
  it("reads the head of the first verb's object (flightbox, @agent-infra/mcp-server-browser)", () => {
    const { shapes } = readServer([
      tool('flightbox_failing', { error_pattern: text }, 'Find recent errors. Returns traces with errors grouped by error type.'),
      tool('flightbox_trace', { trace_id: text }, 'Get a whole trace by its id.'),
      tool('browser_close', {}, 'Close the browser when the task is done and the browser is not needed anymore'),
    ]);
    expect(shapes.get('flightbox_failing')?.entity).toBe('error');
    expect(shapes.get('browser_close')?.entity).toBe('browser');
    expect(shapes.get('flightbox_failing')?.entityWhy).toContain('is written in the description');
  });

  it('keeps a noun the description writes, as initials too, and a vague or proper head', () => {
    const { shapes } = readServer([
      tool('fetch_rca', { testId: text }, 'Fetch AI Root Cause Analysis for a failed test.'),
      tool('explain_spend', {}, 'Explain data spend across the account.'),
      tool('sync_todo', {}, 'Sync GitLab to-do items.'),
    ]);
    expect(shapes.get('fetch_rca')?.entity).not.toBe('analysis');
    expect(shapes.get('explain_spend')?.entity).not.toBe('data');
    expect(shapes.get('sync_todo')?.entity).not.toBe('lab');
  });
});
