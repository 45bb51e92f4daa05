/**
 * What a create or update writes is what the next read shows, over MCP on a mock connection with
 * no model and no fixture: a body object named after the entity is stored as given (nested
 * objects too) with the id inside it, a new entity starts in the state its service sets, and a
 * transition shows the flag the service shows. Tools written for these tests.
 */
import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../../src/domain/registry.js';
import type { Harness } from '../support/harness.js';
import { connectMockClient } from '../support/mock-client.js';
import { useSimulatorHarness } from '../support/simulator-harness.js';

let harness: Harness;
useSimulatorHarness('mcpsim-written-values-', (started) => (harness = started));

const object = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties, required });

const connect = (tools: ToolDefinition[]) => connectMockClient(harness, { name: 'written', tools });

describe('a body object named after the entity', () => {
  const store: ToolDefinition[] = [
    {
      name: 'put_record',
      description: 'Create a record in a table. The record must include its id field.',
      inputSchema: object({ table: { type: 'string' }, record: { type: 'object', description: 'The record to create' } }, [
        'table',
        'record',
      ]),
    },
    {
      name: 'fetch_record',
      description: 'Fetch one record by id',
      inputSchema: object({ table: { type: 'string' }, record_id: { type: 'string' } }, ['table', 'record_id']),
    },
    {
      name: 'replace_record',
      description: 'Replace a record',
      inputSchema: object({ table: { type: 'string' }, record_id: { type: 'string' }, record: { type: 'object' } }, [
        'record_id',
        'record',
      ]),
    },
    {
      name: 'remove_record',
      description: 'Remove a record',
      inputSchema: object({ table: { type: 'string' }, record_id: { type: 'string' } }),
    },
  ];

  it('is stored as given, nested values included, under the id it carries', async () => {
    const { call, close } = await connect(store);
    try {
      const body = { id: 'rec-7', owner: { team: 'billing' }, lines: [{ sku: 'A-1', qty: 2 }], total: 12.5 };
      const created = await call('put_record', { table: 'orders', record: body });
      expect(created.isError, created.text).toBe(false);
      expect(created.json).toMatchObject({ id: 'rec-7', owner: { team: 'billing' } });
      const read = await call('fetch_record', { table: 'orders', record_id: 'rec-7' });
      expect(read.isError, read.text).toBe(false);
      expect(read.json).toMatchObject({ id: 'rec-7', lines: [{ sku: 'A-1', qty: 2 }], total: 12.5 });
      expect(read.text).not.toContain('[object Object]');
      const replaced = await call('replace_record', { table: 'orders', record_id: 'rec-7', record: { ...body, total: 20 } });
      expect(replaced.isError, replaced.text).toBe(false);
      expect((await call('fetch_record', { table: 'orders', record_id: 'rec-7' })).json).toMatchObject({ total: 20 });
      expect((await call('remove_record', { table: 'orders', record_id: 'rec-7' })).isError).toBe(false);
    } finally {
      await close();
    }
  });

  it('takes its name from metadata.name when the body is a resource with metadata', async () => {
    const resource = object({
      metadata: object({ name: { type: 'string' }, namespace: { type: 'string' } }, ['name']),
      spec: object({ image: { type: 'string' }, ports: { type: 'array', items: { type: 'number' } } }),
    });
    const { call, close } = await connect([
      { name: 'create_deployment', description: 'Create a deployment', inputSchema: object({ deployment: resource }, ['deployment']) },
      {
        name: 'get_deployment',
        description: 'Get a deployment by name',
        inputSchema: object({ deploymentName: { type: 'string' } }, ['deploymentName']),
      },
    ]);
    try {
      const created = await call('create_deployment', {
        deployment: { metadata: { name: 'web', namespace: 'shop' }, spec: { image: 'shop/web:1.2', ports: [8080] } },
      });
      expect(created.isError, created.text).toBe(false);
      const read = await call('get_deployment', { deploymentName: 'web' });
      expect(read.isError, read.text).toBe(false);
      expect(read.json).toMatchObject({ metadata: { name: 'web', namespace: 'shop' }, spec: { image: 'shop/web:1.2', ports: [8080] } });
    } finally {
      await close();
    }
  });
});

