/**
 * The label agreement (bench/corpus/compare-labels.ts, agreement.ts) counts what it says: `a|b`
 * meets either choice, entities are the same as the bench reads them the same, a value one
 * labelling leaves out is a disagreement, kappa is Cohen's, and a held-out server is never
 * compared, on small made-up corpora in a temporary folder.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cohenKappa, compareLabellings, toKindPair } from '../../bench/corpus/compare-labels.js';
import { measureAgreement, toAgreementLines } from '../../bench/corpus/agreement.js';
import type { CorpusLabels } from '../../bench/corpus/corpus-files.js';
import { corpusHalf } from '../../bench/corpus/split.js';
import { corpusServer, getTicketTool } from '../support/corpus-server.js';

const labelling = (tools: CorpusLabels['tools']): CorpusLabels => ({ server: 'qa__tickets', tools });

describe('compareLabellings', () => {
  it('counts a choice of `a|b` that meets the other label as agreement, and a missing value as disagreement', () => {
    const first = labelling({
      list_tickets: { kind: 'list|search', entity: 'Tickets', parentArgument: 'project_id' },
      get_ticket: { kind: 'read', entity: 'ticket|issue', idArgument: 'ticket_id' },
      close_ticket: { kind: 'transition', entity: 'ticket', idArgument: 'ticket_id' },
    });
    const second = labelling({
      list_tickets: { kind: 'search', entity: 'qa_ticket' },
      get_ticket: { kind: 'read', entity: 'issue', idArgument: 'ticket_id|key' },
      close_ticket: { kind: 'update', entity: 'ticket', idArgument: 'id' },
    });
    const figures = compareLabellings(first, second, new Set(['qa']));
    expect(figures).toMatchObject({
      tools: 3,
      kindsAgreed: 2,
      kindsSame: 1,
      entities: 3,
      entitiesAgreed: 3,
      idArguments: 2,
      idArgumentsAgreed: 1,
      parentArguments: 1,
      parentArgumentsAgreed: 0,
    });
    expect(figures.disagreements).toEqual([
      'list_tickets: parentArgument: first project_id, second none',
      'close_ticket: kind: first transition, second update',
      'close_ticket: idArgument: first ticket_id, second id',
    ]);
  });

  it('leaves an argument neither labelling names out of the count', () => {
    const label = { kind: 'create', entity: 'ticket' };
    const figures = compareLabellings(labelling({ create_ticket: label }), labelling({ create_ticket: label }), new Set());
    expect(figures).toMatchObject({ tools: 1, kindsAgreed: 1, entitiesAgreed: 1, idArguments: 0, parentArguments: 0, disagreements: [] });
  });
});

describe('cohenKappa', () => {
  it('corrects the observed agreement for the agreement chance gives', () => {
    // Observed 3/4; chance 1/2·1/4 + 1/2·3/4 = 1/2; kappa (3/4 − 1/2) / (1 − 1/2) = 1/2.
    const pairs: [string, string][] = [
      ['read', 'read'],
      ['read', 'list'],
      ['list', 'list'],
      ['list', 'list'],
    ];
    expect(cohenKappa(pairs)).toBeCloseTo(0.5);
    expect(cohenKappa([['read', 'read']])).toBe(1);
  });

  it('pairs `a|b` with the kind both allow, else each first kind', () => {
    expect(toKindPair({ kind: 'list|search' }, { kind: 'search' })).toEqual(['search', 'search']);
    expect(toKindPair({ kind: 'update|other' }, { kind: 'delete' })).toEqual(['update', 'delete']);
  });
});

describe('measureAgreement', () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  /** A corpus folder holding one server with both labellings. */
  const writeCorpus = (name: string): string => {
    const directory = mkdtempSync(join(tmpdir(), 'mcpsim-agreement-'));
    folders.push(directory);
    for (const folder of ['servers', 'labels', 'second-labels']) mkdirSync(join(directory, folder));
    const server = corpusServer(name, [getTicketTool]);
    writeFileSync(join(directory, 'servers', `${name}.json`), JSON.stringify(server));
    const label = { server: name, tools: { get_ticket: { kind: 'read', entity: 'ticket', idArgument: 'ticket_id' } } };
    writeFileSync(join(directory, 'labels', `${name}.json`), JSON.stringify(label));
    writeFileSync(join(directory, 'second-labels', `${name}.json`), JSON.stringify(label));
    return directory;
  };
  const nameIn = (half: 'tuning' | 'held-out') =>
    ['qa-tickets-a', 'qa-tickets-b', 'qa-tickets-c', 'qa-tickets-d'].find((name) => corpusHalf({ name }) === half)!;

  it('compares a tuning-half server labelled twice and measures the reader against both labellings', () => {
    const [result] = measureAgreement(writeCorpus(nameIn('tuning')));
    expect(result).toMatchObject({ agreement: { tools: 1, kindsAgreed: 1, entitiesAgreed: 1, idArgumentsAgreed: 1 } });
    expect(result!.readerFirst).toMatchObject({ tools: 1, kindsRight: 1, idArgumentsRight: 1 });
    expect(result!.readerSecond).toEqual(result!.readerFirst);
    expect(toAgreementLines([result!], { disagreements: true }).find((line) => line.startsWith('total'))).toMatch(/1\/1 100%\s+1\.00/);
  });

  it('refuses a held-out server labelled twice, naming the file to remove', () => {
    const name = nameIn('held-out');
    expect(() => measureAgreement(writeCorpus(name))).toThrow(`second-labels/${name}.json: ${name} is a held-out server`);
  });
});
