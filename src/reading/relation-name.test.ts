import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { readServer } from './read-server.js';
import { toRelationName } from './relation-name.js';
import { tool, text } from './written-tools.test-support.js';

const reading = (tools: ToolDefinition[], name: string) => readServer(tools).readings.get(name)!;

describe('a relation verb in a tool name changes what ties X to Y, and X stays', () => {
  it('reads the member, the holder and the direction in snake, camel and member-first names', () => {
    expect(toRelationName('crm_remove_contact_from_workflow')).toEqual({ member: 'contact', holder: 'workflow', remove: true });
    expect(toRelationName('addContactToWorkflow')).toEqual({ member: 'contact', holder: 'workflow', remove: false });
    expect(toRelationName('contact.removeFromWorkflow')).toEqual({ member: 'contact', holder: 'workflow', remove: true });
    expect(toRelationName('add_users_to_groups')).toEqual({ member: 'user', holder: 'group', remove: false });
    // No join word, or the verb's own direction missing: no relation.
    expect(toRelationName('remove_contact')).toBeNull();
    expect(toRelationName('add_contact_from_csv')).toBeNull();
  });

  const crm = [
    tool('create_contact', { name: text }, 'Create a contact'),
    tool('get_contact', { contactId: text }, 'Get a contact by ID'),
    tool('delete_contact', { contactId: text }, 'Delete a contact by ID'),
    tool('add_contact_to_workflow', { contactId: text, workflowId: text }, 'Add a contact to an automation workflow.'),
    tool('remove_contact_from_workflow', { contactId: text, workflowId: text }, 'Remove a contact from an automation workflow.'),
  ];

  it("reads add/remove X to/from a Y no tool keeps as an update of X's list of Ys, never a create or delete of X", () => {
    expect(reading(crm, 'remove_contact_from_workflow')).toMatchObject({
      kind: 'update',
      entity: 'contact',
      idArgument: 'contactId',
      listField: { field: 'workflow_ids', argument: 'workflowId', remove: true },
    });
    expect(reading(crm, 'add_contact_to_workflow')).toMatchObject({
      kind: 'update',
      entity: 'contact',
      listField: { field: 'workflow_ids', argument: 'workflowId', remove: false },
    });
  });

  it("keeps a delete where X is read only within Y: it is Y's own record", () => {
    const flags = [
      tool('get_flag', { projectKey: text, flagKey: text }, 'Get a flag of a project'),
      tool('remove_flag_from_project', { projectKey: text, flagKey: text }, 'Delete the flag'),
    ];
    expect(reading(flags, 'remove_flag_from_project')).toMatchObject({ kind: 'delete', entity: 'flag' });
  });
});
