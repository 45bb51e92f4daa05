/**
 * The labelled tools a kind lexicon learns from (bench/corpus/learn-kind-examples.ts): tuning-half
 * servers only, each tool with its features, its label and what the rules read.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadKindExamples } from '../../bench/corpus/learn-kind-examples.js';
import { corpusHalf } from '../../bench/corpus/split.js';
import { corpusServer, getTicketTool } from '../support/corpus-server.js';

describe('loadKindExamples', () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  const nameIn = (half: 'tuning' | 'held-out') =>
    ['qa-lexicon-a', 'qa-lexicon-b', 'qa-lexicon-c', 'qa-lexicon-d', 'qa-lexicon-e'].find((name) => corpusHalf({ name }) === half)!;

  /** A corpus folder holding one labelled server per name. */
  const writeCorpus = (...names: string[]): string => {
    const directory = mkdtempSync(join(tmpdir(), 'mcpsim-lexicon-'));
    folders.push(directory);
    for (const folder of ['servers', 'labels']) mkdirSync(join(directory, folder));
    for (const name of names) {
      const server = corpusServer(name, [getTicketTool, { name: 'frobnicate', description: '', inputSchema: { type: 'object' } }]);
      writeFileSync(join(directory, 'servers', `${name}.json`), JSON.stringify(server));
      const labels = {
        server: name,
        tools: { get_ticket: { kind: 'read', entity: 'ticket' }, frobnicate: { kind: 'other|described_value' } },
      };
      writeFileSync(join(directory, 'labels', `${name}.json`), JSON.stringify(labels));
    }
    return directory;
  };

  it("gives each labelled tool of a tuning server its features, its label's kinds and the rules' reading", () => {
    const rows = loadKindExamples(writeCorpus(nameIn('tuning')));
    expect(rows.map((row) => [row.tool, row.kinds, row.ruleKinds, row.basis, row.entityRight])).toEqual([
      ['get_ticket', ['read'], ['read'], 'name', true],
      ['frobnicate', ['other', 'described_value'], ['other'], 'none', false],
    ]);
    expect(rows[0]!.features).toEqual(expect.arrayContaining(['first:get', 'last:ticket', 'opens:get']));
  });

  it('leaves a held-out server out, and refuses it when asked for it by name', () => {
    const heldOut = nameIn('held-out');
    const directory = writeCorpus(nameIn('tuning'), heldOut);
    expect(new Set(loadKindExamples(directory).map((row) => row.server))).toEqual(new Set([nameIn('tuning')]));
    expect(() => loadKindExamples(directory, new Set([heldOut]))).toThrow(`${heldOut} is a held-out server`);
  });
});
