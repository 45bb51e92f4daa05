/**
 * The simulator on tools shaped like public servers it was not tuned on (kubectl, Slack,
 * Buildkite, Alfresco), registered as they are and called through `app.fetch` on a real SQLite
 * file, with no model and no fixture: scaling shows, a delete by name and type removes, ids come
 * in the format the other tools take, children and paged searches find what was created.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../../src/domain/registry.js';
import { createToolResults } from '../../src/sim/tool-results.js';
import { startHarness, type Harness } from '../support/harness.js';

const emptyFixtures = mkdtempSync(join(tmpdir(), 'mcpsim-unseen-'));
afterAll(() => rmSync(emptyFixtures, { recursive: true, force: true }));

const text = { type: 'string' };
const tool = (name: string, properties: Record<string, Record<string, unknown>>, optional: string[] = []): ToolDefinition => ({
  name,
  inputSchema: { type: 'object', properties, required: Object.keys(properties).filter((key) => !optional.includes(key)) },
});

let harness: Harness;
beforeEach(async () => {
  harness = await startHarness('in-process', { toolResults: createToolResults({ fixturesDir: emptyFixtures, missPolicy: 'simulate' }) });
  await harness.call('PUT', '/namespaces/lab');
});
afterEach(() => harness.close());

/** Registers the tools as a server and connects a mock of it; returns a caller. */
async function mockOf(server: string, tools: ToolDefinition[]) {
  expect((await harness.call('PUT', `/__mcpsim/servers/${server}`, { body: { tools } })).status).toBeLessThan(300);
  const id = server.split('/')[1]!;
  expect((await harness.call('PUT', `/connect/lab/${id}`, { body: { server, mock: { enabled: true } } })).status).toBeLessThan(300);
  return async (name: string, args: Record<string, unknown>) => {
    const response = await harness.call('POST', `/connect/lab/${id}/.tools/${name}`, { body: args });
    const body = response.body as { isError?: boolean; content: { text: string }[] };
    const answer = body.content[0]!.text;
    let json: any = null;
    try {
      json = JSON.parse(answer);
    } catch {
      // plain text
    }
    return { isError: body.isError === true, text: answer, json };
  };
}

describe('infrastructure tools', () => {
  it('scales a deployment, and deletes it by name with a resource type', async () => {
    const call = await mockOf('@qa/kubectl', [
      tool('create_deployment', { name: text, image: text, replicas: { type: 'integer' }, namespace: text }, ['namespace']),
      tool('get_deployments', { namespace: text }, ['namespace']),
      tool('scale_deployment', { name: text, replicas: { type: 'integer' }, namespace: text }, ['namespace']),
      tool('delete_resource', { name: text, resource_type: text, namespace: text }, ['namespace']),
    ]);
    expect((await call('create_deployment', { name: 'web', image: 'nginx:1.27', replicas: 2, namespace: 'shop' })).isError).toBe(false);
    expect((await call('scale_deployment', { name: 'web', replicas: 5, namespace: 'shop' })).isError).toBe(false);
    expect((await call('get_deployments', { namespace: 'shop' })).json.deployments).toMatchObject([{ name: 'web', replicas: 5 }]);
    expect((await call('delete_resource', { name: 'web', resource_type: 'deployment', namespace: 'shop' })).isError).toBe(false);
    const left = (await call('get_deployments', { namespace: 'shop' })).json.deployments as { name: string }[];
    expect(left.map((deployment) => deployment.name)).not.toContain('web');
  });
});

