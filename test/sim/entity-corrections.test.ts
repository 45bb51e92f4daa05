/**
 * A scenario's `entities:` corrections change what the simulator does, not only what explain
 * says: new ids take the corrected format, and the corrected parent is the one a child's create is
 * checked against. Driven through the stateful simulator, call by call, with the corrections in
 * the call's context as the runner gives them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, describe, expect, it } from 'vitest';
import type { WorldState } from '../../src/domain/memory-log.js';
import type { ToolDefinition } from '../../src/domain/registry.js';
import type { EntityCorrection } from '../../src/domain/tool-override.js';
import { applyWorldChanges } from '../../src/domain/world-state.js';
import { readServer } from '../../src/reading/read-server.js';
import { createSimulator } from '../../src/sim/stateful/simulator.js';
import { createToolResults } from '../../src/sim/tool-results.js';
import { startHarness, testApiKey } from '../support/harness.js';

const emptyFixtures = mkdtempSync(join(tmpdir(), 'mcpsim-entity-corrections-'));
afterAll(() => rmSync(emptyFixtures, { recursive: true, force: true }));

const object = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties, required });

/** A kanban service whose cards name their board by `column_ref`, a name no rule reads as a parent. */
const tools: ToolDefinition[] = [
  { name: 'create_board', inputSchema: object({ title: { type: 'string' } }, ['title']) },
  { name: 'get_board', inputSchema: object({ board_id: { type: 'string' } }, ['board_id']) },
  { name: 'create_card', inputSchema: object({ column_ref: { type: 'string' }, title: { type: 'string' } }, ['column_ref', 'title']) },
  { name: 'get_card', inputSchema: object({ card_id: { type: 'string' } }, ['card_id']) },
];

const corrections: Record<string, EntityCorrection> = {
  card: { id: { prefix: 'crd_' }, parent: { type: 'board', argument: 'column_ref' } },
};

function createSession(entityCorrections: Record<string, EntityCorrection> | undefined) {
  const simulator = createSimulator({ seed: 'test' });
  let world: WorldState = { entities: {}, facts: [] };
  let sequence = 0;
  return async (name: string, args: Record<string, unknown>) => {
    sequence++;
    const resolution = await simulator.resolve({
      namespace: 'lab',
      connectionId: 'c',
      server: '@test/kanban',
      tool: name,
      arguments: args,
      argumentsKey: JSON.stringify(args),
      occurrence: 1,
      sequence,
      context: {
        serverName: 'kanban',
        serverDescription: '',
        toolDefinition: tools.find((tool) => tool.name === name)!,
        scenario: null,
        world,
        history: [],
        serverTools: tools,
        now: '2026-03-01T10:00:00.000Z',
        ...(entityCorrections ? { entityCorrections } : {}),
      },
    });
    if (resolution?.worldChanges) world = applyWorldChanges(world, resolution.worldChanges);
    const text = (resolution!.result.content[0] as { text: string }).text;
    return { isError: resolution!.result.isError === true, text };
  };
}

describe("a scenario's entities: corrections", () => {
  it('make new ids in the corrected format', async () => {
    const call = createSession(corrections);
    const board = JSON.parse((await call('create_board', { title: 'Launch' })).text) as { id: string };
    const card = await call('create_card', { column_ref: board.id, title: 'Write the press release' });
    expect(card.isError, card.text).toBe(false);
    const id = (JSON.parse(card.text) as { id: string }).id;
    expect(id).toMatch(/^crd_[A-Za-z0-9]{14}$/);
    expect((await call('get_card', { card_id: id })).text).toContain('Write the press release');
    // Uncorrected, the same create counts up in the entity's own name.
    const plain = createSession(undefined);
    expect(JSON.parse((await plain('create_card', { column_ref: 'x', title: 'Draft' })).text).id).not.toMatch(/^crd_/);
  });

  it('make the corrected argument name the parent a create is checked against', async () => {
    const call = createSession(corrections);
    await call('create_board', { title: 'Launch' });
    const orphan = await call('create_card', { column_ref: 'board_404', title: 'Lost' });
    expect(orphan.isError).toBe(true);
    expect(orphan.text).toMatch(/board_404/);
    // Uncorrected, column_ref names nothing the simulator knows, so the same card is created.
    const plain = createSession(undefined);
    await plain('create_board', { title: 'Launch' });
    expect((await plain('create_card', { column_ref: 'board_404', title: 'Lost' })).isError).toBe(false);
  });

  it('show in the model: the corrected parent, id format, states and unique fields', () => {
    const model = readServer(tools, { entities: { card: { ...corrections.card, states: ['todo', 'done'], unique: ['title'] } } });
    expect(model.entityTypes.get('card')).toMatchObject({
      parents: [{ type: 'board', argument: 'column_ref' }],
      idFormat: { example: expect.stringMatching(/^crd_[A-Za-z0-9]{14}$/), source: 'pattern' },
      state: { field: 'status', values: ['todo', 'done'] },
      unique: ['title'],
    });
    expect(readServer(tools).entityTypes.get('card')?.parents).toEqual([]);
  });
});

