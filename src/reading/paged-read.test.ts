import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { inferServerShapes } from './tool-operation.js';

const number = { type: 'number' };
const text = { type: 'string' };
const optional = (name: string, properties: Record<string, Record<string, unknown>>, description = ''): ToolDefinition => ({
  name,
  description,
  inputSchema: { type: 'object', properties },
});

describe('a read that pages its answer', () => {
  const shapes = inferServerShapes([
    optional('show_access_point_name', { filter: text, limit: number, offset: number }, 'Show access point name objects.'),
    optional('show_vpn_community_star', { limit: number, offset: number }),
    optional('get_board', { board_id: text, limit: number }),
    optional('show_host', { name: text }),
    { ...optional('ar_aging', { limit: number }, 'Accounts Receivable Aging chart'), annotations: { readOnlyHint: true } },
  ]);

  it('lists, whatever number its name has', () => {
    expect(shapes.get('show_access_point_name')?.operation).toBe('list');
    expect(shapes.get('show_vpn_community_star')?.operation).toBe('list');
  });

  it('still reads one where an argument names it, or where it takes no page', () => {
    expect(shapes.get('get_board')).toMatchObject({ operation: 'read', idArgument: 'board_id' });
    expect(shapes.get('show_host')?.operation).toBe('read');
  });

  it('leaves a read known only from its annotations a read: a report may page its rows and still answer one value', () => {
    expect(shapes.get('ar_aging')?.operation).toBe('read');
  });
});