describe('a body named after the entity and a body word', () => {
  it('is the entity as written, its key the id a read takes (LaunchDarkly-style FeatureFlagBody, AIConfigPatch)', async () => {
    const flag = object({ key: { type: 'string' }, name: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } }, [
      'key',
      'name',
    ]);
    const { call, close } = await connect([
      {
        name: 'create_feature_flag',
        description: 'Create a feature flag in a project',
        inputSchema: object({ projectKey: { type: 'string' }, FeatureFlagBody: flag }, ['projectKey', 'FeatureFlagBody']),
      },
      {
        name: 'get_feature_flag',
        description: 'Get a feature flag',
        inputSchema: object({ projectKey: { type: 'string' }, featureFlagKey: { type: 'string' } }, ['projectKey', 'featureFlagKey']),
      },
      {
        name: 'update_feature_flag',
        description: 'Update a feature flag',
        inputSchema: object(
          { projectKey: { type: 'string' }, featureFlagKey: { type: 'string' }, FeatureFlagPatch: object({ name: { type: 'string' } }) },
          ['projectKey', 'featureFlagKey'],
        ),
      },
    ]);
    try {
      const created = await call('create_feature_flag', {
        projectKey: 'default',
        FeatureFlagBody: { key: 'new-checkout', name: 'New checkout', tags: ['web'] },
      });
      expect(created.isError, created.text).toBe(false);
      const read = await call('get_feature_flag', { projectKey: 'default', featureFlagKey: 'new-checkout' });
      expect(read.isError, read.text).toBe(false);
      expect(read.json).toMatchObject({ key: 'new-checkout', name: 'New checkout', tags: ['web'] });
      expect(read.text).not.toContain('FeatureFlagBody');
      const renamed = await call('update_feature_flag', {
        projectKey: 'default',
        featureFlagKey: 'new-checkout',
        FeatureFlagPatch: { name: 'Checkout v2' },
      });
      expect(renamed.isError, renamed.text).toBe(false);
      expect((await call('get_feature_flag', { projectKey: 'default', featureFlagKey: 'new-checkout' })).json).toMatchObject({
        name: 'Checkout v2',
      });
    } finally {
      await close();
    }
  });
});

describe('an update written as a JSON Patch', () => {
  it('applies each operation to the entity (a nested path inside its field, a removed value cleared) and never stores the patch', async () => {
    const { call, close } = await connect([
      {
        name: 'create_work_item',
        description: 'Create a work item',
        inputSchema: object({ title: { type: 'string' }, fields: { type: 'object' } }, ['title']),
      },
      {
        name: 'get_work_item',
        description: 'Get a work item by id',
        inputSchema: object({ id: { type: 'string' } }, ['id']),
      },
      {
        name: 'update_work_item',
        description: 'Update a work item with a JSON Patch document',
        inputSchema: object(
          {
            id: { type: 'string' },
            PatchWithComment: object({
              patch: { type: 'array', items: object({ op: { type: 'string' }, path: { type: 'string' }, value: {} }, ['op', 'path']) },
              comment: { type: 'string' },
            }),
          },
          ['id', 'PatchWithComment'],
        ),
      },
    ]);
    try {
      const created = await call('create_work_item', { title: 'Login fails', fields: { area: 'web', severity: 2 } });
      expect(created.isError, created.text).toBe(false);
      const id = created.json.id as string;
      const patched = await call('update_work_item', {
        id,
        PatchWithComment: {
          comment: 'triage',
          patch: [
            { op: 'replace', path: '/title', value: 'Login fails on Safari' },
            { op: 'add', path: '/fields/owner', value: 'dana' },
            { op: 'remove', path: '/fields/severity' },
          ],
        },
      });
      expect(patched.isError, patched.text).toBe(false);
      const read = await call('get_work_item', { id });
      expect(read.json).toMatchObject({ title: 'Login fails on Safari', fields: { area: 'web', owner: 'dana' } });
      expect(read.json.fields).not.toHaveProperty('severity');
      expect(read.text).not.toContain('PatchWithComment');
    } finally {
      await close();
    }
  });
});

