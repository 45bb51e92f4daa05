/**
 * Simulated results say how the simulator read their tool: `_meta["mcpsim/operation"]` holds the
 * operation, entity, id argument and what decided them, per call (a `method` argument picks the
 * operation of that call) and after a scenario's correction. Through `app.fetch`, on a real SQLite
 * file, with no model and no fixture.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createToolResults } from '../../src/sim/tool-results.js';
import { startHarness, type Harness } from '../support/harness.js';

const emptyFixtures = mkdtempSync(join(tmpdir(), 'mcpsim-operation-meta-'));
afterAll(() => rmSync(emptyFixtures, { recursive: true, force: true }));

let harness: Harness;
beforeEach(async () => {
  harness = await startHarness('in-process', { toolResults: createToolResults({ fixturesDir: emptyFixtures, missPolicy: 'simulate' }) });
  await harness.call('PUT', '/namespaces/lab');
  await harness.call('PUT', '/connect/lab/gh', { body: { server: '@github/github-mcp-server', mock: { enabled: true } } });
});
afterEach(() => harness.close());

const widgets = { owner: 'acme', repo: 'widgets' };
const operationOf = async (tool: string, args: Record<string, unknown>) => {
  const response = await harness.call('POST', `/connect/lab/gh/.tools/${tool}`, { body: args });
  expect(response.status).toBe(200);
  return response.body._meta as Record<string, unknown>;
};

describe('_meta["mcpsim/operation"] on simulated results', () => {
  it('names the operation of each call, the entity, the id argument, what decided them and the kind it was answered as', async () => {
    const created = await operationOf('issue_write', { method: 'create', ...widgets, title: 'Flaky login test' });
    expect(created['mcpsim/source']).toBe('simulated');
    expect(created['mcpsim/operation']).toEqual({
      operation: 'create',
      entity: 'issue',
      idArgument: null,
      basis: 'name',
      kind: 'create',
      reason: 'a create of the issue in the world',
    });
    const updated = await operationOf('issue_write', { method: 'update', ...widgets, issue_number: 1, state: 'closed' });
    expect(updated['mcpsim/operation']).toMatchObject({
      operation: 'update',
      entity: 'issue',
      idArgument: 'issue_number',
      basis: 'name',
      kind: 'update',
    });
    const missing = await operationOf('issue_read', { method: 'get', ...widgets, issue_number: 99 });
    expect(missing['mcpsim/operation']).toMatchObject({ operation: 'read', entity: 'issue', idArgument: 'issue_number' });
  });

  it('shows a scenario correction as the basis', async () => {
    const set = await harness.call('PUT', '/__mcpsim/connections/lab/gh/simulation', {
      body: { tools: { list_issues: { operation: 'search', entity: 'ticket' } } },
    });
    expect(set.status).toBe(200);
    const meta = await operationOf('list_issues', widgets);
    expect(meta['mcpsim/operation']).toMatchObject({ operation: 'search', entity: 'ticket', basis: 'override' });
  });

  it('takes corrections of the id field, the fields an update sets, not-found and upsert', async () => {
    const tool = (name: string, properties: Record<string, unknown>, required: string[]) => ({
      name,
      inputSchema: { type: 'object', properties, required },
    });
    const registered = await harness.call('PUT', '/__mcpsim/servers/@qa/planner', {
      body: {
        tools: [
          tool('create_project', { key: { type: 'string' }, title: { type: 'string' } }, ['key', 'title']),
          tool('get_project', { project_key: { type: 'string' } }, ['project_key']),
          tool('shelve_project', { project_key: { type: 'string' } }, ['project_key']),
          tool('touch_project', { project_key: { type: 'string' } }, ['project_key']),
        ],
      },
    });
    expect(registered.status).toBeLessThan(300);
    await harness.call('PUT', '/connect/lab/planner', { body: { server: '@qa/planner', mock: { enabled: true } } });
    const tools = {
      get_project: { field: 'key' },
      shelve_project: { operation: 'update', entity: 'project', id: 'project_key', field: 'key', sets: { status: 'shelved' } },
      touch_project: { operation: 'update', entity: 'project', id: 'project_key', field: 'key', upsert: true },
    };
    expect((await harness.call('PUT', '/__mcpsim/connections/lab/planner/simulation', { body: { tools } })).status).toBe(200);
    const call = async (name: string, args: Record<string, unknown>) =>
      (await harness.call('POST', `/connect/lab/planner/.tools/${name}`, { body: args })).body;

    await call('create_project', { key: 'OPS', title: 'Operations' });
    const shelved = await call('shelve_project', { project_key: 'OPS' });
    expect(shelved.isError).toBe(false);
    expect(shelved._meta['mcpsim/operation']).toMatchObject({ operation: 'update', entity: 'project', basis: 'override' });
    const read = await call('get_project', { project_key: 'OPS' });
    expect(JSON.parse(read.content[0].text)).toMatchObject({ key: 'OPS', title: 'Operations', status: 'shelved' });
    const touched = await call('touch_project', { project_key: 'NEW' });
    expect(touched.isError).toBe(false);
    expect(JSON.parse((await call('get_project', { project_key: 'NEW' })).content[0].text)).toMatchObject({ key: 'NEW' });
    expect((await call('shelve_project', { project_key: 'NONE' })).isError).toBe(true);
  });
});
