/**
 * A user's workflow automation server, driven at the end of a round as nobody had tuned on it: the
 * real 11 tools of `@leonardsellem/n8n-mcp-server` 0.1.8 (read from its own tool definitions,
 * servers/n8n-mcp-tools.json), through the real MCP SDK client over the real platform (a real
 * SQLite file, `app.fetch` in process), with no model.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { describedMock, useSimulatorHarness } from '../support/simulator-harness.js';
import { connectMockClient } from '../support/mock-client.js';
import type { ToolDefinition } from '../../src/domain/registry.js';

let harness: Harness;
useSimulatorHarness('mcpsim-own-n8n-', (started) => (harness = started));

const tools = JSON.parse(readFileSync(new URL('./servers/n8n-mcp-tools.json', import.meta.url), 'utf8')) as ToolDefinition[];

/** An MCP client on an n8n mock whose world starts empty. */
async function connectEmpty() {
  const connected = await connectMockClient(harness, { name: 'n8n', tools });
  const empty = { world: { entities: {}, facts: [] } };
  expect((await harness.call('PUT', '/__mcpsim/connections/lab/n8n/simulation', { body: empty })).status).toBe(200);
  return connected;
}

/** The n8n server with a connection that starts from `scenario`, described in words. */
const described = (scenario: string) =>
  describedMock(harness, { server: '@qa/n8n', displayName: 'n8n', tools, namespace: 'ops', connection: 'n8n', scenario });