describe('ids in the format the other tools take', () => {
  it('gives a Slack message its ts, which thread_ts accepts, and lists the channel history and the thread replies', async () => {
    const ts = {
      type: 'string',
      pattern: '^\\d+\\.\\d+$',
      description: "The timestamp of the parent message in the format '1234567890.123456'.",
    };
    const call = await mockOf('@qa/slack', [
      tool('slack_post_message', { channel_id: text, text }),
      tool('slack_reply_to_thread', { channel_id: text, thread_ts: ts, text }),
      tool('slack_get_channel_history', { channel_id: text, limit: { type: 'number' } }, ['limit']),
      tool('slack_get_thread_replies', { channel_id: text, thread_ts: ts }),
    ]);
    const posted = await call('slack_post_message', { channel_id: 'C1', text: 'Deploy finished' });
    // Slack names a message by its ts (data/id-formats.json), not an `id`.
    expect(posted.json.ts).toMatch(/^\d{10}\.\d{6}$/);
    expect(posted.json.id).toBeUndefined();
    expect((await call('slack_get_channel_history', { channel_id: 'C1', limit: 10 })).text).toContain('Deploy finished');
    expect((await call('slack_reply_to_thread', { channel_id: 'C1', thread_ts: posted.json.ts, text: 'Thanks!' })).isError).toBe(false);
    expect((await call('slack_get_thread_replies', { channel_id: 'C1', thread_ts: posted.json.ts })).text).toContain('Thanks!');
  });

  it('makes a Buildkite pipeline slug from its name, and a build number a string where the schema says so', async () => {
    const call = await mockOf('@qa/buildkite', [
      tool('create_pipeline', { org_slug: text, name: text }),
      tool('get_pipeline', { org: text, pipeline_slug: text }),
      tool('create_build', { org_slug: text, pipeline_slug: text, message: text }),
      tool('get_build', { org: text, pipeline_slug: text, build_number: text }),
    ]);
    const pipeline = await call('create_pipeline', { org_slug: 'acme', name: 'Deploy Service' });
    expect(pipeline.json.slug).toBe('deploy-service');
    const build = await call('create_build', { org_slug: 'acme', pipeline_slug: 'deploy-service', message: 'Release 1.4.0' });
    expect(typeof build.json.number).toBe('string');
    const read = await call('get_build', { org: 'acme', pipeline_slug: 'deploy-service', build_number: build.json.number });
    expect(read).toMatchObject({ isError: false, json: { message: 'Release 1.4.0' } });
  });
});

describe('lists of children and paged searches', () => {
  it('lists a node’s children as nodes, and a search limited by maxItems still finds the node', async () => {
    const call = await mockOf('@qa/alfresco', [
      tool('create_node', { parentId: text, name: text, nodeType: text }),
      tool('get_node', { nodeId: text }),
      tool('search_nodes', { query: text, maxItems: { type: 'integer' } }, ['maxItems']),
      tool('list_children', { nodeId: text }),
    ]);
    const node = await call('create_node', { parentId: '-root-', name: 'Quarterly Report.docx', nodeType: 'cm:content' });
    expect((await call('search_nodes', { query: 'Quarterly', maxItems: 10 })).text).toContain(node.json.id);
    expect((await call('list_children', { nodeId: '-root-' })).text).toContain(node.json.id);
  });
});

describe('lifecycle verbs on a status only descriptions name', () => {
  it('starts an Okta user ACTIVE when activate is true, and deactivates it to DEPROVISIONED, storing no verb', async () => {
    const userId = { type: 'string', description: 'The ID of the user.' };
    const call = await mockOf('@qa/okta', [
      {
        ...tool('list_users', { search: text }, ['search']),
        description: 'List users. By default, it will only fetch users whose status is not "DEPROVISIONED".',
      },
      tool(
        'create_user',
        {
          profile: { type: 'object' },
          activate: { type: 'boolean', description: 'Set to False to create the user in STAGED status. Default: True.' },
        },
        ['activate'],
      ),
      tool('get_user', { user_id: userId }),
      tool('deactivate_user', { user_id: userId }),
    ]);
    const created = await call('create_user', { profile: { firstName: 'Ada', email: 'ada@example.com' }, activate: true });
    expect(created.json.status).toBe('ACTIVE');
    expect(created.json).not.toHaveProperty('activate');
    expect((await call('deactivate_user', { user_id: created.json.id })).isError).toBe(false);
    const read = await call('get_user', { user_id: created.json.id });
    expect(read.json).toMatchObject({ status: 'DEPROVISIONED' });
    expect(read.json).not.toHaveProperty('state');
  });

  it('filters Okta users by a SCIM expression on the status and a nested profile field', async () => {
    const call = await mockOf('@qa/okta-users', [
      tool('create_user', { profile: { type: 'object' }, status: text }),
      tool('list_users', { search: text }, ['search']),
    ]);
    await call('create_user', { profile: { firstName: 'Ada', email: 'ada@example.com' }, status: 'ACTIVE' });
    await call('create_user', { profile: { firstName: 'Bob', email: 'bob@example.com' }, status: 'SUSPENDED' });
    const names = async (search: string) =>
      ((await call('list_users', { search })).json.users as { profile?: { firstName: string } }[]).flatMap((user) =>
        // The mock's starting world has a user of its own, with no profile.
        user.profile ? [user.profile.firstName] : [],
      );
    expect(await names('status eq "ACTIVE"')).toEqual(['Ada']);
    expect(await names('profile.email sw "bob"')).toEqual(['Bob']);
    // Okta's ids are random (`00u…`): the list's order is theirs, not the creates'.
    expect((await names('status eq "ACTIVE" or profile.firstName eq "Bob"')).sort()).toEqual(['Ada', 'Bob']);
  });
});
