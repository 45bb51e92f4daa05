import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../../domain/registry.js';
import { withoutAskingFlags } from './asking-flags.js';

const tool = {
  name: 'get_user_info',
  inputSchema: { type: 'object', properties: { useUAT: { type: 'boolean' }, fields: { type: 'string' } } },
} as ToolDefinition;

describe('withoutAskingFlags', () => {
  it('drops the boolean flags the schema declares and keeps every other argument', () => {
    expect(withoutAskingFlags(tool, { useUAT: true, fields: 'name' })).toEqual({ fields: 'name' });
    // A value that is no boolean is kept, whatever the schema says.
    expect(withoutAskingFlags(tool, { useUAT: 'yes' })).toEqual({ useUAT: 'yes' });
  });
});
