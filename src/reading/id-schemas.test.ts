import { describe, expect, it } from 'vitest';
import { readServer } from './read-server.js';
import type { ToolDefinition } from '../domain/registry.js';

const object = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object' as const, properties, required });

describe('the id clues of an entity type', () => {
  it('takes the sentence of a create that speaks of the new id, and not its other sentences', () => {
    const tools: ToolDefinition[] = [
      {
        name: 'create_client',
        description: 'Create a client for project prj_77aa21. Returns the new client with its id (e.g. "cl_8f3k2").',
        inputSchema: object({ name: { type: 'string' } }, ['name']),
      },
      { name: 'get_client', description: 'Get one client.', inputSchema: object({ client_id: { type: 'string' } }, ['client_id']) },
    ];
    const model = readServer(tools);
    expect(model.idSchemasOf('client').descriptions).toEqual(['Returns the new client with its id (e.g. "cl_8f3k2").']);
    expect(model.entityTypes.get('client')?.idFormat).toMatchObject({
      source: 'example',
      example: expect.stringMatching(/^cl_[a-z0-9]{5}$/),
    });
  });

  it('takes what a list of the entity says of its ids, for a type no tool creates', () => {
    const tools: ToolDefinition[] = [
      {
        name: 'list_services',
        description: 'List the services. Each service has an id like "PSVC12A".',
        inputSchema: object({ query: { type: 'string' } }),
      },
      { name: 'list_teams', description: 'List the teams.', inputSchema: object({}) },
    ];
    const model = readServer(tools);
    expect(model.idSchemasOf('service').descriptions).toEqual(['Each service has an id like "PSVC12A".']);
    expect(model.idSchemasOf('team').descriptions).toEqual([]);
    expect(model.entityTypes.get('service')?.idFormat).toMatchObject({
      source: 'example',
      example: expect.stringMatching(/^P[A-Z0-9]{6}$/),
    });
  });
});
