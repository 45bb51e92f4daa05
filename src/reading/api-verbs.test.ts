import { describe, expect, it } from 'vitest';
import { readServer } from './read-server.js';
import { tool, text } from './written-tools.test-support.js';

/** Each tool's answer kind and entity, by name. */
function kinds(tools: Parameters<typeof readServer>[0]): Record<string, string> {
  const model = readServer(tools);
  return Object.fromEntries(tools.map(({ name }) => [name, `${model.kindOf(name).kind} ${model.shapes.get(name)!.entity}`]));
}

describe('the verbs of the language beyond the ones servers here used', () => {
  it('reads a synonym of create, update, delete and search as its operation', () => {
    expect(
      kinds([
        tool('provision_database', { name: text, plan: text }, 'Provision a managed database'),
        tool('get_database', { database_id: text }, 'Get a database'),
        tool('amend_order', { order_id: text, note: text }, 'Amend an order'),
        tool('get_order', { order_id: text }, 'Get an order'),
        tool('unregister_device', { device_id: text }, 'Unregister a device'),
        tool('get_device', { device_id: text }, 'Get a device'),
        tool('locate_stores', { query: text }, 'Locate stores near a place'),
      ]),
    ).toMatchObject({
      provision_database: 'create database',
      amend_order: 'update order',
      unregister_device: 'delete device',
      locate_stores: 'search store',
    });
  });

  it('reads a lifecycle verb of the language as a transition of what its id names', () => {
    const model = readServer([
      tool('terminate_instance', { instance_id: text }, 'Terminate an instance'),
      tool('get_instance', { instance_id: text }, 'Get an instance'),
    ]);
    expect(model.kindOf('terminate_instance').kind).toBe('transition');
    expect(model.shapes.get('terminate_instance')?.sets).toEqual({ state: 'terminated' });
  });

  it('keeps a verb that is a noun as often a noun beside another verb, and a verb alone', () => {
    expect(
      kinds([
        tool('get_build', { build_id: text }, 'Get a build'),
        tool('record_payment', { invoice_id: text, amount: { type: 'number' } }, 'Record a payment against an invoice'),
      ]),
    ).toEqual({ get_build: 'read build', record_payment: 'create payment' });
  });

  it('does not read an enum of what happened (`build_failed`) as choices of what to do', () => {
    const model = readServer([
      {
        name: 'list_todos',
        description: 'List to-do items',
        inputSchema: {
          type: 'object',
          properties: { action: { type: 'string', enum: ['assigned', 'build_failed', 'merge_train_removed'] } },
        },
      },
    ]);
    expect(model.shapes.get('list_todos')?.dispatch).toBeNull();
    expect(model.kindOf('list_todos').kind).toBe('list');
  });
});
