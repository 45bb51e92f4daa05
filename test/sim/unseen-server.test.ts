/**
 * A server nobody tuned the simulator on, as a newcomer brings it: SonarQube's real tool
 * definitions (read from ../shared/registry when present), registered, connected as a mock with a
 * small seeded world, and driven over REST as an agent drives it, with no model and no fixture.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { useSimulatorHarness } from '../support/simulator-harness.js';

const sonarFile = ['../../../shared/registry/tools/', '../../../../shared/registry/tools/']
  .map((path) => fileURLToPath(new URL(`${path}@SonarSource__sonarqube-mcp-server.json`, import.meta.url)))
  .find((path) => existsSync(path));

let harness: Harness;
useSimulatorHarness('mcpsim-unseen-', (started) => (harness = started));

const world = {
  entities: {
    project: { acme_web: { key: 'acme_web', name: 'Acme Web' }, acme_api: { key: 'acme_api', name: 'Acme API' } },
    issue: {
      'AZ1x-aaa1': { key: 'AZ1x-aaa1', severity: 'CRITICAL', status: 'OPEN', project: 'acme_web', message: 'Hard-coded password' },
      'AZ1x-aaa2': { key: 'AZ1x-aaa2', severity: 'MINOR', status: 'OPEN', project: 'acme_api', message: 'Unused import' },
    },
  },
  facts: [],
};

async function connectSonar() {
  const server = JSON.parse(readFileSync(sonarFile!, 'utf8')) as { displayName: string; tools: unknown[] };
  const registered = await harness.call('PUT', '/__mcpsim/servers/@SonarSource/sonarqube-mcp-server', {
    body: { displayName: server.displayName, tools: server.tools },
  });
  expect(registered.status, JSON.stringify(registered.body)).toBeLessThan(300);
  await harness.call('PUT', '/namespaces/trial');
  const created = await harness.call('PUT', '/connect/trial/sonar', {
    body: { server: '@SonarSource/sonarqube-mcp-server', mock: { enabled: true } },
  });
  expect(created.status).toBe(201);
  const seeded = await harness.call('PUT', '/__mcpsim/connections/trial/sonar/simulation', { body: { world } });
  expect(seeded.status).toBe(200);
}

async function callTool(tool: string, args: Record<string, unknown> = {}) {
  const response = await harness.call('POST', `/connect/trial/sonar/.tools/${tool}`, { body: args });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const text = response.body.content[0].text as string;
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    // plain text
  }
  return { isError: response.body.isError === true, text, json };
}

describe.skipIf(!sonarFile)('SonarQube, a server the simulator was never tuned on (skipped when ../shared/registry is absent)', () => {
  it('reads the entity without the service’s name, filters X_in_Y by Y, and moves an issue through a transition', async () => {
    await connectSonar();
    const projects = await callTool('search_my_sonarqube_projects', { page: '' });
    // In the order the world holds them (entity-order.ts), not in text order.
    expect(projects.json.projects.map((project: { key: string }) => project.key)).toEqual(['acme_web', 'acme_api']);

    const issues = await callTool('search_sonar_issues_in_projects', {
      projects: ['acme_web'],
      pullRequestId: '',
      severities: '',
      page: 1,
      pageSize: 100,
    });
    expect(issues.json.issues).toEqual([expect.objectContaining({ key: 'AZ1x-aaa1', status: 'OPEN' })]);
    // `severities` is text "separated by a comma": each value it lists filters `severity`.
    const bySeverity = async (severities: string) =>
      (
        await callTool('search_sonar_issues_in_projects', { projects: [], pullRequestId: '', severities, page: 1, pageSize: 100 })
      ).json.issues
        .map((issue: { key: string }) => issue.key)
        .sort();
    expect(await bySeverity('MINOR')).toEqual(['AZ1x-aaa2']);
    expect(await bySeverity('MINOR, CRITICAL')).toEqual(['AZ1x-aaa1', 'AZ1x-aaa2']);

    const accepted = await callTool('change_sonar_issue_status', { issue_key: 'AZ1x-aaa1', transition: 'accept' });
    expect(accepted.json).toMatchObject({ key: 'AZ1x-aaa1', status: 'ACCEPTED' });
    const reopened = await callTool('change_sonar_issue_status', { issue_key: 'AZ1x-aaa1', transition: 'reopen' });
    expect(reopened.json).toMatchObject({ status: 'OPEN' });
    expect((await callTool('change_sonar_issue_status', { issue_key: 'AZ1x-zzz9', transition: 'accept' })).isError).toBe(true);
  });

  it('takes an empty string for an argument not given when it reads which entity a call names', async () => {
    await connectSonar();
    const gate = await callTool('get_project_quality_gate_status', {
      analysisId: '',
      branch: '',
      projectId: '',
      projectKey: 'acme_web',
      pullRequest: '',
    });
    expect(gate.isError, gate.text).toBe(false);
    expect(gate.text).not.toContain('""');
  });

  it('answers status reads with what their descriptions name, the same on the next call', async () => {
    await connectSonar();
    const health = await callTool('get_system_health');
    expect(health.json).toEqual({ health: 'GREEN' });
    expect((await callTool('get_system_health')).text).toBe(health.text);
    const status = await callTool('get_system_status');
    expect(status.json).toMatchObject({ status: 'UP', version: expect.stringMatching(/^\d+\.\d+\.\d+\.\d+$/), id: expect.any(String) });
    expect((await callTool('get_system_status')).text).toBe(status.text);
    expect((await callTool('ping_system')).text).toBe('pong');
  });

  it('answers reference data the instance ships with, once made up and then remembered, and keeps seeded types strict', async () => {
    await connectSonar();
    const gates = await callTool('list_quality_gates');
    expect(gates.json.quality_gates).toHaveLength(3);
    expect(new Set(gates.json.quality_gates.map((gate: { name: string }) => gate.name)).size).toBe(3);
    expect((await callTool('list_quality_gates')).text).toBe(gates.text);
    const rule = await callTool('show_rule', { key: 'java:S2068' });
    expect(rule.isError, rule.text).toBe(false);
    expect(rule.json).toMatchObject({ key: 'java:S2068' });
    expect((await callTool('show_rule', { key: 'java:S2068' })).text).toBe(rule.text);
    expect((await callTool('show_rule', { key: 'java:S1481' })).isError).toBe(false);
    // Issues are seeded: an unknown one is still a not-found.
    expect((await callTool('change_sonar_issue_status', { issue_key: 'AZ1x-zzz9', transition: 'accept' })).text).toMatch(/not found/);
  });

  it('keeps a webhook’s secret in the world and out of its answers', async () => {
    await connectSonar();
    const args = { name: 'ci', url: 'https://ci.example.com/hook', project: 'acme_web', secret: 's3cr3t' };
    const created = await callTool('create_webhook', args);
    expect(created.json).toMatchObject({ name: 'ci', url: 'https://ci.example.com/hook' });
    expect(created.text).not.toContain('s3cr3t');
    const listed = await callTool('list_webhooks', { project: 'acme_web' });
    expect(listed.json.webhooks).toHaveLength(1);
    expect(listed.text).not.toContain('s3cr3t');
    const memory = await harness.call('GET', '/__mcpsim/connections/trial/sonar/memory');
    expect(JSON.stringify(memory.body.world)).toContain('s3cr3t');
  });
});
