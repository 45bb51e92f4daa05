import { describe, expect, it } from 'vitest';
import { readServer } from './read-server.js';
import { text, tool } from './written-tools.test-support.js';

describe('a compound the tool names build that no description writes', () => {
  const session = { sessionId: text };

  it('reads the noun the first sentence acts on, where the descriptions never write the compound', () => {
    const { shapes } = readServer([
      tool('getFailureLogs', session, 'Fetch logs, or the session video URL, for an Automate session.'),
      tool('fetchAutomationScreenshots', session, 'Fetch screenshots captured during an Automate session.'),
      tool('get_browser_console_logs', session, 'Get console logs from the browser (errors, warnings, etc.)'),
      tool('get_session', session, 'Get a session by its id.'),
    ]);
    expect(shapes.get('getFailureLogs')?.entity).toBe('log');
    expect(shapes.get('fetchAutomationScreenshots')?.entity).toBe('screenshot');
    // The object phrase keeps as much of the compound as it writes: "console logs".
    expect(shapes.get('get_browser_console_logs')?.entity).toBe('console_log');
    expect(shapes.get('getFailureLogs')?.entityWhy).toContain('written by no description');
  });

  it('keeps a compound some description writes as a phrase, in words or run together', () => {
    const { shapes } = readServer([
      tool('getFailureLogs', session, 'Fetch logs for a session.'),
      tool('list_sessions', {}, 'List sessions; each holds its failure logs.'),
      tool('create-mindmap-node', { boardId: text }, 'Create a node on a board.'),
      tool('get-mindmap-nodes', { boardId: text }, 'Get the mind map nodes of a board.'),
    ]);
    expect(shapes.get('getFailureLogs')?.entity).toBe('failure_log');
    expect(shapes.get('create-mindmap-node')?.entity).toBe('mindmap_node');
  });

  it('keeps a compound where one of its tools acts on something else, or its head names only a view of a thing', () => {
    const { shapes } = readServer([
      tool('getFailureLogs', session, 'Fetch logs for a session.'),
      tool('deleteFailureLogs', session, 'Delete what a session kept.'),
      tool('get_element_text', { selector: text }, 'Gets the text of an element.'),
    ]);
    expect(shapes.get('getFailureLogs')?.entity).toBe('failure_log');
    expect(shapes.get('deleteFailureLogs')?.entity).toBe('failure_log');
    expect(shapes.get('get_element_text')?.entity).not.toBe('text');
  });

  it("keeps the owner's kind of a thing: a compound led by another tool's entity", () => {
    const { shapes } = readServer([
      tool('get_board', { boardId: text }, 'Get a board.'),
      tool('get_team', { teamId: text }, 'Get a team.'),
      tool('get-specific-board-member', { boardId: text, memberId: text }, 'Retrieves a member of a board.'),
      tool('get-specific-team-member', { teamId: text, memberId: text }, 'Retrieves a member of a team.'),
    ]);
    expect(shapes.get('get-specific-board-member')?.entity).toBe('board_member');
    expect(shapes.get('get-specific-team-member')?.entity).toBe('team_member');
  });
});
