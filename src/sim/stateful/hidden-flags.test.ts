import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../../domain/registry.js';
import { readServer } from '../../reading/read-server.js';
import { hiddenFlags, isHiddenByFlag } from './hidden-flags.js';
import type { AnswerInput } from './world-conventions.js';

const tool = (name: string, properties: Record<string, Record<string, unknown>>, required: string[] = []): ToolDefinition => ({
  name,
  description: '',
  inputSchema: { type: 'object', properties, required },
});
const members = [
  tool('member_create', { full_name: { type: 'string' } }, ['full_name']),
  tool('member_update', { member_id: { type: 'string' }, inactive: { type: 'boolean' } }, ['member_id']),
  tool('member_list', {
    include_inactive: { type: 'boolean', description: 'Include inactive members (default false)' },
    include_fields: { type: 'boolean' },
    with_badges: { type: 'boolean' },
  }),
];

function inputFor(tools: ToolDefinition[], name: string): AnswerInput {
  const model = readServer(tools);
  const { shapes } = model;
  const [tool] = tools.filter((candidate) => candidate.name === name);
  return {
    tool: tool!,
    shape: shapes.get(name)!,
    shapes,
    model,
    serverTools: tools,
    args: {},
    argumentsKey: '{}',
    world: { entities: {}, facts: [] },
    now: '',
    sequence: 1,
    seed: 't',
  };
}

describe('hidden flags', () => {
  it('reads the flags a list hides until an include_ argument asks, not what it adds to the answer', () => {
    expect(hiddenFlags(inputFor(members, 'member_list'))).toEqual(['inactive']);
  });

  it('leaves out an entity with the flag set unless the call asks for it', () => {
    expect(isHiddenByFlag(['inactive'], { inactive: true }, {})).toBe(true);
    expect(isHiddenByFlag(['inactive'], { inactive: 1 }, { include_inactive: false })).toBe(true);
    expect(isHiddenByFlag(['inactive'], { inactive: true }, { include_inactive: true })).toBe(false);
    expect(isHiddenByFlag(['inactive'], { inactive: false }, {})).toBe(false);
    expect(isHiddenByFlag(['inactive'], { name: 'Ada' }, {})).toBe(false);
  });
});
