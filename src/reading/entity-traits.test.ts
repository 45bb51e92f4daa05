import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { readServer } from './read-server.js';

const tool = (name: string, properties: Record<string, unknown> = {}, extra: Partial<ToolDefinition> = {}) =>
  ({ name, inputSchema: { type: 'object', properties }, ...extra }) as ToolDefinition;

describe("an entity type's state and unique fields", () => {
  const tools = [
    tool('create_invoice', { customer: { type: 'string' }, number: { type: 'string', description: 'Invoice number, unique per account' } }),
    tool(
      'get_invoice',
      { invoice_id: { type: 'string' } },
      {
        outputSchema: {
          type: 'object',
          properties: { invoice: { type: 'object', properties: { status: { type: 'string', enum: ['draft', 'open', 'paid'] } } } },
        },
      },
    ),
    tool('finalize_invoice', { invoice_id: { type: 'string' } }),
    tool('update_invoice', { invoice_id: { type: 'string' }, status: { type: 'string' } }),
    tool('create_member', { handle: { type: 'string' } }, { description: 'Adds a member. Handles must be unique.' }),
    tool('get_member', { member_id: { type: 'string' } }),
  ];

  it('reads the state field from the enum its tools show, with the tools that move it', () => {
    const invoice = readServer(tools).entityTypes.get('invoice')!;
    expect(invoice.state?.field).toBe('status');
    expect(invoice.state?.values.slice(0, 3)).toEqual(['draft', 'open', 'paid']);
    expect(invoice.state?.tools).toEqual(['finalize_invoice', 'update_invoice']);
  });

  it('reads unique fields from an argument description and from the tool description', () => {
    const model = readServer(tools);
    expect(model.entityTypes.get('invoice')?.unique).toEqual(['number']);
    expect(model.entityTypes.get('member')?.unique).toEqual(['handle']);
    expect(model.entityTypes.get('member')?.state).toBeNull();
  });

  it('reads no unique field from a unique id that names what the value points at', () => {
    const model = readServer([
      tool('create_message', {
        conversation_sid: { type: 'string', description: 'The unique ID of the Conversation for this message.' },
        author: { type: 'string', description: 'A unique string identifier of the author.' },
        body: { type: 'string' },
      }),
      tool('get_message', { message_id: { type: 'string' } }),
    ]);
    expect(model.entityTypes.get('message')?.unique).toEqual([]);
  });

  it('reads a state from the lists that filter by it (`states: [...]`, `filter: { status: { eq } }`) where no other tool shows one', () => {
    const model = readServer([
      tool('search_issues', { states: { type: 'array', items: { type: 'string' }, description: 'Filter by state names' } }),
      tool('delete_issue', { id: { type: 'string' } }),
      tool('list_projects', {
        filter: { type: 'object', properties: { status: { type: 'object', properties: { eq: { type: 'string' } } } } },
      }),
      tool('get_project', { id: { type: 'string' } }),
      tool('list_tickets', { state: { type: 'string' }, statuses: { type: 'array', items: { type: 'string' } } }),
    ]);
    expect(model.entityTypes.get('issue')?.state?.field).toBe('state');
    expect(model.entityTypes.get('project')?.state?.field).toBe('status');
    // `statuses` beside a `state` argument names that state, not a second field.
    expect(model.entityTypes.get('ticket')?.state?.field).toBe('state');
  });
});