describe('an n8n server driven with no model', () => {
  it('lists the workflows in the state a yes/no argument names (active: true, active: false)', async () => {
    const { call, close } = await connectEmpty();
    try {
      const made = [];
      for (const name of ['Order sync', 'Old CSV import']) {
        const created = await call('create_workflow', { name, nodes: [], connections: {} });
        expect(created.isError, created.text).toBe(false);
        made.push(created.json.id as string);
      }
      expect((await call('activate_workflow', { workflowId: made[0] })).isError).toBe(false);
      expect((await call('deactivate_workflow', { workflowId: made[1] })).isError).toBe(false);
      const names = async (args: Record<string, unknown>) =>
        ((await call('list_workflows', args)).json.workflows as { name: string }[]).map((workflow) => workflow.name);
      expect(await names({ active: true })).toEqual(['Order sync']);
      expect(await names({ active: false })).toEqual(['Old CSV import']);
      expect((await names({})).sort()).toEqual(['Old CSV import', 'Order sync']);
    } finally {
      await close();
    }
  });

  it('gives a new workflow a 16-character alphanumeric id, as n8n does, not a made-up workflow_1', async () => {
    const { call, close } = await connectEmpty();
    try {
      const created = await call('create_workflow', { name: 'Stock low alert', nodes: [], connections: {} });
      expect(created.json.id).toMatch(/^[A-Za-z0-9]{16}$/);
      expect((await call('get_workflow', { workflowId: created.json.id })).json.name).toBe('Stock low alert');
    } finally {
      await close();
    }
  });

  it('never gives a deleted workflow id again: create, delete it, create, and the deleted id stays not-found', async () => {
    const { call, close } = await connectMockClient(harness, { name: 'n8n', tools });
    const empty = { world: { entities: {}, facts: [] } };
    expect((await harness.call('PUT', '/__mcpsim/connections/lab/n8n/simulation', { body: empty })).status).toBe(200);
    try {
      const kept = await call('create_workflow', { name: 'Order sync', nodes: [], connections: {} });
      const first = await call('create_workflow', { name: 'Stock low alert', nodes: [], connections: {} });
      expect([kept.isError, first.isError], kept.text + first.text).toEqual([false, false]);
      const deleted = first.json.id as string;
      expect((await call('delete_workflow', { workflowId: deleted })).isError).toBe(false);
      const second = await call('create_workflow', { name: 'Refund review', nodes: [], connections: {} });
      expect(second.isError, second.text).toBe(false);
      expect(second.json.id).toMatch(/^[A-Za-z0-9]{16}$/);
      expect([kept.json.id, deleted]).not.toContain(second.json.id);
      const read = await call('get_workflow', { workflowId: deleted });
      expect(read.isError, read.text).toBe(true);
      expect(read.text).toMatch(/not found/i);
      expect((await call('get_workflow', { workflowId: second.json.id })).json.name).toBe('Refund review');
      // Deleting an older one, not the newest, leaves the next id new and in n8n's format too.
      expect((await call('delete_workflow', { workflowId: kept.json.id })).isError).toBe(false);
      const third = await call('create_workflow', { name: 'Invoice digest', nodes: [], connections: {} });
      expect(third.json.id).toMatch(/^[A-Za-z0-9]{16}$/);
      expect([kept.json.id, deleted, second.json.id]).not.toContain(third.json.id);
    } finally {
      await close();
    }
  });

  it('runs a workflow by its name into a new running execution under it, which the executions tools then show', async () => {
    const { call, close } = await connectEmpty();
    try {
      const workflow = (await call('create_workflow', { name: 'Order sync', nodes: [], connections: {} })).json;
      await call('create_workflow', { name: 'Refund alerts', nodes: [], connections: {} });
      const ran = await call('run_webhook', { workflowName: 'Order sync', data: { order: 'A-1001' } });
      expect(ran.isError, ran.text).toBe(false);
      expect(ran.json).toEqual(expect.objectContaining({ workflowId: workflow.id, status: 'running' }));
      // n8n counts executions up: numeric ids.
      expect(ran.json.id).toMatch(/^[1-9][0-9]*$/);
      const listed = (await call('list_executions', { workflowId: workflow.id })).json.workflow_executions as { id: string }[];
      expect(listed.map((execution) => execution.id)).toEqual([ran.json.id]);
      expect((await call('get_execution', { executionId: ran.json.id })).json).toEqual(expect.objectContaining({ status: 'running' }));
      expect((await call('run_webhook', { workflowName: 'No such flow' })).isError).toBe(true);
    } finally {
      await close();
    }
  });

  it('creates a workflow inactive, and keeps its state in the active yes/no field its tools take, never in a state field', async () => {
    const { call, close } = await connectEmpty();
    try {
      const created = (await call('create_workflow', { name: 'Stock low alert', nodes: [], connections: {} })).json;
      expect(created.active).toBe(false);
      expect(created).not.toHaveProperty('state');
      expect((await call('get_workflow', { workflowId: created.id })).json.active).toBe(false);
      const activated = (await call('activate_workflow', { workflowId: created.id })).json;
      expect(activated.active).toBe(true);
      expect(activated).not.toHaveProperty('state');
      expect(((await call('list_workflows', { active: true })).json.workflows as { id: string }[]).map((w) => w.id)).toEqual([created.id]);
      expect((await call('deactivate_workflow', { workflowId: created.id })).json.active).toBe(false);
      // Given at creation, the flag is kept as given.
      expect((await call('create_workflow', { name: 'Live from the start', nodes: [], connections: {}, active: true })).json.active).toBe(
        true,
      );
    } finally {
      await close();
    }
  });

  it('seeds described workflows with the active flag their state names, and one the words leave without a state inactive', async () => {
    const call = await described('Workflows: "Order sync" (active, tags shop), "Old CSV import" (inactive) and "Weekly report".');
    const { workflows } = await call('list_workflows', {});
    const byName = Object.fromEntries((workflows as { name: string }[]).map((workflow) => [workflow.name, workflow]));
    expect(byName['Order sync']).toEqual(expect.objectContaining({ active: true }));
    expect(byName['Old CSV import']).toEqual(expect.objectContaining({ active: false }));
    expect(byName['Weekly report']).toEqual(expect.objectContaining({ active: false }));
    for (const workflow of workflows) expect(workflow).not.toHaveProperty('state');
  });

  it('seeds the described workflows with their states and the tag each is given in the singular or the plural', async () => {
    const call = await described(
      'The automation team of Brightline Bikes. Workflows: "Order sync" (active, tags shop), "Refund alerts" (active, tag finance) and "Old CSV import" (inactive).',
    );
    const { workflows } = await call('list_workflows', {});
    // In the order of their ids, which are n8n's random ones.
    expect(workflows).toHaveLength(3);
    expect(workflows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Order sync', tags: ['shop'] }),
        expect.objectContaining({ name: 'Refund alerts', tags: ['finance'] }),
        expect.objectContaining({ name: 'Old CSV import' }),
      ]),
    );
    expect((await call('list_workflows', { active: false })).workflows).toEqual([expect.objectContaining({ name: 'Old CSV import' })]);
  });
});
