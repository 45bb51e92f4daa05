/**
 * Runs a description counts of a named thing (`Order sync ran three times on 2026-05-03: two
 * executions succeeded and one failed …`) are seeded as records of the type that keeps its runs,
 * under it, in the states and on the days the text gives (src/reading/described-runs.ts): the real
 * tools of `@leonardsellem/n8n-mcp-server` through the real platform (`app.fetch`, real SQLite), no model.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { describedMock, useSimulatorHarness } from '../support/simulator-harness.js';
import type { ToolDefinition } from '../../src/domain/registry.js';

let harness: Harness;
useSimulatorHarness('mcpsim-described-runs-', (started) => (harness = started));

const n8nTools = JSON.parse(readFileSync(new URL('./servers/n8n-mcp-tools.json', import.meta.url), 'utf8')) as ToolDefinition[];
const n8nScenario =
  'The automation team of Brightline Bikes, run by Sam Ortiz. Workflows: "Order sync" (active, tags shop, nightly), "Refund alerts" ' +
  '(active, tag finance) and "Old CSV import" (inactive). Order sync ran three times on 2026-05-03: two executions succeeded and one ' +
  'failed with a timeout at 02:10. Refund alerts ran once on 2026-05-02 and succeeded.';

describe('runs a description counts of a named thing', () => {
  it('seeds each counted run under the thing that ran, in the state its verb names as the service spells it, on its day', async () => {
    const call = await describedMock(harness, {
      server: '@qa/n8n',
      displayName: 'n8n',
      tools: n8nTools,
      namespace: 'ops',
      connection: 'n8n',
      scenario: n8nScenario,
    });
    const { workflows } = (await call('list_workflows', {})) as { workflows: { id: string; name: string }[] };
    const idOf = (name: string) => workflows.find((workflow) => workflow.name === name)!.id;
    type Run = { id: string; workflowId: string; status: string; startedAt: string };
    const runs = async (args: Record<string, unknown>) =>
      (Object.values(await call('list_executions', args)).find(Array.isArray) ?? []) as Run[];
    const failed = await runs({ status: 'error' });
    expect(failed).toEqual([
      expect.objectContaining({ workflowId: idOf('Order sync'), status: 'error', startedAt: '2026-05-03T02:10:00Z' }),
    ]);
    expect((await runs({ status: 'success' })).map((run) => [run.workflowId, run.startedAt.slice(0, 10)])).toEqual([
      [idOf('Order sync'), '2026-05-03'],
      [idOf('Order sync'), '2026-05-03'],
      [idOf('Refund alerts'), '2026-05-02'],
    ]);
    expect(await runs({ workflowId: idOf('Refund alerts') })).toEqual([expect.objectContaining({ status: 'success' })]);
    expect(await runs({ workflowId: idOf('Old CSV import') })).toEqual([]);
    expect(await call('get_execution', { executionId: failed[0]!.id })).toEqual(expect.objectContaining({ status: 'error' }));
  });
});
