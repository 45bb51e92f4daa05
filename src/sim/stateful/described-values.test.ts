import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../../domain/registry.js';
import { describedFieldNames, describedFields, describedText, describedValues } from './described-values.js';

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
