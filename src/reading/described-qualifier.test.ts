import { describe, expect, it } from 'vitest';
import { tool, text, entities } from './written-tools.test-support.js';

describe('a type every description writes with a qualifier', () => {
  it('reads getPhases, createPhase and getPhaseById(id), "Get contract phases" and "Create a contract phase", as contract_phase', () => {
    const tools = [
      tool('getContract', { id: text }, 'Get a contract by id'),
      tool('getPhases', { contractId: text }, 'Get contract phases, filtered by status'),
      tool('createPhase', { contractId: text, name: text }, 'Create a new contract phase'),
      tool('getPhaseById', { id: text }, 'Get a contract phase by ID'),
    ];
    expect(entities(tools)).toMatchObject({ getPhases: 'contract_phase', createPhase: 'contract_phase', getPhaseById: 'contract_phase' });
  });

  it('keeps the word where one description writes it alone, or the word before it is no entity', () => {
    const tools = [
      tool('getContract', { id: text }, 'Get a contract by id'),
      tool('getPhases', { contractId: text }, 'Get contract phases'),
      tool('createPhase', { contractId: text, name: text }, 'Create a phase'),
      tool('getNotes', {}, 'Get sticky notes'),
      tool('createNote', { body: text }, 'Create a sticky note'),
    ];
    expect(entities(tools)).toMatchObject({ getPhases: 'phase', createPhase: 'phase', getNotes: 'note' });
  });
});
