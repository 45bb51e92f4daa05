/**
 * `mcpsim explain` shows each entity type's id traits as the simulator uses them (issue 36 point 1):
 * the service's shared id field, the id type an argument declares, who gives the ids and the field
 * that names a record.
 */
import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../../src/domain/registry.js';
import { toExplanationText } from '../../src/cli/explanation-text.js';
import { explainToolList } from '../../src/scenario/scenario-explanation.js';

const object = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object' as const, properties, required });
const uid = { uid: { type: 'string' } };
const tools: ToolDefinition[] = [
  { name: 'show_access_layer', inputSchema: object(uid, ['uid']) },
  { name: 'show_gateway', inputSchema: object(uid, ['uid']) },
  { name: 'show_hosts', inputSchema: object({ limit: { type: 'integer' } }) },
  { name: 'create_monitor', inputSchema: object({ name: { type: 'string' } }, ['name']) },
  { name: 'get_monitor', inputSchema: object({ id: { type: 'string' } }, ['id']) },
  { name: 'mute_monitor', inputSchema: object({ monitor_id: { type: 'integer' } }, ['monitor_id']) },
  { name: 'resolve_monitor', inputSchema: object({ monitor_id: { type: 'integer' } }, ['monitor_id']) },
  { name: 'list_books', inputSchema: object({ sortKey: { type: 'string', enum: ['ID', 'TITLE'] } }) },
  { name: 'create_book', inputSchema: object({ isbn: { type: 'string' }, title: { type: 'string' } }, ['isbn']) },
  { name: 'get_book', inputSchema: object({ isbn: { type: 'string' } }, ['isbn']) },
];

/** The lines of one type's section. */
function typeSection(text: string, type: string): string {
  const start = text.indexOf(`  type ${type}\n`);
  expect(start, text).toBeGreaterThanOrEqual(0);
  const end = text.indexOf('\n  ', text.indexOf('    tools ', start));
  return text.slice(start, end);
}

describe("explain of a type's id traits", () => {
  it("names a listed-only type's id by the field the service's other types share", () => {
    const host = typeSection(toExplanationText([explainToolList('@qa/inventory', tools)]), 'host');
    expect(host).toContain(
      "    id         uid: strings, new ones like host_1 (counter); the record id field most of the service's types share\n",
    );
  });

  it('types an id as the argument named as its field declares it, and says the service gives the ids of a type named by id', () => {
    const monitor = typeSection(toExplanationText([explainToolList('@qa/inventory', tools)]), 'monitor');
    expect(monitor).toMatch(/ {4}id {9}id: strings, .*; as the argument id declares it\n/);
    expect(monitor).toContain('    ids from   the service: other tools name it by id');
  });

  it('says a type named by its create keeps that id, and is named by title where its list sorts by it', () => {
    const book = typeSection(toExplanationText([explainToolList('@qa/inventory', tools)]), 'book');
    expect(book).toContain("    ids from   the create: its id argument where it takes one, else the service's format\n");
    expect(book).toContain('    named by   title (every record of the type, seeded, described, created or made up)\n');
  });
});
