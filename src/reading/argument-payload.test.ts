import { describe, expect, it } from 'vitest';
import { spreadPayloads, toPayload } from './argument-payload.js';

describe('payload arguments', () => {
  it('spread an object or JSON text of one, never a list of fields to show', () => {
    expect(spreadPayloads({ deal_id: '9', properties: { stage: 'won' } })).toEqual({ deal_id: '9', stage: 'won' });
    expect(toPayload('fields', '{"summary":"Crash"}')).toEqual({ summary: 'Crash' });
    expect(toPayload('fields', ['summary'])).toBeNull();
  });

  it('spread an envelope down through its one item and the item data inside it', () => {
    const args = { site_id: 's1', request: { items: [{ isDraft: true, fieldData: { title: 'Launch', slug: 'launch' } }] } };
    expect(spreadPayloads(args)).toEqual({ site_id: 's1', isDraft: true, title: 'Launch', slug: 'launch' });
  });

  it('keep a text body and a list of order lines as they are', () => {
    expect(spreadPayloads({ body: 'Looks good' })).toEqual({ body: 'Looks good' });
    const lines = [{ sku: 'A-1', qty: 2 }];
    expect(spreadPayloads({ customer: 'c1', items: lines })).toEqual({ customer: 'c1', items: lines });
    expect(spreadPayloads({ body: { items: [{ sku: 'A-1' }, { sku: 'B-2' }] } })).toEqual({ items: [{ sku: 'A-1' }, { sku: 'B-2' }] });
  });
});
