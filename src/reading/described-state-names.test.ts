import { describe, expect, it } from 'vitest';
import { readServer } from './read-server.js';
import { describedStates, typeStates } from './described-state-names.js';

describe('describedStates', () => {
  it('reads the states a sentence about the status names, quoted or in capitals', () => {
    expect(describedStates('Users in STAGED status cannot sign in. Nothing ELSE here.', 'status')).toEqual(['STAGED']);
    expect(describedStates('The current status: `RUNNING` allows `stop`.', 'status')).toEqual(['RUNNING', 'stop']);
  });
});

describe('typeStates', () => {
  const text = { type: 'string' };
  const tools = [
    {
      name: 'get_machine',
      description: 'Get a machine.',
      inputSchema: { type: 'object' as const, properties: { id: text }, required: ['id'] },
    },
    {
      name: 'stop_machine',
      description: 'Stop a machine. Its status moves from `RUNNING` to `STOPPED`.',
      inputSchema: { type: 'object' as const, properties: { id: text }, required: ['id'] },
    },
    {
      name: 'get_note',
      description: 'Get a note. Its `draft` state is kept.',
      inputSchema: { type: 'object' as const, properties: { id: text } },
    },
  ];

  it('answers the constants the descriptions of a type’s tools name as its states, under the field they speak of', () => {
    expect(typeStates(readServer(tools), 'machine')).toEqual({ field: 'status', values: ['RUNNING', 'STOPPED'] });
  });

  it('answers null where the descriptions name no two constant states', () => {
    expect(typeStates(readServer(tools), 'note')).toBeNull();
  });
});
