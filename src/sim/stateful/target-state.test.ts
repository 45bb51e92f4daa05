import { describe, expect, it } from 'vitest';
import { toTargetState } from './target-state.js';

describe('toTargetState', () => {
  it('turns a transition verb into the state it leads to, in the case the current state uses', () => {
    expect(toTargetState('accept', undefined, 'OPEN')).toBe('ACCEPTED');
    expect(toTargetState('reopen', undefined, 'ACCEPTED')).toBe('OPEN');
    expect(toTargetState('resolve', undefined, 'OPEN')).toBe('RESOLVED');
    expect(toTargetState('close', { enum: ['open', 'done'] }, 'open')).toBe('done');
  });

  it('keeps a value that is a state already', () => {
    expect(toTargetState('In Progress', undefined, 'To Do')).toBe('In Progress');
    expect(toTargetState('closed', { enum: ['open', 'closed'] }, 'open')).toBe('closed');
    expect(toTargetState(3, undefined, 1)).toBe(3);
  });
});
