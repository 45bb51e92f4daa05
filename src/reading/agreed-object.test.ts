import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { readServer } from './read-server.js';
import { inferServerShapes } from './tool-operation.js';
import { tool, text } from './written-tools.test-support.js';

/** A small ticket service: tickets and labels are kept (created, listed, read by id). */
const tickets = [
  tool('create_ticket', { title: text }),
  tool('get_ticket', { ticket_id: text }),
  tool('list_tickets', { status: text }),
  tool('create_label', { name: text }),
  tool('get_label', { label_id: text }),
];

/** A tool's entity as the name reads it, and after the server-wide pass. */
const readings = (tools: ToolDefinition[], name: string) => [
  inferServerShapes(tools).get(name)?.entity,
  readServer(tools).shapes.get(name)?.entity,
];

describe("a description's object and an id argument that agree decide the entity", () => {
  // Two tools read `draft_mode`, so no rule for a compound one tool alone reads applies.
  const draft = (properties: Record<string, Record<string, unknown>>) => [
    tool('enterDraftMode', properties, 'Move an existing ticket into draft status'),
    tool('leaveDraftMode', properties, 'Move a ticket out of draft status'),
  ];

  it('reads an action on the type both name, whatever the name calls it, and says why', () => {
    const tools = [...tickets, ...draft({ ticket_id: text })];
    expect(readings(tools, 'enterDraftMode')).toEqual(['draft_mode', 'ticket']);
    const why = readServer(tools).readings.get('enterDraftMode')?.why.entity;
    expect(why).toMatch(/first verb acts on ticket and its id argument "ticket_id" names a ticket/);
  });

  it("reads a type the name's entity only qualifies in the description as the object", () => {
    const tools = [
      ...tickets,
      tool('list_subtickets', {}),
      tool('detach_subticket', { ticket_id: text }, 'Detach a subticket ticket from its parent'),
    ];
    expect(readings(tools, 'detach_subticket')).toEqual(['subticket', 'ticket']);
  });

  it('keeps the name where only the description speaks, or where the name’s entity is a type the object leaves out', () => {
    expect(readings([...tickets, ...draft({ ref: text })], 'enterDraftMode')).toEqual(['draft_mode', 'draft_mode']);
    // The ticket, a type of its own, is no qualifier of the label the description names first.
    const attach = [...tickets, tool('attach_label', { label_id: text, ticket_id: text }, 'Attach a label to a ticket')];
    expect(readings(attach, 'attach_label')).toEqual(['ticket', 'ticket']);
  });

  it('keeps the kind of child a create names under a parent of the same type', () => {
    const tools = [...tickets, tool('create_subticket', { parent_ticket_id: text, title: text }, 'Create a new sub-ticket ticket.')];
    expect(readings(tools, 'create_subticket')).toEqual(['subticket', 'subticket']);
  });
});

describe('a value set on a type an id argument names is a change of that type', () => {
  const shape = (tools: ToolDefinition[], name: string) => {
    const found = readServer(tools).shapes.get(name);
    return [inferServerShapes(tools).get(name)?.entity, found?.entity, found?.idArgument];
  };

  it('reads a setter of a value of a ticket as an update of the ticket, by the argument that names it', () => {
    const due = [...tickets, tool('update_ticket_due_date', { ticket_id: text, due: text }, 'Change the due date of a ticket')];
    expect(shape(due, 'update_ticket_due_date')).toEqual(['due_date', 'ticket', 'ticket_id']);
    expect(readServer(due).readings.get('update_ticket_due_date')?.why.entity).toMatch(/sets the due date of a ticket/);
    const custom = [
      ...tickets,
      tool('list_custom_fields', {}),
      tool(
        'update_ticket_custom_field',
        { ticket_id: text, custom_field_id: text, value: text },
        'Set or clear a custom field value on a ticket',
      ),
    ];
    expect(shape(custom, 'update_ticket_custom_field')).toEqual(['custom_field', 'ticket', 'ticket_id']);
  });

  it('keeps a value that another tool keeps as a type, and a description that updates rather than sets', () => {
    const assignee = [
      ...tickets,
      tool('list_assignees', {}),
      tool('update_ticket_assignee', { ticket_id: text, assignee_id: text }, 'Set the assignee of a ticket'),
    ];
    expect(shape(assignee, 'update_ticket_assignee')[1]).toBe('assignee');
    const updated = [...tickets, tool('update_ticket_due_date', { ticket_id: text, due: text }, 'Update the due date of a ticket')];
    expect(shape(updated, 'update_ticket_due_date')[1]).toBe('due_date');
  });
});

describe('a name that says which of the described objects it acts on', () => {
  const posts = [tool('create_post', { title: text }), tool('get_post', { post_id: text }), tool('list_posts', {})];
  const byAuthor = (properties: Record<string, Record<string, unknown>>) =>
    tool('archive_by_author', properties, 'Archive or restore all posts by a specific author');

  it('acts on the object where the name’s entity picks them and is an argument of its own', () => {
    const tools = [...posts, byAuthor({ author: text })];
    expect(readings(tools, 'archive_by_author')).toEqual(['author', 'post']);
    expect(readServer(tools).readings.get('archive_by_author')?.why.entity).toMatch(/picked by the author its argument "author" takes/);
  });

  it('keeps the name where no argument takes what picks them', () => {
    expect(readings([...posts, byAuthor({ who: text })], 'archive_by_author')).toEqual(['author', 'author']);
  });
});
