import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { toAnswerKind } from './answer-kind.js';
import { inferServerShapes } from './tool-operation.js';

const tool = (name: string, properties: Record<string, Record<string, unknown>> = {}, description = ''): ToolDefinition => ({
  name,
  description,
  inputSchema: { type: 'object', properties, required: Object.keys(properties) },
  annotations: { readOnlyHint: true },
});
const text = { type: 'string' };

describe('a read of the caller reads a user', () => {
  const tools = [
    tool('whoami', {}, 'Get the authenticated user'),
    tool('get_viewer', {}, 'Get the signed-in person'),
    tool('workspace_current_user', {}, 'Who am I in this workspace'),
    tool('get_user', { user_id: text }, 'Get a user by id'),
  ];
  const shapes = inferServerShapes(tools);

  it('reads whoami, get_viewer and <scope>_current_user as user, and still answers the caller', () => {
    expect(['whoami', 'get_viewer', 'workspace_current_user'].map((name) => shapes.get(name)?.entity)).toEqual(['user', 'user', 'user']);
    for (const name of ['whoami', 'get_viewer'])
      expect(
        toAnswerKind(
          tools.find((entry) => entry.name === name)!,
          shapes.get(name)!,
          { shapes, serverTools: tools, corrected: false },
        ).kind,
      ).toBe('current user');
  });
});
