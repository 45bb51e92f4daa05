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
  it('corrects reads to the type their output lists, and leaves a batch delete the reading already reads by its names', () => {
    expect(inferCaptureOverrides(graphTools)).toEqual({
      search_nodes: { entity: 'entity' },
      read_graph: { entity: 'entity', operation: 'list' },
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

describe('capture world relations', () => {
  const text = (value: unknown) => ({ content: [{ type: 'text', text: JSON.stringify(value) }] });

  it('keeps a comment captured under an issue under that issue', () => {
    const tools: ToolDefinition[] = [
      { name: 'get_issue', inputSchema: { type: 'object', properties: { issue_number: { type: 'integer' } }, required: ['issue_number'] } },
      {
        name: 'add_issue_comment',
        inputSchema: {
          type: 'object',
          properties: { issue_number: { type: 'integer' }, body: { type: 'string' } },
          required: ['issue_number', 'body'],
        },
      },
    ];
    const world = inferCapturedWorld(tools, [
      { tool: 'add_issue_comment', arguments: { issue_number: 7, body: 'Seen it too' }, result: text({ id: 901, body: 'Seen it too' }) },
    ]);
    expect(world.entities.comment).toEqual({ '901': { id: 901, body: 'Seen it too', issue_number: 7 } });
  });

  it('keeps relations that have no id, once each, under the keys the simulator gives them', () => {
    const relation = (from: string, to: string) => ({ from, to, relationType: 'knows' });
    const tools: ToolDefinition[] = [
      { name: 'create_relations', inputSchema: { type: 'object', properties: { relations: { type: 'array' } }, required: ['relations'] } },
      ...graphTools,
    ];
    const world = inferCapturedWorld(
      tools,
      [
        {
          tool: 'create_relations',
          arguments: {},
          result: { content: [], structuredContent: { relations: [relation('Ada', 'Babbage')] } },
        },
        {
          tool: 'read_graph',
          arguments: {},
          result: { content: [], structuredContent: { entities: [], relations: [relation('Ada', 'Babbage'), relation('Hopper', 'Ada')] } },
        },
      ],
      inferCaptureOverrides(tools),
    );
    expect(world.entities.relation).toEqual({ relation_1: relation('Ada', 'Babbage'), relation_2: relation('Hopper', 'Ada') });
  });
});
