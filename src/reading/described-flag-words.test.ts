import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { toDescribedFlag } from './described-flag-words.js';

const plain: ToolDefinition[] = [{ name: 'read_topic', inputSchema: { type: 'object', properties: { topic_id: { type: 'integer' } } } }];
const slack: ToolDefinition[] = [
  {
    name: 'list_channels',
    inputSchema: { type: 'object', properties: {} },
    outputSchema: {
      type: 'object',
      properties: { channels: { type: 'array', items: { type: 'object', properties: { is_archived: { type: 'boolean' } } } } },
    },
  },
];

describe('a lifecycle adjective as a yes/no flag', () => {
  it('reads closed, pinned and archived as flags of their own name, and open as closed false', () => {
    expect(toDescribedFlag(plain, 'closed')).toEqual({ field: 'closed', value: true });
    expect(toDescribedFlag(plain, 'Pinned')).toEqual({ field: 'pinned', value: true });
    expect(toDescribedFlag(plain, 'archived.')).toEqual({ field: 'archived', value: true });
    expect(toDescribedFlag(plain, 'open')).toEqual({ field: 'closed', value: false });
    expect(toDescribedFlag(plain, 'unlocked')).toEqual({ field: 'locked', value: false });
  });

  it('spells the flag as a boolean of the server’s schemas spells it', () => {
    expect(toDescribedFlag(slack, 'archived')).toEqual({ field: 'is_archived', value: true });
  });

  it('reads no flag from a word that is no lifecycle adjective', () => {
    expect(toDescribedFlag(plain, 'staff')).toBeUndefined();
    expect(toDescribedFlag(plain, 'tags shipping')).toBeUndefined();
    expect(toDescribedFlag(plain, 'in progress')).toBeUndefined();
  });
});
