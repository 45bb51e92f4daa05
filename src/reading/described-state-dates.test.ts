import { describe, expect, it } from 'vitest';
import { readServer } from './read-server.js';
import { toStateDate } from './described-state-dates.js';
import type { ToolDefinition } from '../domain/registry.js';

const ticket = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    status: { type: 'string', enum: ['open', 'closed'] },
    created_at: { type: 'string', format: 'date-time' },
    closed_at: { type: 'string', format: 'date-time' },
  },
};
const tools: ToolDefinition[] = [
  {
    name: 'create_ticket',
    description: 'Create a ticket',
    inputSchema: { type: 'object', properties: { title: { type: 'string' } } },
    outputSchema: ticket,
  },
  {
    name: 'get_ticket',
    description: 'Get a ticket',
    inputSchema: { type: 'object', properties: { ticket_id: { type: 'string' } } },
    outputSchema: ticket,
  },
  {
    name: 'update_ticket',
    description: 'Update a ticket',
    inputSchema: { type: 'object', properties: { ticket_id: { type: 'string' }, status: { type: 'string', enum: ['open', 'closed'] } } },
    outputSchema: ticket,
  },
] as ToolDefinition[];

describe('toStateDate', () => {
  const model = readServer(tools, { serverNames: ['Tickets'] });

  it("reads a state and its date as the state and the record's time of it: creation for the first state, else `<state>_at`", () => {
    expect(toStateDate(model, 'ticket', 'open on 2026-05-04 at 09:12')).toEqual({ status: 'open', created_at: '2026-05-04T09:12:00Z' });
    expect(toStateDate(model, 'ticket', 'closed by Ana Costa on 2026-05-01')).toEqual({
      status: 'closed',
      closed_at: '2026-05-01T00:00:00Z',
    });
  });

  it('reads no word that is not one of the type’s states', () => {
    expect(toStateDate(model, 'ticket', 'filed on 2026-05-01')).toBeUndefined();
  });

  it('reads a day written in words as the last such day up to now, a state being taken in the past', () => {
    const now = '2026-03-20T09:00:00Z';
    expect(toStateDate(model, 'ticket', 'closed on March 3', now)).toEqual({ status: 'closed', closed_at: '2026-03-03T00:00:00Z' });
    expect(toStateDate(model, 'ticket', 'closed on 30 April', now)).toEqual({ status: 'closed', closed_at: '2025-04-30T00:00:00Z' });
    expect(toStateDate(model, 'ticket', 'closed on April 30, 2026', now)).toEqual({ status: 'closed', closed_at: '2026-04-30T00:00:00Z' });
    expect(toStateDate(model, 'ticket', 'closed on March 3')).toBeUndefined();
    expect(toStateDate(model, 'ticket', 'shipped on March 3', now)).toBeUndefined();
  });
});
