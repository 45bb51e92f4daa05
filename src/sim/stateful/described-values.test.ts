import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../../domain/registry.js';
import { computedValueWord, describedFieldNames, describedText, describedValues } from '../../reading/described-returns.js';
import { computedFields, describedFields } from './described-values.js';

const tool = (name: string, description: string): ToolDefinition => ({ name, description, inputSchema: { type: 'object' } });
const context = { seed: 'test', now: '2026-03-01T10:00:00.000Z' };

describe('described values', () => {
  it('reads the values a description says the tool returns', () => {
    expect(describedValues(tool('get_system_health', 'Get the health. Returns GREEN, YELLOW, or RED'))).toEqual(['GREEN', 'YELLOW', 'RED']);
    expect(describedValues(tool('ping_system', "Ping it to check if it's alive. Returns 'pong' as plain text"))).toEqual(['pong']);
    expect(describedValues(tool('get_system_status', 'Returns status, version, and id'))).toEqual([]);
    expect(describedValues(tool('list_issues', 'Returns the issues of a project'))).toEqual([]);
  });

  it('reads the fields a description lists', () => {
    expect(describedFieldNames(tool('get_system_status', 'Get state information. Returns status, version, and id'))).toEqual([
      'status',
      'version',
      'id',
    ]);
    expect(describedFieldNames(tool('list_issues', 'Returns the issues of a project'))).toEqual([]);
  });

  it('fills a read with the first named value, or the listed fields with plausible values, the same each time', () => {
    expect(describedFields(tool('get_system_health', 'Returns GREEN, YELLOW, or RED'), 'health', context)).toEqual({ health: 'GREEN' });
    const status = describedFields(tool('get_system_status', 'Returns status, version, and id'), 'status', context);
    expect(status).toMatchObject({ status: 'UP', version: expect.stringMatching(/^\d+\.\d+\.\d+\.\d{5}$/), id: expect.any(String) });
    expect(describedFields(tool('get_system_status', 'Returns status, version, and id'), 'status', context)).toEqual(status);
  });

  it('answers a quoted value as plain text when the tool declares no output schema', () => {
    expect(describedText(tool('ping_system', "Returns 'pong' as plain text"))).toBe('pong');
    expect(describedText({ ...tool('ping_system', "Returns 'pong'"), outputSchema: { type: 'object' } })).toBeNull();
    expect(describedText(tool('get_system_health', 'Returns GREEN, YELLOW, or RED'))).toBeNull();
  });
});

describe('computed values', () => {
  const withArgs = (name: string, description: string, properties: string[]): ToolDefinition => ({
    name,
    description,
    inputSchema: { type: 'object', properties: Object.fromEntries(properties.map((name) => [name, { type: 'string' }])) },
  });

  it('reads the value a tool computes from its name or the first words of its description', () => {
    expect(computedValueWord(withArgs('get_weather', 'Get the weather for a city', ['city']))).toBe('weather');
    expect(computedValueWord(withArgs('service_health_check', 'Is the service up', []))).toBe('health');
    expect(computedValueWord(withArgs('getRateLimitStatus', 'How many calls are left', []))).toBe('rate_limit');
    expect(computedFields(withArgs('get_server_status', 'Is it up', []), {}, context)).toEqual({ server_status: 'UP' });
    expect(computedValueWord(withArgs('how_far', 'Calculate the distance between two addresses', ['from', 'to']))).toBe('distance');
    expect(computedValueWord(withArgs('ping', 'Check the server answers', []))).toBe('ping');
    expect(computedValueWord(withArgs('ping_hook', 'Send a test event to a hook', ['hook_id']))).toBeNull();
    expect(computedValueWord(withArgs('get_invoice', 'Get an invoice', ['invoice_id']))).toBeNull();
  });

  it('answers a computed value with the arguments asked and a value made from the tool words', () => {
    const weather = withArgs('get_weather', 'Get the weather for a city. Uses the national service', ['city']);
    expect(computedFields(weather, { city: 'Lyon' }, context)).toEqual({ city: 'Lyon', weather: 'Get the weather for a city' });
    expect(computedFields(withArgs('health_check', 'Check the service', []), {}, context)).toEqual({ health: 'UP' });
    expect(computedFields(withArgs('get_unread_count', 'Unread notifications', []), {}, context)).toEqual({ count: expect.any(Number) });
    expect(computedFields(withArgs('get_invoice', 'Get an invoice', ['invoice_id']), {}, context)).toBeNull();
  });

  it('fills a read with no described fields with its computed value', () => {
    expect(describedFields(tool('get_health', 'Get the health of the server'), 'health', context)).toEqual({ health: 'UP' });
    expect(describedFields(tool('get_invoice', 'Get an invoice'), 'invoice', context)).toEqual({});
  });
});
