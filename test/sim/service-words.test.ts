/**
 * A service's lifecycles in its own words, over the real platform (a real SQLite file, `app.fetch`
 * in process), with no model: a server whose update describes `hidden` as archiving archives with
 * `hidden`, and its lists leave out what is hidden as they leave out what is archived; a page the
 * server writes and reads by its name is a not-found under a name no write gave. Tools written for
 * this test.
 */
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { mockOnTools, toolAnswers, useSimulatorHarness } from '../support/simulator-harness.js';

let harness: Harness;
useSimulatorHarness('mcpsim-service-words-', (started) => (harness = started));

const object = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties, required });
const text = { type: 'string' };

describe('an archive flag the server names otherwise', () => {
  const tools = [
    { name: 'create_shelf', description: 'Create a shelf', inputSchema: object({ name: text }, ['name']) },
    {
      name: 'update_shelf',
      description: 'Rename a shelf or hide it',
      inputSchema: object({ shelf_id: text, name: text, hidden: { type: 'boolean', description: 'Whether to hide (archive) the shelf' } }, [
        'shelf_id',
      ]),
    },
    { name: 'add_pin', description: 'Pin a note on a shelf', inputSchema: object({ shelf_id: text, title: text }, ['shelf_id', 'title']) },
    { name: 'get_pin', description: 'Show a pin', inputSchema: object({ pin_id: text }, ['pin_id']) },
    { name: 'list_pins', description: 'The pins of a shelf', inputSchema: object({ shelf_id: text }, ['shelf_id']) },
    { name: 'archive_pin', description: 'Send a pin to the archive', inputSchema: object({ pin_id: text }, ['pin_id']) },
  ];

  it('is what archiving sets, and hides the pin from its shelf’s list', async () => {
    const call = await mockOnTools(harness, { namespace: 'board', connection: 'pins', tools });
    const shelf = await call('create_shelf', { name: 'Reading' });
    const pin = await call('add_pin', { shelf_id: shelf.id, title: 'Raft paper' });
    expect((await call('list_pins', { shelf_id: shelf.id })).pins.map((item: { id: string }) => item.id)).toEqual([pin.id]);
    const archived = await call('archive_pin', { pin_id: pin.id });
    expect(archived.hidden).toBe(true);
    expect(archived).not.toHaveProperty('archived');
    expect((await call('get_pin', { pin_id: pin.id })).hidden).toBe(true);
    expect((await call('list_pins', { shelf_id: shelf.id })).pins).toEqual([]);
  });
});

describe('a name the server’s own writes give', () => {
  // `fileName` is no id of a notebook, so the read alone would make up what it is asked for.
  const tools = [
    {
      name: 'notebook_write',
      description: 'Write a file of a notebook',
      inputSchema: object({ book: text, fileName: text, body: text }, ['book', 'fileName', 'body']),
    },
    {
      name: 'notebook_read',
      description: 'Read a file of a notebook',
      inputSchema: object({ book: text, fileName: text }, ['book', 'fileName']),
    },
  ];

  it('finds what a write made, and is a not-found for a name no write gave', async () => {
    const call = await mockOnTools(harness, { namespace: 'notes', connection: 'pages', tools });
    await call('notebook_write', { book: 'ops', fileName: 'runbook.md', body: '# Runbook' });
    expect((await call('notebook_read', { book: 'ops', fileName: 'runbook.md' })).body).toBe('# Runbook');
    const missing = await toolAnswers(harness, 'notes/pages')('notebook_read', { book: 'ops', fileName: 'never-written.md' });
    expect(missing.error).toMatch(/never-written\.md not found/);
  });
});
