/**
 * An entity named two ways (issue 36): the service model names a type's id field and its other keys,
 * and the simulator gives every entity, made up or created, all of them, so a read, update or delete
 * by any key finds the same record. Tools written for this test after Rollbar's (items by `counter`
 * and by `itemId`) and a tracker whose issues have a global id and a per-project number.
 */
import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../../src/domain/registry.js';
import { readServer } from '../../src/reading/read-server.js';
import { createSimulatorSession } from '../support/simulator-session.js';

const text = { type: 'string' };
const whole = { type: 'integer' };
const tool = (name: string, description: string, properties: Record<string, unknown>, required: string[]): ToolDefinition => ({
  name,
  description,
  inputSchema: { type: 'object', properties, required },
});

const rollbar = [
  tool('list-items', 'List all items in the Rollbar project', { status: { type: 'string', default: 'active' } }, []),
  tool('get-item-details', 'Get item details for a Rollbar item', { counter: { ...whole, description: 'Rollbar item counter' } }, [
    'counter',
  ]),
  tool('update-item', 'Update an item in Rollbar', { itemId: { ...whole, description: 'The ID of the item' }, status: text }, ['itemId']),
];

const tracker = [
  tool('create_issue', 'Create an issue in a project', { project_id: text, title: text }, ['project_id', 'title']),
  tool('get_issue', 'Get an issue by its number within the project', { project_id: text, issue_iid: whole }, ['project_id', 'issue_iid']),
  tool('delete_issue', 'Delete an issue by its global id', { issue_id: whole }, ['issue_id']),
];

describe('an entity with more than one key', () => {
  it('reads the id field and the other keys from the tools that name a type by them', () => {
    const model = readServer(rollbar, { serverNames: ['rollbar-mcp'] });
    expect(model.keysOf('item')).toMatchObject({ idField: 'id', keys: [{ field: 'counter', format: 'counter', arguments: ['counter'] }] });
    expect(readServer(tracker).entityTypes.get('issue')).toMatchObject({ idField: 'id', keys: [{ field: 'iid', format: 'counter' }] });
  });

  it('takes the keys a known service has where its tools name only one', () => {
    const issues = [tool('get_issue', 'Get an issue', { project_id: text, issue_iid: whole }, ['project_id', 'issue_iid'])];
    const keys = readServer(issues, { serverNames: ['@zereight/mcp-gitlab'] }).keysOf('issue');
    expect(keys.keys.map((key) => key.field)).toContain('id');
  });

  it('gives made-up items the id an update takes beside the counter a read takes, and both find the same item', async () => {
    const session = createSimulatorSession(rollbar);
    const listed = await session.call('list-items', {});
    const first = listed.json.items[0];
    expect(first.counter).toBe(1);
    expect(typeof first.id).toBe('number');
    expect(first.id).not.toBe(first.counter);
    const read = await session.call('get-item-details', { counter: first.counter });
    expect(read.json.id).toBe(first.id);
    const updated = await session.call('update-item', { itemId: first.id, status: 'resolved' });
    expect(updated.isError).toBe(false);
    expect((await session.call('get-item-details', { counter: first.counter })).json.status).toBe('resolved');
  });

  it('answers not-found for a key no item has', async () => {
    const session = createSimulatorSession(rollbar);
    await session.call('list-items', {});
    expect((await session.call('update-item', { itemId: 999999, status: 'resolved' })).isError).toBe(true);
  });

  it('gives a created issue a number that counts per project, found by it and deleted by its id', async () => {
    const session = createSimulatorSession(tracker);
    const a = (await session.call('create_issue', { project_id: 'web', title: 'Login fails' })).json;
    const b = (await session.call('create_issue', { project_id: 'web', title: 'Logout fails' })).json;
    const c = (await session.call('create_issue', { project_id: 'api', title: 'Timeout' })).json;
    expect([a.iid, b.iid, c.iid]).toEqual([1, 2, 1]);
    expect((await session.call('get_issue', { project_id: 'api', issue_iid: 1 })).json.id).toBe(c.id);
    const read = await session.call('get_issue', { project_id: 'web', issue_iid: 2 });
    expect(read.json.id).toBe(b.id);
    expect((await session.call('delete_issue', { issue_id: b.id })).isError).toBe(false);
    expect((await session.call('get_issue', { project_id: 'web', issue_iid: 2 })).isError).toBe(true);
    expect((await session.call('get_issue', { project_id: 'web', issue_iid: 99 })).isError).toBe(true);
  });

  it('gives a GitLab issue the global id the service has beside the iid its tools take', async () => {
    const issues = [
      tool('create_issue', 'Create an issue', { project_id: text, title: text }, ['project_id', 'title']),
      tool('get_issue', 'Get an issue', { project_id: text, issue_iid: whole }, ['project_id', 'issue_iid']),
    ];
    const session = createSimulatorSession(issues, undefined, '@zereight/mcp-gitlab');
    const created = (await session.call('create_issue', { project_id: 'web', title: 'Login fails' })).json;
    expect(String(created.id)).toMatch(/^[1-9][0-9]{7}$/);
    expect((await session.call('get_issue', { project_id: 'web', issue_iid: created.iid })).json.id).toBe(created.id);
  });

  it('gives a created collection the handle its name makes, and a read by that handle finds it', async () => {
    const shop = [
      tool('create_collection', 'Create a collection', { title: text }, ['title']),
      tool('get_collection', 'Get a collection by id', { collectionId: text }, ['collectionId']),
      tool('get_collection_by_handle', 'Get a collection by its handle', { handle: text }, ['handle']),
    ];
    const session = createSimulatorSession(shop);
    const created = (await session.call('create_collection', { title: 'Summer Sale 2026' })).json;
    expect(created.handle).toBe('summer-sale-2026');
    const read = await session.call('get_collection_by_handle', { handle: 'summer-sale-2026' });
    expect(read.json.id).toBe(created.id);
    expect((await session.call('get_collection', { collectionId: created.id })).json.handle).toBe('summer-sale-2026');
  });
});
