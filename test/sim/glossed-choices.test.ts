/**
 * A dispatching tool whose choice is named in the service's jargon and glossed in its description
 * (ContextStream's `workspace(action: list | get | associate | bootstrap)`, "bootstrap (create
 * workspace and initialize)"), driven with no model over the real platform on the server's real
 * tools: the glossed choice does what its gloss says, so a workspace bootstrapped answers the id the
 * next calls name it by.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { toolAnswers, useSimulatorHarness } from '../support/simulator-harness.js';

let harness: Harness;
useSimulatorHarness('mcpsim-glossed-choices-', (started) => (harness = started));

const corpusTools = (server: string) =>
  (JSON.parse(readFileSync(new URL(`../../bench/corpus/servers/${server}.json`, import.meta.url), 'utf8')) as { tools: unknown[] }).tools;

async function connect(name: string, tools: unknown[]) {
  expect((await harness.call('PUT', `/servers/@qa/${name}`, { body: { tools } })).status).toBe(201);
  await harness.call('PUT', '/namespaces/ops');
  expect((await harness.call('PUT', `/connect/ops/${name}`, { body: { server: `@qa/${name}`, mock: { enabled: true } } })).status).toBe(
    201,
  );
  const empty = { world: { entities: {}, facts: [] } };
  expect((await harness.call('PUT', `/__mcpsim/connections/ops/${name}/simulation`, { body: empty })).status).toBe(200);
  return toolAnswers(harness, `ops/${name}`);
}

describe('a choice its description glosses', () => {
  it('creates the workspace "bootstrap (create workspace and initialize)" makes, with an id the next calls take', async () => {
    const call = await connect('contextstream', corpusTools('contextstream__mcp-server'));
    const workspace = await call('workspace', { action: 'bootstrap', workspace_name: 'Billing Platform', description: 'Payments' });
    expect(workspace.id).toMatch(/^[0-9a-f-]{36}$/);
    const project = await call('project', { action: 'create', workspace_id: workspace.id, name: 'invoice-service' });
    expect(await call('project', { action: 'get', project_id: project.id })).toMatchObject({ name: 'invoice-service' });
    expect(await call('workspace', { action: 'get', workspace_id: workspace.id })).toMatchObject({ workspace_name: 'Billing Platform' });
  });
});
