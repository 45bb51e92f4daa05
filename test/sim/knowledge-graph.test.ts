/**
 * A knowledge-graph memory server (entities keyed by name, created in batches, relations with no
 * id of their own, observations kept on each entity), driven with no model over the real platform
 * (a real SQLite file, `app.fetch` in process): observations go into the named entity's list and
 * out of it again, a relation is deleted by what it is, and "Read the entire knowledge graph"
 * shows every entity and relation.
 */
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { toolAnswers, useSimulatorHarness } from '../support/simulator-harness.js';

let harness: Harness;
useSimulatorHarness('mcpsim-knowledge-graph-', (started) => (harness = started));

const text = { type: 'string' };
const texts = { type: 'array', items: text };
const list = (properties: Record<string, unknown>) => ({ type: 'array', items: { type: 'object', properties } });
const tool = (name: string, description: string, properties: Record<string, unknown>) => ({
  name,
  description,
  inputSchema: { type: 'object', properties, required: Object.keys(properties) },
});
const relation = { from: text, to: text, relationType: text };
const tools = [
  tool('create_entities', 'Create multiple new entities in the knowledge graph', {
    entities: list({ name: text, entityType: text, observations: texts }),
  }),
  tool('create_relations', 'Create multiple new relations between entities in the knowledge graph', { relations: list(relation) }),
  tool('add_observations', 'Add new observations to existing entities in the knowledge graph', {
    observations: list({ entityName: text, contents: texts }),
  }),
  tool('delete_observations', 'Delete specific observations from entities in the knowledge graph', {
    deletions: list({ entityName: text, observations: texts }),
  }),
  tool('delete_relations', 'Delete multiple relations from the knowledge graph', { relations: list(relation) }),
  tool('read_graph', 'Read the entire knowledge graph', {}),
];

async function connect() {
  expect((await harness.call('PUT', '/servers/@qa/memory', { body: { tools } })).status).toBe(201);
  await harness.call('PUT', '/namespaces/ops');
  expect((await harness.call('PUT', '/connect/ops/memory', { body: { server: '@qa/memory', mock: { enabled: true } } })).status).toBe(201);
  const empty = { world: { entities: {}, facts: [] } };
  expect((await harness.call('PUT', '/__mcpsim/connections/ops/memory/simulation', { body: empty })).status).toBe(200);
  return toolAnswers(harness, 'ops/memory');
}

describe('a knowledge graph of named entities', () => {
  it('keeps observations on the named entity, deletes a relation by what it is, and reads the whole graph', async () => {
    const call = await connect();
    await call('create_entities', {
      entities: [
        { name: 'Ada Lovelace', entityType: 'person', observations: ['Wrote the first algorithm'] },
        { name: 'Analytical Engine', entityType: 'machine', observations: [] },
      ],
    });
    const link = { from: 'Ada Lovelace', to: 'Analytical Engine', relationType: 'wrote notes on' };
    await call('create_relations', { relations: [link] });
    await call('add_observations', { observations: [{ entityName: 'Ada Lovelace', contents: ['Born in 1815'] }] });
    const graph = await call('read_graph', {});
    expect(graph.entities).toContainEqual(
      expect.objectContaining({ name: 'Ada Lovelace', observations: ['Wrote the first algorithm', 'Born in 1815'] }),
    );
    expect(graph.relations).toEqual([expect.objectContaining(link)]);

    await call('delete_observations', { deletions: [{ entityName: 'Ada Lovelace', observations: ['Born in 1815'] }] });
    expect((await call('delete_relations', { relations: [link] })).error).toBeUndefined();
    const after = await call('read_graph', {});
    expect(after.entities).toContainEqual(expect.objectContaining({ name: 'Ada Lovelace', observations: ['Wrote the first algorithm'] }));
    expect(after.relations).toEqual([]);
  });

  it('answers a not-found and leaves the entities alone when observations name an entity nobody made', async () => {
    const call = await connect();
    await call('create_entities', { entities: [{ name: 'Ada Lovelace', entityType: 'person', observations: [] }] });
    // "to existing entities": the real server throws `Entity with name Grace Hopper not found` (existing-records.ts).
    const answer = await call('add_observations', { observations: [{ entityName: 'Grace Hopper', contents: ['Wrote a compiler'] }] });
    expect(answer.error).toBe('Entity "Grace Hopper" not found');
    expect((await call('read_graph', {})).entities).toEqual([expect.objectContaining({ name: 'Ada Lovelace', observations: [] })]);
  });
});
