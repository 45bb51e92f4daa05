/**
 * Running something makes a run of it, begun and not ended, wherever the server reads the run:
 * Pencil's `run_workflow(workflowId)` (a create of the run its name makes) on its real tool
 * definitions from the labelled corpus, through the real MCP SDK client over the platform in
 * process, with no model. n8n's `run_webhook(workflowName)`, an action on the workflow, is in
 * own-n8n.test.ts.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { useSimulatorHarness } from '../support/simulator-harness.js';
import { connectMockClient } from '../support/mock-client.js';
import type { ToolDefinition } from '../../src/domain/registry.js';

let harness: Harness;
useSimulatorHarness('mcpsim-run-records-', (started) => (harness = started));

const pencil = JSON.parse(readFileSync(new URL('../../bench/corpus/servers/pencil-mcp.json', import.meta.url), 'utf8')) as {
  tools: ToolDefinition[];
};

describe('a run of something', () => {
  it('starts running where a create is named for running (run_workflow), not in no state at all', async () => {
    const { call, close } = await connectMockClient(harness, { name: 'pencil', tools: pencil.tools });
    const empty = { world: { entities: {}, facts: [] } };
    expect((await harness.call('PUT', '/__mcpsim/connections/lab/pencil/simulation', { body: empty })).status).toBe(200);
    try {
      const workflow = (await call('create_workflow', { name: 'Nightly digest' })).json;
      const run = await call('run_workflow', { workflowId: workflow.id, triggerType: 'manual' });
      expect(run.isError, run.text).toBe(false);
      expect(run.json).toEqual(expect.objectContaining({ workflowId: workflow.id }));
      expect(run.json.status ?? run.json.state).toBe('running');
    } finally {
      await close();
    }
  });
});
