/**
 * Agent-style walks on tools written for these tests, each call on the world the calls before it
 * left: what a client saves from one answer is what the next tool takes, and the world answers what
 * the real service would (issue 36).
 */
import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../../src/domain/registry.js';
import { createSimulatorSession } from '../support/simulator-session.js';

const object = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties, required });

describe('ids a walk passes on', () => {
  const delivery: ToolDefinition[] = [
    { name: 'list_regions', description: 'List the regions we deliver to', inputSchema: object({}) },
    {
      name: 'list_towns',
      description: 'List the towns of a region',
      inputSchema: object({ regionId: { type: 'integer', description: 'Region id from list_regions' } }, ['regionId']),
    },
    {
      name: 'add_depot',
      description: 'Add a depot in a town',
      inputSchema: object({ townId: { type: 'number' }, label: { type: 'string' } }, ['townId', 'label']),
    },
  ];

  it('are numbers when every tool that takes them declares a number', async () => {
    const session = createSimulatorSession(delivery);
    const regions = await session.call('list_regions');
    const region = regions.json.regions[0].id;
    expect(typeof region).toBe('number');
    const towns = await session.call('list_towns', { regionId: region });
    expect(towns.isError, towns.text).toBe(false);
    expect(typeof towns.json.towns[0].id).toBe('number');
  });

  it('stay strings when a tool takes them as strings', async () => {
    const tools: ToolDefinition[] = [
      ...delivery,
      {
        name: 'rename_region',
        description: 'Rename a region',
        inputSchema: object({ regionId: { type: 'string' }, name: { type: 'string' } }),
      },
    ];
    const regions = await createSimulatorSession(tools).call('list_regions');
    expect(typeof regions.json.regions[0].id).toBe('string');
  });
});
