import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../../domain/registry.js';
import { inferCapturedWorld, inferCaptureOverrides } from './capture-world.js';

const entityList = {
  type: 'object',
  properties: { entities: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' } } } } },
};
const graphTools: ToolDefinition[] = [
  {
    name: 'create_entities',
    inputSchema: { type: 'object', properties: { entities: { type: 'array' } }, required: ['entities'] },
    outputSchema: entityList,
  },
  {
    name: 'search_nodes',
    inputSchema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
    outputSchema: entityList,
    annotations: { readOnlyHint: true },
  },
  { name: 'read_graph', inputSchema: { type: 'object', properties: {} }, outputSchema: entityList, annotations: { readOnlyHint: true } },
  {
    name: 'delete_entities',
    inputSchema: { type: 'object', properties: { entityNames: { type: 'array', items: { type: 'string' } } }, required: ['entityNames'] },
  },
];
const shown = (names: string[]) => ({
  content: [],
  structuredContent: { entities: names.map((name) => ({ name, entityType: 'person' })) },
});

describe('capture world inference', () => {
  it('corrects reads to the type their output lists and batch deletes to deletes', () => {
    expect(inferCaptureOverrides(graphTools)).toEqual({
      search_nodes: { entity: 'entity' },
      read_graph: { entity: 'entity', operation: 'list' },
      delete_entities: { operation: 'delete', id: 'entityNames' },
    });
  });

  it('replays the recorded results onto one world: what was shown is kept, what was deleted is gone, errors change nothing', () => {
    const overrides = inferCaptureOverrides(graphTools);
    const world = inferCapturedWorld(
      graphTools,
      [
        { tool: 'create_entities', arguments: {}, result: shown(['Ada', 'Babbage', 'Lovelace']) },
        { tool: 'read_graph', arguments: {}, result: shown(['Ada', 'Babbage', 'Lovelace', 'Hopper']) },
        { tool: 'delete_entities', arguments: { entityNames: ['Lovelace'] }, result: { content: [{ type: 'text', text: 'ok' }] } },
        { tool: 'create_entities', arguments: {}, result: { ...shown(['Ghost']), isError: true } },
      ],
      overrides,
    );
    expect(Object.keys(world.entities.entity ?? {}).sort()).toEqual(['Ada', 'Babbage', 'Hopper']);
    expect(world.entities.entity?.Ada).toEqual({ name: 'Ada', entityType: 'person' });
  });

  it('reads ids from JSON text when there is no structuredContent', () => {
    const tools: ToolDefinition[] = [{ name: 'list_issues', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } }];
    const world = inferCapturedWorld(tools, [
      { tool: 'list_issues', arguments: {}, result: { content: [{ type: 'text', text: '{"issues":[{"number":7,"title":"Crash"}]}' }] } },
    ]);
    expect(world.entities).toEqual({ issue: { '7': { number: 7, title: 'Crash' } } });
  });
});
