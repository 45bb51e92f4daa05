import { describe, expect, it } from 'vitest';
import type { WorldState } from '../../../domain/memory-log.js';
import type { ToolDefinition } from '../../../domain/registry.js';
import { applyWorldChanges } from '../../../domain/world-state.js';
import { createSimulator } from '../simulator.js';

const tools: ToolDefinition[] = [
  { name: 'get_me', description: 'The currently authenticated user.', inputSchema: { type: 'object', properties: {} } },
  { name: 'create_client', description: 'Create a client.', inputSchema: { type: 'object', properties: { name: { type: 'string' } } } },
];

async function callGetMe(world: WorldState, sequence: number) {
  const resolution = await createSimulator({ seed: 'test' }).resolve({
    namespace: 'lab',
    connectionId: 'c',
    server: '@test/timetrack',
    tool: 'get_me',
    arguments: {},
    argumentsKey: '{}',
    occurrence: sequence,
    sequence,
    context: {
      serverName: 'Timetrack',
      serverDescription: '',
      toolDefinition: tools[0]!,
      scenario: 'An agency with no clients yet.',
      world,
      history: [],
      serverTools: tools,
      now: '2026-03-01T10:00:00.000Z',
      toolOverrides: {},
    },
  });
  return { text: (resolution!.result.content[0] as { text: string }).text, changes: resolution!.worldChanges };
}

describe('a current-user read', () => {
  it('answers one stable person where the world seeds nobody, and keeps that person', async () => {
    const first = await callGetMe({ entities: {}, facts: [] }, 1);
    expect(JSON.parse(first.text)).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com' });
    const world = applyWorldChanges({ entities: {}, facts: [] }, first.changes ?? {});
    expect((await callGetMe(world, 2)).text).toBe(first.text);
  });

  it('answers the person the world holds', async () => {
    const world: WorldState = { entities: { me: { u_7: { id: 'u_7', name: 'Grace Hopper' } } }, facts: [] };
    expect(JSON.parse((await callGetMe(world, 1)).text)).toMatchObject({ name: 'Grace Hopper' });
  });
});
