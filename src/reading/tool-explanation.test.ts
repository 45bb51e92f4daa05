import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { readServer } from './read-server.js';
import { toOperationLabel } from './tool-reading.js';

const tool = (name: string, properties: Record<string, unknown> = {}, required: string[] = [], extra: Partial<ToolDefinition> = {}) =>
  ({ name, inputSchema: { type: 'object', properties, required }, ...extra }) as ToolDefinition;

const tracker = [
  tool('create_ticket', { subject: { type: 'string' } }, ['subject']),
  tool('get_ticket', { ticket_id: { type: 'string', pattern: '^T-\\d+$' } }, ['ticket_id']),
  tool('list_tickets', { status: { type: 'string' }, query: { type: 'string' }, page: { type: 'integer' } }),
  tool('close_ticket', { ticket_id: { type: 'string' } }, ['ticket_id']),
  tool('ping'),
  tool('send_report', {}, [], { annotations: { readOnlyHint: true } }),
];

describe('why each tool is read so', () => {
  it('says per tool the operation, entity, id argument, filters and id format, each with why', () => {
    const [create, read, list, close, ping] = readServer(tracker).readingsIn(undefined);
    expect(create).toMatchObject({ operation: 'create', entity: 'ticket', idArgument: null });
    // get_ticket's pattern sets the format of the ids a create makes
    expect(create!.nextId).toMatch(/^T-\d+$/);
    expect(create!.why.idFormat).toMatch(/project key|pattern/);
    expect(create!.why.operation).toBe('the verb "create" in the name');
    expect(create!.why.id).toBe('no key the caller chooses: the simulator makes the id');
    expect(read).toMatchObject({ operation: 'read', idArgument: 'ticket_id', nextId: null });
    expect(read!.why.id).toBe('"ticket_id" names the ticket (its field "id" in results); an unknown one is a not-found');
    expect(read!.why.idFormat).toContain('"ticket_id" must match ^T-\\d+$');
    expect(list).toMatchObject({
      operation: 'list',
      filters: [
        { argument: 'status', kind: 'equality' },
        { argument: 'query', kind: 'query' },
      ],
    });
    expect(list!.why.filters).toBe(
      "each argument is matched against the ticket's field of that name; query searches the text of every field; page only page or shape the answer",
    );
    expect(close).toMatchObject({ operation: 'update', idArgument: 'ticket_id' });
    expect(ping).toMatchObject({ operation: 'other', entity: 'ping' });
    expect(ping!.why.operation).toBe('no verb in the name: acknowledged as another action');
  });

  it('follows the world for ids and the scenario for corrections', () => {
    const world = { entities: { ticket: { 'T-7': { subject: 'Printer on fire' } } }, facts: [] };
    const explained = readServer(tracker, { corrections: { ping: { operation: 'read', entity: 'status', id: null } } }).readingsIn(world);
    expect(explained[0]).toMatchObject({ nextId: 'T-8' });
    expect(explained[0]!.why.idFormat).toBe("after the world's ticket ids (T-7)");
    expect(explained[4]).toMatchObject({ operation: 'read', entity: 'status', idArgument: null });
    expect(explained[4]!.why.operation).toBe("the scenario's tools: correction");
    expect(explained[4]!.why.id).toBe(
      "the scenario's tools: correction; no argument names one entity: it answers the status its arguments describe, made up once and remembered",
    );
  });

  it('names what decides a tool whose argument picks the operation per call', () => {
    const write = tool('issue_write', { method: { type: 'string', enum: ['create', 'update'] }, issue_number: { type: 'integer' } }, [
      'method',
    ]);
    const [explained] = readServer([
      write,
      tool('get_issue', { issue_number: { type: 'integer' } }, ['issue_number']),
      tool('list_commits'),
    ]).readingsIn(undefined);
    expect(explained!.choices).toEqual({ argument: 'method', values: { create: 'create issue', update: 'update issue' } });
    expect(toOperationLabel(explained!)).toBe('create | update (by method)');
    expect(explained!.why.operation).toBe('the verb "write" in the name; the argument "method" picks the operation per call');
  });

  it('says when readOnlyHint decides', () => {
    const report = readServer(tracker).readings.get('send_report')!;
    expect(report.operation).toBe('read');
    expect(report.why.operation).toBe('readOnlyHint: true, over the verb "send" in the name');
  });
});
