import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { inferServerShapes } from './tool-operation.js';

const tool = (name: string, properties: Record<string, unknown>, required: string[] = Object.keys(properties)): ToolDefinition => ({
  name,
  inputSchema: { type: 'object', properties, required },
});
const text = { type: 'string' };

describe('the record an action acts on', () => {
  it('is the one id the action takes, whatever word its name uses for the record', () => {
    const tools = [
      tool('ungroup_elements', { groupId: text }),
      tool('kill_process', { pid: { type: 'number' } }),
      tool('flightbox_summary', { trace_id: text, last_n_minutes: { type: 'number' } }, []),
      tool('run_checks', { session_id: text, actions: { type: 'array' } }),
    ];
    const shapes = inferServerShapes(tools);
    expect(shapes.get('ungroup_elements')).toMatchObject({ operation: 'other', idArgument: 'groupId' });
    expect(shapes.get('kill_process')?.idArgument).toBe('pid');
    expect(shapes.get('flightbox_summary')?.idArgument).toBe('trace_id');
    expect(shapes.get('run_checks')?.idArgument).toBe('session_id');
  });

  it('is none when the action takes two ids, its one id is optional beside required arguments, or it names another type the server reads', () => {
    const tools = [
      tool('ungroup_elements', { canvasId: text, groupId: text }),
      tool('run_checks', { session_id: text, actions: { type: 'array' } }, ['actions']),
      tool('get_gadget', { gadget_id: text }),
      tool('summon_helper', { gadget_id: text }),
    ];
    const shapes = inferServerShapes(tools);
    expect(shapes.get('ungroup_elements')?.idArgument).toBeNull();
    expect(shapes.get('run_checks')?.idArgument).toBeNull();
    expect(shapes.get('summon_helper')?.idArgument).toBeNull();
  });
});
