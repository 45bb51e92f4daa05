import { describe, expect, it } from 'vitest';
import { parentsOf, text, tool } from './written-tools.test-support.js';

describe('parents of the tool’s own type', () => {
  const tools = [
    tool('create_tag', { name: text, parentTagName: text }),
    tool('list_tags', {}),
    tool('create_folder', { name: text, parent_folder_id: text }),
    tool('get_folder', { folder_id: text }),
    tool('create_issue', { title: text, parentIssueId: text }),
    tool('get_issue', { issueId: text }),
    tool('create_label', { name: text, parentTagName: text, parentName: text }),
  ];

  it('reads parent + the type’s word + an id or name ending as a parent of that type, by id strongly and by name weakly', () => {
    expect(parentsOf(tools, 'create_tag', { weak: true })).toContain('parentTagName->tag?');
    expect(parentsOf(tools, 'create_folder', { weak: true })).toContain('parent_folder_id->folder');
    expect(parentsOf(tools, 'create_issue', { weak: true })).toContain('parentIssueId->issue');
  });

  it('never reads parent + another type’s word as a parent of the tool’s own type', () => {
    expect(parentsOf(tools, 'create_label')).not.toContain('parentTagName->label');
  });
});
