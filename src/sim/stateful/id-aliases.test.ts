import { describe, expect, it } from 'vitest';
import { findByIdAlias, toArgumentDescription } from './id-aliases.js';
import type { ToolShape } from '../../reading/tool-shape.js';

/** PagerDuty's get_incident: FastMCP leaves the argument without a description; the docstring's `Args:` has it. */
const getIncident = {
  name: 'get_incident',
  description:
    'Get a specific incident.\n\nArgs:\n    incident_id: The ID or number of the incident to retrieve.\n    query_model: Optional query',
  inputSchema: { type: 'object', properties: { incident_id: { title: 'Incident Id', type: 'string' } }, required: ['incident_id'] },
};
const shape = { entity: 'incident', idArgument: 'incident_id', idField: 'id' } as ToolShape;
const incidents = [
  { id: 'Q1AAAAAAAAAAAA', fields: { id: 'Q1AAAAAAAAAAAA', incident_number: 1041, title: 'Payments queue backlog' } },
  { id: 'Q1BBBBBBBBBBBB', fields: { id: 'Q1BBBBBBBBBBBB', incident_number: 1042, title: 'Checkout 500s spike' } },
];

describe('another key an id argument is described as taking', () => {
  it("reads an argument's description from its schema, else from its line under the tool's `Args:`", () => {
    expect(toArgumentDescription(getIncident, 'incident_id')).toBe('The ID or number of the incident to retrieve.');
    expect(toArgumentDescription(getIncident, 'incident')).toBeUndefined();
    const described = { ...getIncident, inputSchema: { type: 'object', properties: { incident_id: { description: 'The incident ID' } } } };
    expect(toArgumentDescription(described, 'incident_id')).toBe('The incident ID');
  });

  it('finds the record by the key the description names after "ID or" (`incident_number`), and nothing for a number none has', () => {
    const input = { tool: getIncident, shape };
    expect(findByIdAlias(input, incidents, '1042')?.fields.title).toBe('Checkout 500s spike');
    expect(findByIdAlias(input, incidents, '1040')).toBeUndefined();
    const plain = {
      tool: { ...getIncident, description: 'Get a specific incident.\n\nArgs:\n    incident_id: The ID of the incident' },
      shape,
    };
    expect(findByIdAlias(plain, incidents, '1042')).toBeUndefined();
  });
});
