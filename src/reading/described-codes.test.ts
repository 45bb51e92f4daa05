import { describe, expect, it } from 'vitest';
import { readServer } from './read-server.js';
import { isCodedItem, toCodeField, toCodedItem, toTypedId, withoutThousands } from './described-codes.js';
import type { ToolDefinition } from '../domain/registry.js';

const tools = [
  {
    name: 'create_order',
    description: 'Create an order for a customer',
    inputSchema: { type: 'object', properties: { customer_id: { type: 'integer' }, order_number: { type: 'string' } } },
  },
  { name: 'get_order', description: 'Get an order', inputSchema: { type: 'object', properties: { order_id: { type: 'integer' } } } },
  {
    name: 'create_ticket',
    description: 'Open a ticket',
    inputSchema: { type: 'object', properties: { title: { type: 'string' }, number: { type: 'integer' } } },
  },
  { name: 'get_ticket', description: 'Get a ticket', inputSchema: { type: 'object', properties: { ticket_id: { type: 'string' } } } },
] as ToolDefinition[];

describe('records told by their code', () => {
  it('reads a code, then what the record is for and what is told of it, as invoices, orders and tickets are listed', () => {
    expect(toCodedItem('INV-0041 for Harbor Bakery, 1,200 USD, sent on March 3')).toEqual({
      name: 'INV-0041',
      key: 'INV-0041',
      details: 'for Harbor Bakery, 1200 USD, sent on March 3',
    });
    expect(toCodedItem('ORD_7, 40 EUR, paid')).toMatchObject({ name: 'ORD_7', details: '40 EUR, paid' });
    expect(toCodedItem('Harbor Bakery, 1,200 USD')).toBeNull();
    expect(toCodedItem('INV-0041')).toBeNull();
  });

  it('tells an item of a labelled list that opens with a code from a clause that does not', () => {
    expect(isCodedItem('INV-0042 for Lumen Dental, 850 USD')).toBe(true);
    expect(isCodedItem('and PO1042, 12 EUR')).toBe(true);
    expect(isCodedItem('Lumen Dental pays monthly')).toBe(false);
    expect(isCodedItem('INV-0042 was voided')).toBe(false);
  });

  it('takes out only the commas that group digits', () => {
    expect(withoutThousands('1,200,000.50 USD, paid, 3, 4')).toBe('1200000.50 USD, paid, 3, 4');
  });

  it("reads the type's own word and a number beside a record as its id, and no other type's", () => {
    expect(toTypedId('client 4101', 'client')).toBe('4101');
    expect(toTypedId('email a@b.c, client #4101', 'client')).toBe('4101');
    expect(toTypedId('project 12', 'client')).toBeUndefined();
    expect(toTypedId('client Harbor', 'client')).toBeUndefined();
  });

  it("writes a code to the type's own number or code field, a text one, and never a #N number", () => {
    const model = readServer(tools);
    expect(toCodeField(model, 'order', ['ORD-7'])).toBe('order_number');
    // The ticket's `number` is an integer: a code with letters does not go there.
    expect(toCodeField(model, 'ticket', ['TCK-1'])).toBeNull();
    expect(toCodeField(model, 'order', ['#7'])).toBeNull();
  });
});