describe('the state a new entity starts in', () => {
  it('is spelled as the service spells its states, and a transition keeps that spelling', async () => {
    const { call, close } = await connect([
      {
        name: 'create_change_request',
        description: 'Create a change request',
        inputSchema: object({ repo: { type: 'string' }, title: { type: 'string' } }, ['repo', 'title']),
      },
      {
        name: 'list_change_requests',
        description: 'List change requests of a repository',
        inputSchema: object({ repo: { type: 'string' }, state: { type: 'string', enum: ['PENDING', 'MERGED', 'REJECTED'] } }, ['repo']),
      },
      {
        name: 'merge_change_request',
        description: 'Merge a change request',
        inputSchema: object({ repo: { type: 'string' }, change_request_id: { type: 'string' } }, ['repo', 'change_request_id']),
      },
      {
        name: 'create_milestone',
        description: 'Create a milestone',
        inputSchema: object({ title: { type: 'string' }, status: { type: 'string', enum: ['Planned', 'Running', 'Done'] } }, ['title']),
      },
    ]);
    try {
      const request = await call('create_change_request', { repo: 'shop', title: 'Faster checkout' });
      expect(request.isError, request.text).toBe(false);
      expect(request.json).toMatchObject({ state: 'PENDING' });
      const listed = await call('list_change_requests', { repo: 'shop', state: 'PENDING' });
      expect(listed.text).toContain('Faster checkout');
      const merged = await call('merge_change_request', { repo: 'shop', change_request_id: String(request.json.id) });
      expect(merged.json).toMatchObject({ state: 'MERGED' });
      expect((await call('create_milestone', { title: 'Beta' })).json).toMatchObject({ status: 'Planned' });
    } finally {
      await close();
    }
  });
});

describe('a flag the create says new entities start with', () => {
  it('is set where the schema holds it: "as drafts" starts isDraft true, and a create that says nothing sets nothing', async () => {
    const post = object({ isDraft: { type: 'boolean' }, title: { type: 'string' } }, ['title']);
    const { call, close } = await connect([
      {
        name: 'create_posts',
        description: 'Create new blog posts as drafts.',
        inputSchema: object({ blog_id: { type: 'string' }, posts: { type: 'array', items: post } }, ['blog_id', 'posts']),
      },
      {
        name: 'create_page',
        description: 'Create a page',
        inputSchema: object({ title: { type: 'string' }, isDraft: { type: 'boolean' } }),
      },
    ]);
    try {
      const created = await call('create_posts', { blog_id: 'b1', posts: [{ title: 'Hello' }] });
      expect(created.isError, created.text).toBe(false);
      expect(created.text).toContain('"isDraft":true');
      expect((await call('create_page', { title: 'About' })).json).not.toHaveProperty('isDraft', true);
    } finally {
      await close();
    }
  });
});

describe('a transition', () => {
  it('named by a state event on an update moves the state and leaves the lists of the old one', async () => {
    const { call, close } = await connect([
      {
        name: 'create_ticket',
        description: 'Create a ticket',
        inputSchema: object({ board: { type: 'string' }, summary: { type: 'string' } }, ['board', 'summary']),
      },
      {
        name: 'list_tickets',
        description: 'List tickets',
        inputSchema: object({ board: { type: 'string' }, state: { type: 'string', enum: ['opened', 'closed'] } }, ['board']),
      },
      {
        name: 'edit_ticket',
        description: 'Edit a ticket',
        inputSchema: object(
          {
            board: { type: 'string' },
            ticket_id: { type: 'string' },
            summary: { type: 'string' },
            state_event: { type: 'string', description: 'close or reopen the ticket' },
          },
          ['board', 'ticket_id'],
        ),
      },
      {
        name: 'get_ticket',
        description: 'Get a ticket',
        inputSchema: object({ board: { type: 'string' }, ticket_id: { type: 'string' } }, ['board', 'ticket_id']),
      },
    ]);
    try {
      const ticket = await call('create_ticket', { board: 'ops', summary: 'Printer on fire' });
      expect(ticket.json).toMatchObject({ state: 'opened' });
      const id = String(ticket.json.id);
      const edited = await call('edit_ticket', { board: 'ops', ticket_id: id, state_event: 'close' });
      expect(edited.isError, edited.text).toBe(false);
      const read = await call('get_ticket', { board: 'ops', ticket_id: id });
      expect(read.json).toMatchObject({ state: 'closed' });
      expect(read.json).not.toHaveProperty('state_event');
      expect((await call('list_tickets', { board: 'ops', state: 'opened' })).text).not.toContain('Printer on fire');
      expect((await call('list_tickets', { board: 'ops', state: 'closed' })).text).toContain('Printer on fire');
    } finally {
      await close();
    }
  });
});
