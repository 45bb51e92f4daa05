import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { readServer } from './read-server.js';

const object = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties, required });

describe('the reading of each tool, as plain data', () => {
  const tools: ToolDefinition[] = [
    { name: 'create_issue', inputSchema: object({ project_key: { type: 'string' }, summary: { type: 'string' } }) },
    {
      name: 'get_issue',
      inputSchema: object({ issue_key: { type: 'string', description: 'The issue key, e.g. OPS-123' } }, ['issue_key']),
    },
    {
      name: 'search_issues',
      inputSchema: object({
        jql: { type: 'string' },
        created_after: { type: 'string' },
        filterGroups: { type: 'array' },
        issue_keys: { type: 'array' },
        status: { type: 'string' },
        limit: { type: 'integer' },
      }),
    },
    { name: 'create_customer', inputSchema: object({ email: { type: 'string' } }) },
    { name: 'get_customer', inputSchema: object({ customer_id: { type: 'string', pattern: '^cus_[A-Za-z0-9]{14}$' } }, ['customer_id']) },
  ];

  it('gives the operation, entity, id argument, filters and id format of each tool, with where the format came from', () => {
    const { readings } = readServer(tools);
    expect(readings.get('get_issue')).toMatchObject({
      operation: 'read',
      entity: 'issue',
      idArgument: 'issue_key',
      idField: 'key',
      basis: 'name',
      idFormat: { example: 'OPS-1', source: 'project key' },
    });
    expect(readings.get('search_issues')?.filters).toEqual([
      { argument: 'jql', kind: 'query' },
      { argument: 'created_after', kind: 'range' },
      { argument: 'filterGroups', kind: 'group' },
      { argument: 'issue_keys', kind: 'ids' },
      { argument: 'status', kind: 'equality' },
    ]);
    expect(readings.get('create_customer')?.idFormat).toEqual({
      example: expect.stringMatching(/^cus_[A-Za-z0-9]{14}$/),
      source: 'pattern',
    });
    expect(readServer(tools).readingsIn(undefined)).toEqual([...readings.values()]);
  });

  it('is the shape the simulator answers from, with the filters, id format and why added', () => {
    const model = readServer(tools);
    const reading = model.readings.get('get_customer')!;
    expect(reading).toMatchObject(model.shapes.get('get_customer')!);
    expect(reading.nextId).toBeNull();
    expect(model.readings.get('create_customer')?.nextId).toMatch(/^cus_[A-Za-z0-9]{14}$/);
    expect(reading.why.id).toContain('"customer_id" names the customer');
  });
});
