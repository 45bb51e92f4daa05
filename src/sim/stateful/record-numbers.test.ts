import { describe, expect, it } from 'vitest';
import { toNextNumber } from './record-numbers.js';
import { readServer } from '../../reading/read-server.js';
import type { ToolDefinition } from '../../domain/registry.js';

const incidentOutput = {
  type: 'object',
  properties: { id: { type: 'string' }, incident_number: { type: 'integer' }, title: { type: 'string' } },
};
const tools: ToolDefinition[] = [
  {
    name: 'get_incident',
    description: 'Get an incident',
    inputSchema: { type: 'object', properties: { incident_id: { type: 'string' } }, required: ['incident_id'] },
    outputSchema: incidentOutput,
  },
  {
    name: 'create_incident',
    description: 'Create an incident',
    inputSchema: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] },
    outputSchema: incidentOutput,
  },
];
const model = readServer(tools);
const input = { model, shape: model.shapes.get('create_incident')! };
const incident = (id: string, number?: number) => ({
  id,
  fields: { id, title: 'x', ...(number === undefined ? {} : { incident_number: number }) },
});

describe("a new record's number", () => {
  it('continues after the highest its type holds', () => {
    expect(toNextNumber(input, { title: 'Card declines rising' }, [incident('Q1', 1039), incident('Q2', 1042), incident('Q3')])).toEqual({
      incident_number: 1043,
    });
  });

  it('is the one the call gives, and none where no record holds a number yet', () => {
    expect(toNextNumber(input, { title: 'Given', incident_number: 7 }, [incident('Q1', 1042)])).toEqual({});
    expect(toNextNumber(input, { title: 'First' }, [incident('Q1')])).toEqual({});
  });
});
