/**
 * Running something makes a run of it, begun and not ended, wherever the server reads the run:
 * Pencil's `run_workflow(workflowId)` (a create of the run its name makes) on its real tool
 * definitions from the labelled corpus, through the real MCP SDK client over the platform in
 * process, with no model. n8n's `run_webhook(workflowName)`, an action on the workflow, is in
 * own-n8n.test.ts. A run is kept under whichever run noun the server uses (reading/run-nouns.ts),
 * the same list a description's `ran three times` seeds runs by.
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

  it('keeps a run as a job where the server keeps a pipeline’s runs as its jobs, as a description seeds them', async () => {
    const pipelineId = { pipeline_id: { type: 'string', description: 'The pipeline ID' } };
    const tools: ToolDefinition[] = [
      {
        name: 'create_pipeline',
        description: 'Create a pipeline',
        inputSchema: { type: 'object', properties: { name: { type: 'string' } } },
      },
      {
        name: 'run_pipeline',
        description: 'Run the pipeline',
        inputSchema: { type: 'object', properties: pipelineId, required: ['pipeline_id'] },
      },
      {
        name: 'list_pipeline_jobs',
        description: 'List the jobs of a pipeline',
        inputSchema: { type: 'object', properties: pipelineId, required: ['pipeline_id'] },
      },
      {
        name: 'get_pipeline_job',
        description: 'Get one job of a pipeline',
        inputSchema: {
          type: 'object',
          properties: { ...pipelineId, job_id: { type: 'string', description: 'The job ID' } },
          required: ['pipeline_id', 'job_id'],
        },
      },
    ];
    const { call, close } = await connectMockClient(harness, { name: 'ci', tools });
    const empty = { world: { entities: {}, facts: [] } };
    expect((await harness.call('PUT', '/__mcpsim/connections/lab/ci/simulation', { body: empty })).status).toBe(200);
    try {
      const pipeline = (await call('create_pipeline', { name: 'Nightly build' })).json;
      const run = await call('run_pipeline', { pipeline_id: pipeline.id });
      expect(run.isError, run.text).toBe(false);
      const jobs = await call('list_pipeline_jobs', { pipeline_id: pipeline.id });
      expect(jobs.isError, jobs.text).toBe(false);
      expect(jobs.text).toContain(String(run.json.id));
      expect((await call('get_pipeline_job', { pipeline_id: pipeline.id, job_id: run.json.id })).isError).toBe(false);
    } finally {
      await close();
    }
  });
});
