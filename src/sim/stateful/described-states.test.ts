import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../../domain/registry.js';
import { readServer } from '../../reading/read-server.js';
import { describedStartState } from './described-states.js';
import type { AnswerInput } from './world-conventions.js';

const tool = (name: string, description: string, properties: Record<string, Record<string, unknown>>): ToolDefinition => ({
  name,
  description,
  inputSchema: { type: 'object', properties, required: Object.keys(properties).filter((key) => key.endsWith('_id')) },
});

function inputFor(tools: ToolDefinition[], name: string): AnswerInput {
  const model = readServer(tools);
  const { shapes } = model;
  return {
    tool: tools.find((candidate) => candidate.name === name)!,
    shape: shapes.get(name)!,
    shapes,
    model,
    serverTools: tools,
    args: {},
    argumentsKey: '{}',
    world: { entities: {}, facts: [] },
    now: '2026-03-01T10:00:00.000Z',
    sequence: 1,
    seed: 'test',
  };
}

describe('describedStartState', () => {
  it('starts a new entity in the first state a state filter lists, where no schema has an enum', () => {
    const ledger = [
      tool('voucher_create', 'Create a voucher', { payee: { type: 'string' }, amount: { type: 'number' } }),
      tool('voucher_list', 'List vouchers', { status: { type: 'string', description: 'Filter by status (Pending, Posted, Void)' } }),
    ];
    expect(describedStartState(inputFor(ledger, 'voucher_create'))).toEqual({ name: 'status', value: 'Pending' });
  });

  it('starts it where a transition says it moves from', () => {
    const ledger = [
      tool('voucher_create', 'Create a voucher', { payee: { type: 'string' } }),
      tool('voucher_submit', 'Submit a voucher (changes status from Unposted to Posted)', { voucher_id: { type: 'string' } }),
      tool('voucher_list', 'List vouchers', { status: { type: 'string', description: 'Filter by status (Posted, Void)' } }),
    ];
    expect(describedStartState(inputFor(ledger, 'voucher_create'))).toEqual({ name: 'status', value: 'Unposted' });
  });

  it('starts it open where a verb closes it and nothing names its states', () => {
    const pager = [
      tool('create_page', 'Raise a page', { summary: { type: 'string' } }),
      tool('get_page', 'Get a page', { page_id: { type: 'string' } }),
      tool('close_page', 'Close a page', { page_id: { type: 'string' } }),
    ];
    expect(describedStartState(inputFor(pager, 'create_page'))).toMatchObject({ value: 'open' });
  });

  it('says nothing where the tools name no state', () => {
    const notes = [
      tool('create_note', 'Write a note', { text: { type: 'string' } }),
      tool('get_note', 'Read a note', { note_id: { type: 'string' } }),
    ];
    expect(describedStartState(inputFor(notes, 'create_note'))).toBeNull();
  });
});
