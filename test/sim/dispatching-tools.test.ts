/**
 * Servers whose one tool per entity picks its operation by an argument (Jira's
 * `manage_jira_issue(operation, issueKey, summary, ...)`, Coolify's `projects(operation, id, body)`),
 * driven with no model over the real platform (a real SQLite file, `app.fetch` in process): an
 * update changes what it is given instead of looking for an entity that already has those values,
 * and a body given as JSON text is the entity's fields.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { toolAnswers, useSimulatorHarness } from '../support/simulator-harness.js';

let harness: Harness;
useSimulatorHarness('mcpsim-dispatching-', (started) => (harness = started));

const object = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties, required });
const text = { type: 'string' };
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

describe('tools that pick their operation by an argument', () => {
  it('update the fields an update gives, which the shared schema also lets a list filter by', async () => {
    const call = await connect('tracker', [
      {
        name: 'manage_issue',
        description: 'Get, create, update, delete or list issues.',
        inputSchema: object(
          {
            operation: { type: 'string', enum: ['get', 'create', 'update', 'delete', 'list'] },
            issueKey: text,
            projectKey: text,
            summary: text,
            state: { type: 'string', enum: ['open', 'in_progress', 'done'] },
          },
          ['operation'],
        ),
      },
    ]);
    const created = await call('manage_issue', { operation: 'create', projectKey: 'SHOP', summary: 'Checkout hangs', state: 'open' });
    const changed = await call('manage_issue', {
      operation: 'update',
      issueKey: created.key,
      summary: 'Checkout hangs on iOS',
      state: 'done',
    });
    expect(changed).toMatchObject({ summary: 'Checkout hangs on iOS', state: 'done' });
    expect(await call('manage_issue', { operation: 'get', issueKey: created.key })).toMatchObject({ summary: 'Checkout hangs on iOS' });
  });

  it('keep the fields of a JSON request body given as text', async () => {
    const body = { type: 'string', description: 'JSON request body' };
    const call = await connect('deployer', [
      {
        name: 'projects',
        description: 'Manage projects.',
        inputSchema: object(
          {
            operation: { type: 'string', enum: ['list', 'get', 'create', 'update', 'delete'] },
            id: { ...text, description: 'Project UUID' },
            body,
          },
          ['operation'],
        ),
      },
    ]);
    const created = await call('projects', { operation: 'create', body: '{"name":"webshop","description":"Storefront"}' });
    expect(created).toMatchObject({ name: 'webshop', description: 'Storefront' });
    expect(created).not.toHaveProperty('body');
    await call('projects', { operation: 'update', id: created.id, body: '{"description":"Storefront and API"}' });
    expect(await call('projects', { operation: 'get', id: created.id })).toMatchObject({
      name: 'webshop',
      description: 'Storefront and API',
    });
    // Plain text is a comment's or an issue's text, never fields.
    expect(await call('projects', { operation: 'update', id: created.id, body: 'not json' })).toMatchObject({ name: 'webshop' });
  });

  it('act on what the words before a last word of managing name: an update, a delete and a read of one entity', async () => {
    // Optimizely's manage_entity_lifecycle and get_entity_details, their descriptions shortened.
    const entityType = { type: 'string', enum: ['attribute', 'audience', 'event', 'experiment', 'flag'] };
    const call = await connect('experiments', [
      {
        name: 'get_entity_details',
        description: 'GET single entity details by ID or key (fastest existence check)',
        inputSchema: object({ entity_type: entityType, entity_id: { ...text, description: 'ID or key of the entity' }, project_id: text }, [
          'entity_type',
          'entity_id',
        ]),
      },
      {
        name: 'manage_entity_lifecycle',
        description: 'CREATE, UPDATE & MANAGE all Optimizely entities. OPERATIONS: create | update | delete | archive | enable | disable',
        inputSchema: object(
          {
            operation: { type: 'string', enum: ['create', 'update', 'delete', 'archive', 'enable', 'disable', 'history', 'brainstorm'] },
            entity_type: entityType,
            project_id: { ...text, description: 'Project ID (required for most entities)' },
            entity_id: { ...text, description: 'Entity ID for update/delete/archive operations' },
            entity_data: { type: 'object', description: 'Entity data for create/update operations', additionalProperties: true },
          },
          ['operation', 'entity_type'],
        ),
      },
    ]);
    const made = await call('manage_entity_lifecycle', {
      operation: 'create',
      entity_type: 'flag',
      project_id: '98343',
      entity_data: { name: 'New checkout', description: 'One-page checkout' },
    });
    const update = { entity_type: 'flag', project_id: '98343', entity_id: made.id, entity_data: { description: 'With saved cards' } };
    await call('manage_entity_lifecycle', { operation: 'update', ...update });
    expect(await call('get_entity_details', { entity_type: 'flag', entity_id: made.id })).toMatchObject({
      description: 'With saved cards',
    });
    await call('manage_entity_lifecycle', { operation: 'delete', entity_type: 'flag', entity_id: made.id });
    expect(await call('get_entity_details', { entity_type: 'flag', entity_id: made.id })).toHaveProperty('error');
  });

  it("act on the record the tool's id names where a choice names none: Datadog's host tags are replaced and removed", async () => {
    const call = await connect('datadog', corpusTools('datadog-mcp'));
    await call('tags', { action: 'add', hostName: 'web-01', tags: ['env:prod'] });
    await call('tags', { action: 'update', hostName: 'web-01', tags: ['env:staging', 'team:shop'] });
    const replaced = JSON.stringify(await call('tags', { action: 'get', hostName: 'web-01' }));
    expect(replaced).toContain('team:shop');
    expect(replaced).not.toContain('env:prod');
    await call('tags', { action: 'delete', hostName: 'web-01' });
    expect(JSON.stringify(await call('tags', { action: 'get', hostName: 'web-01' }))).not.toContain('team:shop');
  });

  it('make a record under the key a create choice is given: a CloudBase upload is read, listed and deleted by its cloud path', async () => {
    const call = await connect('cloudbase', corpusTools('cloudbase__cloudbase-mcp'));
    const path = 'files/report.txt';
    const uploaded = await call('manageStorage', { action: 'upload', localPath: '/tmp/report.txt', cloudPath: path });
    expect(uploaded).toMatchObject({ path });
    expect(JSON.stringify(await call('queryStorage', { action: 'list', cloudPath: path }))).toContain(path);
    await call('manageStorage', { action: 'upload', localPath: '/tmp/logo.png', cloudPath: 'images/logo.png' });
    const folder = JSON.stringify(await call('queryStorage', { action: 'list', cloudPath: 'files/' }));
    expect(folder).toContain(path);
    expect(folder).not.toContain('images/logo.png');
    expect(await call('queryStorage', { action: 'read', cloudPath: path })).not.toHaveProperty('error');
    await call('manageStorage', { action: 'delete', cloudPath: path, force: true });
    expect(await call('queryStorage', { action: 'read', cloudPath: path })).toHaveProperty('error');
  });

  it("move the issue the tool's key names: a Jira transition by a listed transition's id moves the issue to its state", async () => {
    const call = await connect('jira', corpusTools('nexus2520__jira-mcp-server'));
    const issue = await call('jira_issues', { action: 'create', projectKey: 'SHOP', summary: 'Checkout hangs', issueType: 'Bug' });
    const key = String(issue.key ?? issue.id);
    const listed = (await call('jira_workflow', { action: 'get_transitions', issueKey: key })) as {
      transitions?: { id: string; name: string }[];
    };
    const done = listed.transitions?.find((transition) => transition.name === 'Done');
    expect(done).toBeDefined();
    await call('jira_workflow', { action: 'transition', issueKey: key, transitionId: done!.id });
    expect(await call('jira_issues', { action: 'get', issueKey: key })).toMatchObject({ key, status: 'Done' });
  });
});
