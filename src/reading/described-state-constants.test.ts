import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { toConstantState, toListedStates } from './described-state-constants.js';

const listing = (description: string): ToolDefinition[] => [
  {
    name: 'list_things',
    description: 'List things.',
    inputSchema: { type: 'object', properties: { filter: { type: 'string', description } } },
  },
];
const phases = listing('Field selector. For Pods: status.phase (Pending/Running/Succeeded/Failed/Unknown), status.podIP');
const lowercase = listing('Optional status to filter by (success, error, waiting, or canceled)');

describe('a state given as a bare constant', () => {
  it('reads the states a description lists in parentheses after status, state or phase', () => {
    expect(toListedStates(phases)).toEqual(['Pending', 'Running', 'Succeeded', 'Failed', 'Unknown']);
    expect(toListedStates(lowercase)).toEqual(['success', 'error', 'waiting', 'canceled']);
    expect(toListedStates(listing('The name (first, last) of the owner'))).toEqual([]);
  });

  it('takes a listed state, or a constant spelled as the listed ones are, and no ordinary word', () => {
    expect(toConstantState(phases, 'Running')).toBe('Running');
    expect(toConstantState(phases, 'CrashLoopBackOff')).toBe('CrashLoopBackOff');
    expect(toConstantState(phases, 'Admin')).toBeUndefined();
    expect(toConstantState(phases, 'image nginx')).toBeUndefined();
    expect(toConstantState(lowercase, 'error')).toBe('error');
    expect(toConstantState(lowercase, 'nightly')).toBeUndefined();
    expect(toConstantState(lowercase, 'CrashLoopBackOff')).toBeUndefined();
    expect(toConstantState(listing('Filter by owner'), 'Running')).toBeUndefined();
  });
});
