/**
 * Reference data a service's entities name (issue 36, point 3), over the real platform (a real
 * SQLite file, `app.fetch` in process), with no model: a tag attached by name to a note, and a
 * folder a note is written in by name, are what the lists of tags and folders show, where nothing
 * creates either; a list scoped to another folder does not show the note's file.
 */
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { mockOnTools, useSimulatorHarness } from '../support/simulator-harness.js';

let harness: Harness;
useSimulatorHarness('mcpsim-names-in-use-', (started) => (harness = started));

const object = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties, required });
const text = { type: 'string' };

describe('reference data named by the entities', () => {
  it('lists the tags and folders the notes name, not made-up ones', async () => {
    const tools = [
      { name: 'create_note', description: 'Create a note.', inputSchema: object({ title: text, tags: { type: 'array', items: text } }) },
      { name: 'list_tags', description: 'List the tags in use.', inputSchema: object({}) },
      {
        name: 'write_page',
        description: 'Write a page into a folder.',
        inputSchema: object({ folderName: text, pageName: text, body: text }, ['folderName', 'pageName']),
      },
      { name: 'list_folders', description: 'List the folders.', inputSchema: object({}) },
      { name: 'list_folder_pages', description: 'List the pages of a folder.', inputSchema: object({ folderName: text }, ['folderName']) },
    ];
    const call = await mockOnTools(harness, { namespace: 'notes', connection: 'notebook', tools });
    await call('create_note', { title: 'Consensus', tags: ['raft', 'papers'] });
    await call('write_page', { folderName: 'reading', pageName: 'raft.md', body: '# Raft' });

    const names = (answer: Record<string, unknown>) =>
      Object.values(answer)
        .filter(Array.isArray)
        .flat()
        .map((item: { name: unknown }) => item.name);
    expect(names(await call('list_tags', {}))).toEqual(['raft', 'papers']);
    expect(names(await call('list_folders', {}))).toEqual(['reading']);
    expect(names(await call('list_folder_pages', { folderName: 'reading' }))).toEqual(['raft.md']);
    expect(names(await call('list_folder_pages', { folderName: 'cooking' }))).toEqual([]);
  });
});
