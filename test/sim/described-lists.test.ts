/**
 * A list field a description gives in a record's parenthesis takes every item its commas go on
 * with (`tags shop, nightly`), through the real tools of `@leonardsellem/n8n-mcp-server` over the
 * real platform (`app.fetch`, real SQLite), no model (src/reading/described-fields.ts).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { describedMock, useSimulatorHarness } from '../support/simulator-harness.js';
import type { ToolDefinition } from '../../src/domain/registry.js';

let harness: Harness;
useSimulatorHarness('mcpsim-described-lists-', (started) => (harness = started));

const tools = JSON.parse(readFileSync(new URL('./servers/n8n-mcp-tools.json', import.meta.url), 'utf8')) as ToolDefinition[];

describe('a list field given in a parenthesis', () => {
  it('takes the bare words its commas go on with, and stops at a piece another field or the state reads', async () => {
    const call = await describedMock(harness, {
      server: '@qa/n8n',
      displayName: 'n8n',
      tools,
      namespace: 'ops',
      connection: 'n8n',
      scenario:
        'Workflows: "Order sync" (active, tags shop, nightly, eu), "Refund alerts" (tags finance, inactive) and "Old CSV import" (inactive).',
    });
    const { workflows } = (await call('list_workflows', {})) as { workflows: { name: string; tags?: string[]; active?: boolean }[] };
    // n8n's ids are random (data/id-formats.json) and lists go by id, so the order is not the description's; the state is
    // kept in the `active` yes/no field the tools take (flag-states.ts).
    const shown = workflows.map((workflow) => [workflow.name, workflow.tags ?? [], workflow.active]);
    expect(shown.sort(([a], [b]) => String(a).localeCompare(String(b)))).toEqual([
      ['Old CSV import', [], false],
      ['Order sync', ['shop', 'nightly', 'eu'], true],
      ['Refund alerts', ['finance'], false],
    ]);
  });
});
