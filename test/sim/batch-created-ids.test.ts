/**
 * A batch create answers the ids it made where the caller will need them: another tool of the
 * server takes that id (LunchMoney-style `create_transactions` then `get_single_transaction(
 * transaction_id)`). Tools written for this test.
 */
import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../../src/domain/registry.js';
import { createSimulatorSession } from '../support/simulator-session.js';

const text = { type: 'string' };
const tool = (name: string, properties: Record<string, unknown>, required: string[]): ToolDefinition => ({
  name,
  inputSchema: { type: 'object', properties, required },
});
const transactions = { type: 'array', items: { type: 'object', properties: { payee: text, amount: { type: 'number' } } } };

describe('a batch create', () => {
  it('answers each new id where another tool takes it, and that id reads the item back', async () => {
    const session = createSimulatorSession([
      tool('create_transactions', { transactions }, ['transactions']),
      tool('get_single_transaction', { transaction_id: { type: 'number' } }, ['transaction_id']),
    ]);
    const created = await session.call('create_transactions', { transactions: [{ payee: 'Blue Bottle', amount: 4.5 }] });
    expect(created.isError, created.text).toBe(false);
    const id = created.json.transactions[0].id;
    expect(id).toBeDefined();
    const read = await session.call('get_single_transaction', { transaction_id: id });
    expect(read.isError, read.text).toBe(false);
    expect(read.json).toMatchObject({ payee: 'Blue Bottle' });
  });

  it('adds no id where no tool ever takes one (a knowledge graph relation)', async () => {
    const relations = { type: 'array', items: { type: 'object', properties: { from: text, to: text, relationType: text } } };
    const session = createSimulatorSession([tool('create_relations', { relations }, ['relations'])]);
    const created = await session.call('create_relations', { relations: [{ from: 'Ada', to: 'Engine', relationType: 'built' }] });
    expect(created.json.relations[0]).toEqual({ from: 'Ada', to: 'Engine', relationType: 'built' });
  });
});