describe('entities: in the simulation settings of a mock connection', () => {
  it('reach the running simulator, and the settings answer them back', async () => {
    const harness = await startHarness('in-process', {
      toolResults: createToolResults({ fixturesDir: emptyFixtures, missPolicy: 'simulate' }),
    });
    try {
      await harness.call('PUT', '/namespaces/lab');
      expect((await harness.call('PUT', '/__mcpsim/servers/@qa/kanban', { body: { tools } })).status).toBeLessThan(300);
      await harness.call('PUT', '/connect/lab/kanban', { body: { server: '@qa/kanban', mock: { enabled: true } } });
      const set = await harness.call('PUT', '/__mcpsim/connections/lab/kanban/simulation', { body: { entities: corrections } });
      expect(set.status).toBe(200);
      expect(set.body.entities).toEqual(corrections);
      expect((await harness.call('GET', '/__mcpsim/connections/lab/kanban/simulation')).body.entities).toEqual(corrections);
      const call = async (name: string, args: Record<string, unknown>) =>
        (await harness.call('POST', `/connect/lab/kanban/.tools/${name}`, { body: args })).body;
      const board = JSON.parse((await call('create_board', { title: 'Launch' })).content[0].text) as { id: string };
      const card = await call('create_card', { column_ref: board.id, title: 'Write the press release' });
      expect(JSON.parse(card.content[0].text).id).toMatch(/^crd_[A-Za-z0-9]{14}$/);
      expect((await call('create_card', { column_ref: 'board_404', title: 'Lost' })).isError).toBe(true);
    } finally {
      await harness.close();
    }
  });
});

describe('entities: states and unique fields over MCP', () => {
  /** A task service written for this test: its tools show no states and say nothing is unique. */
  const taskTools: ToolDefinition[] = [
    { name: 'create_task', inputSchema: object({ title: { type: 'string' } }, ['title']) },
    { name: 'get_task', inputSchema: object({ task_id: { type: 'string' } }, ['task_id']) },
    { name: 'update_task', inputSchema: object({ task_id: { type: 'string' }, status: { type: 'string' } }, ['task_id']) },
    {
      name: 'transition_task',
      inputSchema: object({ task_id: { type: 'string' }, transition: { type: 'string' } }, ['task_id', 'transition']),
    },
  ];
  const taskCorrections: Record<string, EntityCorrection> = { task: { states: ['todo', 'doing', 'done'], unique: ['title'] } };

  it('refuse a state outside the corrected states and a create that repeats a unique field, and take what they allow', async () => {
    const harness = await startHarness('in-process', {
      toolResults: createToolResults({ fixturesDir: emptyFixtures, missPolicy: 'simulate' }),
    });
    const client = new Client({ name: 'mcpsim-entity-corrections', version: '1.0.0' });
    try {
      await harness.call('PUT', '/namespaces/lab');
      expect((await harness.call('PUT', '/__mcpsim/servers/@qa/tasks', { body: { tools: taskTools } })).status).toBeLessThan(300);
      await harness.call('PUT', '/connect/lab/tasks', { body: { server: '@qa/tasks', mock: { enabled: true } } });
      expect(
        (await harness.call('PUT', '/__mcpsim/connections/lab/tasks/simulation', { body: { entities: taskCorrections } })).status,
      ).toBe(200);
      const transport = new StreamableHTTPClientTransport(new URL(`${harness.baseUrl}/connect/lab/tasks/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${testApiKey}` } },
        fetch: (url: string | URL, init?: RequestInit) => Promise.resolve(harness.platform.app.fetch(new Request(url, init))),
      });
      await client.connect(transport);
      const call = async (name: string, args: Record<string, unknown>) => {
        const result = (await client.callTool({ name, arguments: args })) as { content: { text: string }[]; isError?: boolean };
        return { isError: result.isError === true, text: result.content[0]?.text ?? '' };
      };
      const created = await call('create_task', { title: 'Water the plants' });
      expect(created.isError, created.text).toBe(false);
      const id = String((JSON.parse(created.text) as { id: string }).id);

      const again = await call('create_task', { title: 'Water the plants' });
      expect(again.isError).toBe(true);
      expect(again.text).toBe('Task with title "Water the plants" already exists');
      expect((await call('create_task', { title: 'Feed the cat' })).isError).toBe(false);

      const frozen = await call('update_task', { task_id: id, status: 'frozen' });
      expect(frozen.isError).toBe(true);
      expect(frozen.text).toBe(`Invalid status "frozen" for task ${id}: it must be one of todo, doing, done`);
      expect(JSON.parse((await call('get_task', { task_id: id })).text)).not.toMatchObject({ status: 'frozen' });

      expect((await call('transition_task', { task_id: id, transition: 'Archived' })).isError).toBe(true);
      const done = await call('transition_task', { task_id: id, transition: 'DONE' });
      expect(done.isError, done.text).toBe(false);
      expect(JSON.parse((await call('get_task', { task_id: id })).text)).toMatchObject({ status: 'done' });
    } finally {
      await client.close();
      await harness.close();
    }
  });
});
