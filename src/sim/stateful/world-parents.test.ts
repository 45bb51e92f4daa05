import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../../domain/registry.js';
import type { WorldState } from '../../domain/memory-log.js';
import { readServer } from '../../reading/read-server.js';
import { missingParent } from './world-parents.js';

const text = { type: 'string' };
const tool = (name: string, properties: Record<string, unknown>, required: string[] = Object.keys(properties)): ToolDefinition => ({
  name,
  inputSchema: { type: 'object', properties, required },
});

const tools = [
  tool('create_case', { subject: text }),
  tool('get_case', { case_id: text }),
  tool('list_queues', {}),
  tool('create_queue', { name: text }),
  tool('route', { case_id: text, queue_id: text }),
];

function input(name: string, args: Record<string, unknown>, world: WorldState) {
  const model = readServer(tools);
  const found = tools.find((candidate) => candidate.name === name)!;
  return {
    shape: model.shapes.get(name)!,
    tool: found,
    serverTools: tools,
    shapes: model.shapes,
    model,
    args,
    argumentsKey: JSON.stringify(args),
    world,
    now: '2026-03-01T00:00:00.000Z',
    sequence: 1,
    seed: 'test',
  };
}

describe('the entities an action names by id', () => {
  const world: WorldState = {
    entities: { case: { c1: { id: 'c1', subject: 'Refund' } }, queue: { q1: { id: 'q1', name: 'Billing' } } },
    facts: [],
  };

  it('are a not-found of that entity where the world holds its type', () => {
    expect(missingParent(input('route', { case_id: 'c1', queue_id: 'q1' }, world))).toBeNull();
    expect(missingParent(input('route', { case_id: 'c1', queue_id: 'q9' }, world))).toMatch(/q9 not found/);
    expect(missingParent(input('route', { case_id: 'c9', queue_id: 'q1' }, world))).toMatch(/c9 not found/);
  });

  it('are news to an empty world, where every entity is', () => {
    expect(missingParent(input('route', { case_id: 'c9', queue_id: 'q9' }, { entities: {}, facts: [] }))).toBeNull();
  });
});
