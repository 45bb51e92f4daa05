import { describe, expect, it } from 'vitest';
import { toDescribedObjectNoun, withDescribedObjectNoun } from './described-object-noun.js';
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
    const attach = tool('attach_tag', { item_id: text, tag_id: text }, 'Attach a tag to an item.');
    const shape = { ...inferServerShapes([attach]).get('attach_tag')!, entity: 'item' };
    expect(withDescribedObjectNoun(shape, attach, new Set(), () => false).entity).toBe('item');
    const unnamed = tool('attach_tag', { tag_id: text }, 'Attach a tag to a card.');
    expect(withDescribedObjectNoun(shape, unnamed, new Set(), () => false).entity).toBe('tag');
  });
});
