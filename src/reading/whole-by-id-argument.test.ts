import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { parentsOf as readParents, text, tool } from './written-tools.test-support.js';

const parentsOf = (tools: ToolDefinition[], name: string) => readParents(tools, name);

describe('the whole a part is read of, by its id argument', () => {
  it('reads get_commit_diff(sha) as a diff under the commit get_commit(sha) reads', () => {
    const tools = [
      tool('list_projects', {}),
      tool('get_commit', { project_id: text, sha: text }, 'Get details of a specific commit'),
      tool('get_commit_diff', { project_id: text, sha: text }, 'Get changes of a specific commit'),
    ];
    expect(parentsOf(tools, 'get_commit_diff')).toContain('sha->commit');
  });

  it('takes the entity most tools read, update or delete by that id, when the description names it', () => {
    const tools = [
      tool('get_email', { uid: text }),
      tool('delete_email', { uid: text }),
      tool('flag_email', { uid: text, flagged: { type: 'boolean' } }),
      tool('get_thread', { uid: text }, 'Get the thread of an email'),
      tool('get_unsubscribe_info', { uid: text }, 'Get the List-Unsubscribe header from an email'),
    ];
    expect(parentsOf(tools, 'get_unsubscribe_info')).toContain('uid->email');
  });

  it('reads no whole from an id two entities take alike, nor from a bare id', () => {
    const tools = [
      tool('get_email', { uid: text }),
      tool('get_message', { uid: text }),
      tool('get_summary', { uid: text }, 'Summary of an email message'),
      tool('get_issue', { id: text }),
      tool('get_issue_diff', { id: text }, 'Diff of an issue'),
    ];
    expect(parentsOf(tools, 'get_summary')).toEqual([]);
    expect(parentsOf(tools, 'get_issue_diff')).not.toContain('id->issue');
  });
});
