/**
 * `bench:inference --corrections` (bench/corpus/corrections.ts): the labels correct only what the
 * rules read wrong, with the name the server's other tools are read with, and a folder of model
 * readings is taken as `explain --model --json` prints it; measured, a correction changes what the
 * reading and the walk see.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../../src/domain/registry.js';
import type { CorpusEntry, CorpusLabels } from '../../bench/corpus/corpus-files.js';
import { toCorrectionsOf, toMisread } from '../../bench/corpus/corrections.js';
import { measureCorpus } from '../../bench/corpus/measure.js';

const tool = (name: string, properties: Record<string, unknown> = {}, required: string[] = []): ToolDefinition => ({
  name,
  description: '',
  inputSchema: { type: 'object', properties, required },
});
const text = { type: 'string' };
const tools = [
  tool('create_ticket', { title: text }, ['title']),
  tool('get_ticket', { ticket_id: text }, ['ticket_id']),
  tool('ping_ticket', { ticket_id: text }, ['ticket_id']),
];
const labels: CorpusLabels = {
  server: 'qa__tickets',
  tools: {
    create_ticket: { kind: 'create', entity: 'ticket' },
    get_ticket: { kind: 'read', entity: 'ticket', idArgument: 'ticket_id' },
    ping_ticket: { kind: 'delete', entity: 'alert|ticket', idArgument: 'ticket_id' },
  },
  walk: [
    { tool: 'create_ticket', args: { title: 'Printer on fire' }, save: { as: 'ticket', from: ['id'] }, expect: { ok: true } },
    { tool: 'ping_ticket', args: { ticket_id: '$ticket' }, expect: { ok: true } },
    { tool: 'get_ticket', args: { ticket_id: '$ticket' }, expect: { notFound: true } },
  ],
};
const entry: CorpusEntry = {
  server: {
    name: 'qa__tickets',
    kind: 'tickets',
    provenance: { npm: '@qa/tickets', version: '1.0.0', repository: null, commit: null, file: 'x' },
    serverInfo: null,
    tools,
  },
  labels,
};

describe('toMisread', () => {
  it('reads which field of which tool the rules got wrong from the reading failures', () => {
    const misread = toMisread([
      'ping_ticket: kind read as other (other ticket), labelled delete',
      'ping_ticket: entity read as ping, labelled alert',
      'get_ticket: id argument read as none, labelled ticket_id',
      'step 3 get_ticket: not a not-found ({})',
    ]);
    expect([...misread].map(([name, fields]) => [name, [...fields]])).toEqual([
      ['ping_ticket', ['kind', 'entity']],
      ['get_ticket', ['id']],
    ]);
  });
});

describe('toCorrectionsOf', () => {
  it('corrects from the labels only what was misread, with the name the other tools are read with', () => {
    const corrections = toCorrectionsOf('labels')(
      'qa__tickets',
      labels,
      new Map([['ping_ticket', new Set(['kind', 'entity'] as const)]]),
      new Set(['ticket']),
    );
    expect(corrections).toEqual({ tools: { ping_ticket: { operation: 'delete', entity: 'ticket' } }, entities: {} });
  });

  it("takes a folder's files as explain --model --json prints them, or as bare corrections", () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpsim-corrections-'));
    writeFileSync(join(dir, 'a.json'), JSON.stringify({ connections: [{ proposed: { tools: { get_x: { id: 'x_id' } }, entities: {} } }] }));
    writeFileSync(join(dir, 'b.json'), JSON.stringify({ tools: {}, entities: { x: { states: ['open', 'shut'] } } }));
    const correctionsOf = toCorrectionsOf(dir);
    const none = new Map();
    expect(correctionsOf('a', labels, none, new Set())).toEqual({ tools: { get_x: { id: 'x_id' } }, entities: {} });
    expect(correctionsOf('b', labels, none, new Set())).toEqual({ tools: {}, entities: { x: { states: ['open', 'shut'] } } });
    expect(correctionsOf('c', labels, none, new Set())).toBeUndefined();
  });
});

describe('measureCorpus with corrections', () => {
  it('measures the reading and the walk as corrected', async () => {
    const [asRead] = await measureCorpus([entry]);
    const [corrected] = await measureCorpus([entry], toCorrectionsOf('labels'));
    expect(asRead!.kindsRight).toBeLessThan(3);
    expect(corrected!.kindsRight).toBe(3);
    expect(corrected!.walkHeld).toBeGreaterThan(asRead!.walkHeld);
    expect(corrected!.walkHeld).toBe(corrected!.walkChecks);
  });
});
