import { describe, expect, it } from 'vitest';
import { emptyWorld, type CallLogEntry } from '../domain/memory-log.js';
import { createStaleReadGuard } from './stale-read-guard.js';
import type { ToolCall, ToolResolution } from './tool-result-source.js';

const getNote = {
  name: 'get_note',
  description: 'Reads a note by id',
  inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
};
const recorded: ToolResolution = { source: 'fixture', result: { content: [{ type: 'text', text: 'note n1: hello' }] } };
const replay = { resolve: async () => recorded };

function entry(sequence: number, source: CallLogEntry['source'], changes?: CallLogEntry['changes']): CallLogEntry {
  return {
    sequence,
    tool: 'edit_note',
    arguments: {},
    argumentsKey: '{}',
    occurrence: sequence,
    result: { content: [] },
    source,
    model: null,
    usage: null,
    latencyMs: 0,
    at: '2026-01-01T00:00:00.000Z',
    ...(changes ? { changes } : {}),
  };
}

function readCall(history: readonly CallLogEntry[]): ToolCall {
  return {
    namespace: 'ns',
    connectionId: 'notes',
    server: '@qa/notes',
    tool: 'get_note',
    arguments: { id: 'n1' },
    argumentsKey: '{"id":"n1"}',
    occurrence: 1,
    context: {
      serverName: 'Notes',
      serverDescription: '',
      toolDefinition: getNote,
      scenario: null,
      world: emptyWorld(),
      history,
      serverTools: [getNote],
    },
  };
}

describe('createStaleReadGuard', () => {
  it('replays a recorded read until an unrecorded call changed its type, also after retention dropped that call', async () => {
    const guard = createStaleReadGuard(replay);
    const history: CallLogEntry[] = [entry(1, 'fixture', { upserts: [{ type: 'note', id: 'n1', fields: { text: 'hello' } }] })];
    expect(await guard.resolve(readCall(history))).toBe(recorded);
    history.push(entry(2, 'simulated', { upserts: [{ type: 'note', id: 'n1', fields: { text: 'changed' } }] }), entry(3, 'fixture'));
    expect(await guard.resolve(readCall(history))).toBeNull();
    // Retention drops the oldest calls from the same array: what call 2 changed is still changed.
    history.splice(0, 2);
    expect(await guard.resolve(readCall(history))).toBeNull();
  });
});
