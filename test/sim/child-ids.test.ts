/**
 * A child's id as the service's schemas type it, over the real platform (a real SQLite file,
 * `app.fetch` in process), with no model: a ticket's output schema lists `comments` whose `id` is
 * an integer, so the comment a create makes has a number for its id, and the ticket's read shows
 * that same comment with that same id; the ticket's ids follow the example its create gives.
 */
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { mockOnTools, useSimulatorHarness } from '../support/simulator-harness.js';

let harness: Harness;
useSimulatorHarness('mcpsim-child-ids-', (started) => (harness = started));

const object = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties, required });
const text = { type: 'string' };
const integer = { type: 'integer' };

describe('ids of a child that only a parent’s output schema types', () => {
  it('makes a comment’s id a number and shows the same id in its ticket’s read', async () => {
    const tools = [
      {
        name: 'create_ticket',
        description: 'Create a ticket. Ticket ids are numbers like 48213.',
        inputSchema: object({ subject: text }, ['subject']),
      },
      {
        name: 'get_ticket',
        description: 'Show one ticket with its comments.',
        inputSchema: object({ ticket_id: integer }, ['ticket_id']),
        outputSchema: object({
          id: integer,
          subject: text,
          comments: { type: 'array', items: object({ id: integer, body: text }) },
        }),
      },
      {
        name: 'add_comment',
        description: 'Add a reply to a ticket.',
        inputSchema: object({ ticket_id: integer, body: text }, ['ticket_id', 'body']),
      },
    ];
    const call = await mockOnTools(harness, { namespace: 'desk', connection: 'tickets', tools });

    const ticket = await call('create_ticket', { subject: 'Refund not received' });
    expect(String(ticket.id)).toMatch(/^[1-9]\d{4}$/);
    const comment = await call('add_comment', { ticket_id: ticket.id, body: 'We have issued the refund.' });
    expect(typeof comment.id).toBe('number');
    const read = await call('get_ticket', { ticket_id: ticket.id });
    expect(read.comments).toEqual([expect.objectContaining({ id: comment.id, body: 'We have issued the refund.' })]);
  });
});
