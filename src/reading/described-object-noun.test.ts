import { describe, expect, it } from 'vitest';
import { toDescribedObjectNoun, withDescribedObjectNouns } from './described-object-noun.js';
import { readServer } from './read-server.js';
import { inferServerShapes } from './tool-operation.js';
import { tool, text } from './written-tools.test-support.js';

const entityOf = (tools: ReturnType<typeof tool>[], name: string, serverNames: string[] = []) =>
  readServer(tools, { serverNames }).shapes.get(name)?.entity;

describe("the object a description's first verb names", () => {
  it('is the noun ending the phrase after the verb, read singular', () => {
    expect(toDescribedObjectNoun('List all stored memories/artifacts. Shows what was ingested.', new Set())).toBe('memory');
    expect(toDescribedObjectNoun('Delete a memory/artifact from storage.', new Set())).toBe('memory');
    expect(toDescribedObjectNoun('Search for locations worldwide by place name', new Set())).toBe('location');
    expect(toDescribedObjectNoun('Execute a Prometheus query', new Set(['prometheus']))).toBe('query');
  });

  it('is none where the sentence opens with no verb, or ends its object on a placeholder', () => {
    expect(toDescribedObjectNoun('Long-term memory for agents', new Set())).toBeNull();
    expect(toDescribedObjectNoun('Get build information', new Set())).toBeNull();
  });
});

describe('a tool whose name names no thing', () => {
  const memdata = [
    tool('memdata_list', { limit: { type: 'number' } }, 'List all stored memories/artifacts.'),
    tool('memdata_delete', { artifact_id: text }, 'Delete a memory/artifact from storage.'),
    tool('memdata_session_start', {}, 'Start a session: returns your identity.'),
    tool('memdata_set_identity', { agent_name: text }, 'Set or update your agent identity.'),
    tool('memdata_session_end', { summary: text }, 'Save a session handoff before ending.'),
  ];

  it('acts on the object its description names where the name has no noun but the service name and a verb, and says why', () => {
    expect(entityOf(memdata, 'memdata_list', ['memdata-mcp'])).toBe('memory');
    expect(entityOf(memdata, 'memdata_delete', ['memdata-mcp'])).toBe('memory');
    expect(readServer(memdata, { serverNames: ['memdata-mcp'] }).readings.get('memdata_list')?.why.entity).toMatch(/no noun of its own/);
  });

  it('acts on the object a search named for its act describes', () => {
    const tools = [
      tool('geocoding', { name: text, count: { type: 'number' } }, 'Search for locations worldwide by place name or postal code.'),
      tool('where_used', { uid: text }, 'Search for usage of the target object in other objects and rules.'),
    ];
    expect(entityOf(tools, 'geocoding')).toBe('location');
    expect(entityOf(tools, 'where_used')).toBe('usage');
  });

  it('keeps `item` where the service writes it: in the name, an argument or the description', () => {
    const tools = [
      tool('attach_tag', { item_id: text, tag_id: text }, 'Attach a tag to an item.'),
      tool('detach', { tag_id: text }, 'Detach a tag from a card.'),
    ];
    const shapes = new Map([...inferServerShapes(tools)].map(([name, shape]) => [name, { ...shape, entity: 'item' }]));
    const read = withDescribedObjectNouns(tools, shapes, new Set(), () => false, new Map());
    expect(read.get('attach_tag')?.entity).toBe('item');
    expect(read.get('detach')?.entity).toBe('tag');
  });

  it('gives the tools without a noun the one object their descriptions agree on, and none where they disagree', () => {
    const ingest = tool('memdata_ingest', { content: text }, 'Ingest text content into long-term memory.');
    const agreeing = [...memdata, ingest];
    expect(entityOf(agreeing, 'memdata_ingest', ['memdata-mcp'])).toBe('memory');
    const disagreeing = agreeing.map((each) =>
      each.name === 'memdata_delete' ? tool('memdata_delete', { artifact_id: text }, 'Delete a note from storage.') : each,
    );
    expect(entityOf(disagreeing, 'memdata_list', ['memdata-mcp'])).toBe('item');
  });

  it('reads no object that an argument passes in', () => {
    const tools = [
      tool('prometheus_query', { query: text, time: text }, 'Execute a Prometheus query'),
      tool('prometheus_list_targets', {}, 'List all Prometheus targets'),
      tool('prometheus_runtime_info', {}, 'Get Prometheus runtime information'),
    ];
    expect(entityOf(tools, 'prometheus_query', ['prometheus-mcp'])).toBe('item');
  });
});
