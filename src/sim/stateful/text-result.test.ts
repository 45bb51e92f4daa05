import { describe, expect, it } from 'vitest';
import { textResultProperty, toTextResult } from './text-result.js';

/** What FastMCP writes for a Python tool annotated `-> str`. */
const wrappedText = { type: 'object', properties: { result: { title: 'Result', type: 'string' } }, required: ['result'], title: 'Output' };

describe('a list tool whose whole output is one string', () => {
  it("answers the records as JSON text in FastMCP's `result`", () => {
    const records = [
      { id: 'P1A', name: 'P1' },
      { id: 'P2B', name: 'P2' },
    ];
    const answer = toTextResult(wrappedText, records);
    expect(Object.keys(answer!)).toEqual(['result']);
    expect(JSON.parse(answer!.result!)).toEqual(records);
  });

  it('leaves an output of more than one property, or of another kind, to the schema fit', () => {
    expect(textResultProperty({ type: 'object', properties: { result: { type: 'string' }, total: { type: 'integer' } } })).toBeNull();
    expect(textResultProperty({ type: 'object', properties: { result: { type: 'array', items: { type: 'string' } } } })).toBeNull();
    expect(textResultProperty({ type: 'object', properties: { status: { type: 'string', enum: ['ok', 'failed'] } } })).toBeNull();
    expect(textResultProperty(undefined)).toBeNull();
    expect(toTextResult({ type: 'object', properties: {} }, [{ id: 'P1A' }])).toBeNull();
  });
});
