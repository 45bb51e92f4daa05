import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { inferServerShapes } from './tool-operation.js';
import { toParentReferences } from './tool-parents.js';

const tool = (name: string, properties: Record<string, unknown>, required: string[] = Object.keys(properties)): ToolDefinition => ({
  name,
  inputSchema: { type: 'object', properties, required },
});

const tools = [
  tool('get_issue', { issue_number: { type: 'integer' } }),
  tool('add_issue_comment', { issue_number: { type: 'integer' }, body: { type: 'string' } }),
  tool('list_channels', {}),
  tool('post_message', { channel_id: { type: 'string' }, text: { type: 'string' }, name: { type: 'string' } }),
  tool('list_projects', {}),
  tool('create_task', { project_key: { type: 'string' }, path: { type: 'string' }, id: { type: 'string' } }),
];
const references = (name: string) => {
  const shapes = inferServerShapes(tools);
  return toParentReferences(
    tools.find((candidate) => candidate.name === name)!,
    shapes.get(name)!,
    shapes,
  );
};

describe('toParentReferences', () => {
  it("reads an argument that another entity's read takes as its id as a reference to that entity", () => {
    expect(references('add_issue_comment')).toEqual([{ argument: 'issue_number', entity: 'issue', idField: 'number', numericId: true }]);
  });

  it("reads an entity's name with an id word as a reference to it, and never a name, a path or a bare id", () => {
    expect(references('post_message')).toEqual([{ argument: 'channel_id', entity: 'channel', idField: 'id', numericId: false }]);
    expect(references('create_task')).toEqual([{ argument: 'project_key', entity: 'project', idField: 'id', numericId: false }]);
  });

  it('finds no parent of an entity in its own id argument', () => {
    expect(references('get_issue')).toEqual([]);
  });
});
