import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { inferServerShapes } from './tool-operation.js';
import { toWhy } from './tool-explanation.js';
import { toDescribedVerbObject } from './described-verb-object.js';

const tool = (name: string, properties: Record<string, Record<string, unknown>> = {}, description = ''): ToolDefinition => ({
  name,
  description,
  inputSchema: { type: 'object', properties, required: Object.keys(properties) },
});
const text = { type: 'string' };

describe('the object of the description verb, for a name with no known verb', () => {
  it('reads the last words of the name that the description writes as its first verb object', () => {
    expect(toDescribedVerbObject(['retire', 'token'], 'Invalidates a single token')).toEqual(['token']);
    expect(toDescribedVerbObject(['retire', 'other', 'token'], 'Invalidates all other tokens')).toEqual(['token']);
    expect(toDescribedVerbObject(['book', 'refund'], 'Records a customer refund against an order')).toEqual(['refund']);
  });

  it('keeps a name the description writes whole, or whose words are not the object', () => {
    expect(toDescribedVerbObject(['sales', 'report'], 'Show the sales report for a month')).toBeNull();
    expect(toDescribedVerbObject(['retire', 'token'], 'Invalidates a token cache')).toBeNull();
    expect(toDescribedVerbObject(['retire', 'token'], 'Tokens that expire are listed')).toBeNull();
  });

  it('reads a server tool so and says why', () => {
    const retire = tool('retire_token', { token_id: text }, 'Invalidates a single token');
    const shapes = inferServerShapes([retire, tool('list_keys', {}, 'List keys')]);
    expect(shapes.get('retire_token')?.entity).toBe('token');
    const why = toWhy(retire, shapes.get('retire_token')!, {
      prefix: null,
      override: undefined,
      filters: [],
      heldIds: [],
      idSource: null,
      kind: '',
    });
    expect(why.entity).toContain('the object of its description');
  });
});
