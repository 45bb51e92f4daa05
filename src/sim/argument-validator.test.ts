import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { createArgumentValidator } from './argument-validator.js';

const createSprint: ToolDefinition = {
  name: 'create_sprint',
  description: 'Create a sprint in a project',
  inputSchema: {
    type: 'object',
    properties: {
      project_id: { type: 'string' },
      sprint: {
        type: 'object',
        properties: { name: { type: 'string' }, project_id: { type: 'string' }, board_id: { type: 'string' } },
        required: ['name', 'project_id', 'board_id'],
      },
    },
    required: ['project_id', 'sprint'],
  },
};

describe('the argument validator', () => {
  const validate = createArgumentValidator();

  it('takes a nested required field the call gives at its top level', () => {
    expect(validate(createSprint, { project_id: 'p1', board_id: 'b1', sprint: { name: 'Sprint 14' } })).toBeNull();
  });

  it('still refuses a nested required field the call gives nowhere', () => {
    expect(validate(createSprint, { project_id: 'p1', sprint: { name: 'Sprint 14' } })).toBe(
      'Invalid arguments for create_sprint: sprint.board_id is required',
    );
    expect(validate(createSprint, { project_id: 'p1', sprint: { project_id: 'p1', board_id: 'b1' } })).toMatch(/sprint\.name is required/);
  });

  it('leaves the call as it was given', () => {
    const args = { project_id: 'p1', board_id: 'b1', sprint: { name: 'Sprint 14' } };
    validate(createSprint, args);
    expect(args.sprint).toEqual({ name: 'Sprint 14' });
  });
});
