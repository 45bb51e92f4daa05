import { describe, expect, it } from 'vitest';
import { emptyWorld } from '../../domain/memory-log.js';
import { isReadOnlyCall, toCallShapes } from './tool-shapes.js';
import type { ToolCall } from './tool-result-source.js';
import type { ToolDefinition } from '../../domain/registry.js';

const getNote: ToolDefinition = {
  name: 'get_note',
  description: 'Reads a note by id',
  inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
};
const createNote: ToolDefinition = {
  name: 'create_note',
  description: 'Creates a note',
  inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
};

function callOf(tool: ToolDefinition, args: Record<string, unknown>): ToolCall {
  return {
    namespace: 'ns',
    connectionId: 'notes',
    server: '@qa/notes',
    tool: tool.name,
    arguments: args,
    argumentsKey: JSON.stringify(args),
    occurrence: 1,
    context: {
      serverName: 'Notes',
      serverDescription: '',
      toolDefinition: tool,
      scenario: null,
      world: emptyWorld(),
      history: [],
      serverTools: [getNote, createNote],
    },
  };
}

describe('toCallShapes', () => {
  it('reads a call once: the stale-read guard, the world check and the simulator get the same reading of it', () => {
    const call = callOf(getNote, { id: 'n1' });
    const first = toCallShapes(call);
    expect(first?.shape).toMatchObject({ entity: 'note', operation: 'read' });
    expect(toCallShapes(call)).toBe(first);
    expect(isReadOnlyCall(call)).toBe(true);
  });

  it('reads every call anew: another call of the same server gets its own reading', () => {
    const read = toCallShapes(callOf(getNote, { id: 'n1' }));
    const created = toCallShapes(callOf(createNote, { text: 'hello' }));
    expect(created).not.toBe(read);
    expect(created?.shape).toMatchObject({ entity: 'note', operation: 'create' });
    expect(isReadOnlyCall(callOf(createNote, { text: 'hello' }))).toBe(false);
  });
});
