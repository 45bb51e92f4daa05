import { describe, expect, it } from 'vitest';
import { toScaleArgument } from './scale-argument.js';

const tool = (name: string, properties: Record<string, unknown>) => ({ name, inputSchema: { type: 'object', properties } });
const integer = { type: 'integer' };

describe('the count a scale tool sets', () => {
  it('reads the number a scale, resize or set-count tool takes as the new count', () => {
    expect(toScaleArgument(tool('resources_scale', { name: { type: 'string' }, scale: integer }))).toBe('scale');
    expect(toScaleArgument(tool('resize_cluster', { cluster_id: { type: 'string' }, node_count: integer, timeout: integer }))).toBe(
      'node_count',
    );
    expect(toScaleArgument(tool('scaleService', { serviceId: { type: 'string' }, desired: integer }))).toBe('desired');
    expect(toScaleArgument(tool('set_instance_count', { app: { type: 'string' }, count: integer }))).toBe('count');
  });

  it('reads no count of a tool that scales nothing, or of one whose numbers are paging or several unnamed ones', () => {
    expect(toScaleArgument(tool('update_deployment', { name: { type: 'string' }, replicas: integer }))).toBeNull();
    expect(toScaleArgument(tool('scale_image', { width: integer, height: integer }))).toBeNull();
    expect(toScaleArgument(tool('list_scale_sets', { limit: integer }))).toBeNull();
  });
});
