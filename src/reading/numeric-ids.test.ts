import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { readServer } from './read-server.js';
import { idTypesOf, isMostlyNumbers } from './numeric-ids.js';

const object = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object' as const, properties, required });
const integer = { type: 'integer' };
const text = { type: 'string' };

function numbers(tools: ToolDefinition[], entity: string): boolean {
  const model = readServer(tools, { serverNames: ['desk'] });
  return isMostlyNumbers(idTypesOf(tools, model.shapes, entity));
}

describe('idTypesOf and isMostlyNumbers', () => {
  const addComment = {
    name: 'add_comment',
    description: 'Add a comment to a ticket.',
    inputSchema: object({ ticket_id: integer, body: text }),
  };

  it('reads a child’s numeric ids from the objects under its name in another tool’s output schema', () => {
    const getTicket = {
      name: 'get_ticket',
      description: 'Get a ticket.',
      inputSchema: object({ ticket_id: integer }),
      outputSchema: object({ id: integer, comments: { type: 'array', items: object({ id: integer }) } }),
    };
    expect(numbers([getTicket, addComment], 'comment')).toBe(true);
    expect(numbers([getTicket, addComment], 'ticket')).toBe(true);
  });

  it('reads the id of a list’s wrapped answers and of <entity>_id fields', () => {
    const listMacros = {
      name: 'list_macros',
      description: 'List the macros.',
      inputSchema: object({}),
      outputSchema: object({ results: { type: 'array', items: object({ id: integer, title: text }) }, count: integer }),
    };
    expect(numbers([listMacros], 'macro')).toBe(true);
    const listViews = {
      name: 'list_views',
      description: 'List the views.',
      inputSchema: object({}),
      outputSchema: object({ views: { type: 'array', items: object({ view_id: integer }) } }),
    };
    expect(numbers([listViews], 'view')).toBe(true);
  });

  it('keeps strings where the places that type the id say a string, or nothing types it, and not from another entity’s objects', () => {
    const getTicket = {
      name: 'get_ticket',
      description: 'Get a ticket.',
      inputSchema: object({ ticket_id: integer }),
      outputSchema: object({ id: integer, comments: { type: 'array', items: object({ id: text }) }, requester: object({ id: integer }) }),
    };
    expect(numbers([getTicket, addComment], 'comment')).toBe(false);
    expect(numbers([addComment], 'comment')).toBe(false);
    expect(numbers([getTicket, addComment], 'requester')).toBe(true);
    const getIssue = {
      name: 'get_issue',
      description: 'Get an issue.',
      inputSchema: object({ expand: text }),
      outputSchema: object({ key: text, reporter: object({ id: integer }), project: object({ id: integer }) }),
    };
    expect(numbers([getIssue], 'issue')).toBe(false);
  });

  it('reads numbers where most places say so, as a generated server types a path value as text', () => {
    const getEventType = { name: 'getEventTypeById', description: 'Get an event type', inputSchema: object({ eventTypeId: text }) };
    const deleteEventType = { name: 'deleteEventType', description: 'Delete an event type', inputSchema: object({ eventTypeId: integer }) };
    const updateEventType = {
      name: 'updateEventType',
      description: 'Update an event type',
      inputSchema: object({ eventTypeId: integer, title: text }),
    };
    expect(numbers([getEventType, deleteEventType, updateEventType], 'event_type')).toBe(true);
    expect(numbers([getEventType, deleteEventType], 'event_type')).toBe(false);
  });
});
