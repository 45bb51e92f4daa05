import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { readServer } from './read-server.js';
import { tool, text } from './written-tools.test-support.js';

const reading = (tools: ToolDefinition[], name: string) => readServer(tools).readings.get(name)!;

describe('a membership change the description writes is an update of the list that ties two entities', () => {
  const sprintTools = [
    tool('get_ticket', { ticket_id: text }, 'Get a ticket'),
    tool('get_sprint', { sprint_id: text }, 'Get a sprint'),
    tool('drop_sprint_ticket', { board_id: text, sprint_id: text, ticket_id: text }, 'Remove a ticket from a sprint. The ticket stays.'),
    tool('put_sprint_ticket', { sprint_id: text, ticket_id: text }, 'Adds the ticket to a sprint'),
  ];

  it('reads "Remove a ticket from a sprint" with both ids as an update of the ticket, not a delete', () => {
    const drop = reading(sprintTools, 'drop_sprint_ticket');
    expect(drop).toMatchObject({ kind: 'update', entity: 'ticket', idArgument: 'ticket_id' });
    expect(drop.listField).toMatchObject({ field: 'sprint_ids', argument: 'sprint_id', remove: true });
    expect(drop.why.operation).toContain('removes a ticket from a sprint');
    expect(reading(sprintTools, 'put_sprint_ticket').listField).toMatchObject({ argument: 'sprint_id', remove: false });
  });

  it('changes the holder\'s list where the member has no argument of its own name ("Add a member to a workspace")', () => {
    const tools = [
      tool('get_workspace', { workspaceId: text }, 'Get a workspace'),
      tool('workspace_add_member', { workspaceId: text, personId: text }, 'Add a member to a workspace'),
    ];
    expect(reading(tools, 'workspace_add_member')).toMatchObject({
      kind: 'update',
      entity: 'workspace',
      idArgument: 'workspaceId',
      listField: { field: 'member_ids', argument: 'personId', remove: false },
    });
  });

  it('keeps a delete where the thing is removed from the place it lives ("Removes a feature flag from the project")', () => {
    const flags = [
      tool('create-feature-flag', { projectKey: text, name: text }, 'Creates a new feature flag within a project'),
      tool('get-feature-flag', { projectKey: text, featureFlagKey: text }, 'Fetches a feature flag'),
      tool('delete-feature-flag', { projectKey: text, featureFlagKey: text }, 'Removes a feature flag from the project.'),
    ];
    expect(reading(flags, 'delete-feature-flag')).toMatchObject({ kind: 'delete', entity: 'feature_flag', idArgument: 'featureFlagKey' });
    // The holder is no type of the server, and only one other argument names something: no list of the holder changes either.
    const holderOnly = [
      tool('get_flag', { flagKey: text }, 'Get a flag'),
      tool('drop_flag', { projectKey: text, flagKey: text }, 'Remove a flag from the project'),
    ];
    expect(reading(holderOnly, 'drop_flag').listField).toBeNull();
  });

  it('keeps a create where the output is a record with its own id, or where the member is new text', () => {
    const joins: ToolDefinition = {
      ...tool('workspace_add_member', { workspaceId: text, personId: text }, 'Add a member to a workspace'),
      outputSchema: { type: 'object', properties: { id: { type: 'string' }, createdAt: { type: 'string' } } },
    };
    expect(reading([joins], 'workspace_add_member').kind).toBe('create');
    const note = tool('add_ticket_note', { ticket_id: text, note: text }, 'Add a note to a ticket');
    // A note given as text is no member that exists: this rule leaves it (add_label's rule reads it as the ticket's notes).
    expect(reading([sprintTools[0]!, note], 'add_ticket_note').listField?.why).toBeUndefined();
  });

  it("keeps a delete of a member only its holder knows (a channel's member read under the channel)", () => {
    const tools = [
      tool('get_channel_member', { channelId: text, memberId: text }, 'Get a member of a channel'),
      tool('drop_channel_member', { channelId: text, memberId: text }, 'Remove a member from a channel'),
    ];
    expect(reading(tools, 'drop_channel_member').kind).toBe('delete');
  });
});
