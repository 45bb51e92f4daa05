import { describe, expect, it } from 'vitest';
import { toHierarchyLevels } from './hierarchy-levels.js';

const tool = (name: string, description: string, required: string[] = []) => ({
  name,
  description,
  inputSchema: { type: 'object', properties: {}, required },
});

describe('toHierarchyLevels', () => {
  it('reads the levels a hierarchy read lists, top first, in parentheses or after "of"', () => {
    expect(toHierarchyLevels(tool('get_workspace_hierarchy', 'Gets complete workspace hierarchy (spaces, folders, lists).'))).toEqual([
      'space',
      'folder',
      'list',
    ]);
    expect(toHierarchyLevels(tool('get_tree', 'Returns the tree of projects, sections and tasks.'))).toEqual([
      'project',
      'section',
      'task',
    ]);
  });

  it('reads none for a tool that is no hierarchy read, or that requires an argument', () => {
    expect(toHierarchyLevels(tool('list_spaces', 'Lists spaces (spaces, folders).'))).toEqual([]);
    expect(toHierarchyLevels(tool('get_tree', 'The tree (files, folders).', ['path']))).toEqual([]);
  });
});
