import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { readServer } from './read-server.js';

const object = (properties: Record<string, unknown>) => ({ type: 'object' as const, properties });
const integer = { type: 'integer' };
const text = { type: 'string' };

const tool = (name: string, properties: Record<string, unknown>): ToolDefinition => ({
  name,
  description: `${name}.`,
  inputSchema: object(properties),
});

/** Whether the reading gives a time entry, whose id no tool types, numbers for ids. */
function timeEntryNumeric(idType: unknown): boolean {
  const tools = [
    tool('get_invoice', { invoice_id: integer }),
    tool('get_client', { client_id: idType }),
    tool('create_time_entry', { date: text, hours: { type: 'number' } }),
  ];
  return readServer(tools).idTraitsOf('time_entry').numeric;
}

describe('a type no tool types the id of', () => {
  it('takes numbers for ids where every other type of the server has numbers', () => {
    expect(timeEntryNumeric(integer)).toBe(true);
  });

  it('keeps text ids where another type of the server has text ids', () => {
    expect(timeEntryNumeric(text)).toBe(false);
  });
});
