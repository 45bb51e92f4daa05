import { describe, expect, it } from 'vitest';
import { toPresentShape, withoutAbsent } from './absent-arguments.js';
import type { ToolDefinition } from '../domain/registry.js';
import { inferServerShapes } from './tool-operation.js';

describe('absent arguments', () => {
  it('leaves out empty strings and nulls', () => {
    expect(withoutAbsent({ projectId: '', projectKey: 'acme_web', branch: null, page: 0, flag: false })).toEqual({
      projectKey: 'acme_web',
      page: 0,
      flag: false,
    });
  });

  it('reads the id from the argument given when the preferred one came empty', () => {
    const tool: ToolDefinition = {
      name: 'get_project',
      inputSchema: {
        type: 'object',
        properties: { projectId: { type: 'string' }, projectKey: { type: 'string' } },
        required: ['projectId', 'projectKey'],
      },
    };
    const shape = inferServerShapes([tool]).get('get_project')!;
    expect(shape.idArgument).toBe('projectId');
    const entities = new Set(['project']);
    expect(toPresentShape(shape, tool, { projectId: '', projectKey: 'acme_web' }, entities)).toMatchObject({
      idArgument: 'projectKey',
      idField: 'key',
    });
    expect(toPresentShape(shape, tool, { projectId: 'p1', projectKey: '' }, entities)).toBe(shape);
  });
});
