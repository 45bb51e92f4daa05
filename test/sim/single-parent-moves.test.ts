/**
 * A membership tool on an entity that has one parent, over the real platform (a real SQLite file,
 * `app.fetch` in process), with no model: a book is created on a shelf, and `add_book_to_shelf`
 * moves it to another shelf, so the first shelf's list no longer holds it and the second's does.
 */
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { mockOnTools, useSimulatorHarness } from '../support/simulator-harness.js';

let harness: Harness;
useSimulatorHarness('mcpsim-single-parent-', (started) => (harness = started));

const object = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties, required });
const text = { type: 'string' };
const tools = [
  { name: 'create_shelf', description: 'Create a shelf.', inputSchema: object({ name: text }, ['name']) },
  { name: 'get_shelf', description: 'Show one shelf.', inputSchema: object({ shelfId: text }, ['shelfId']) },
  {
    name: 'create_book',
    description: 'Create a book on a shelf.',
    inputSchema: object({ title: text, shelfId: text }, ['title', 'shelfId']),
  },
  { name: 'get_book', description: 'Show one book.', inputSchema: object({ bookId: text }, ['bookId']) },
  { name: 'list_shelf_books', description: 'List the books on a shelf.', inputSchema: object({ shelfId: text }, ['shelfId']) },
  {
    name: 'add_book_to_shelf',
    description: 'Put a book on a shelf.',
    inputSchema: object({ bookId: text, shelfId: text }, ['bookId', 'shelfId']),
  },
];

describe('a membership of an entity that has one parent', () => {
  it('moves a book created on one shelf to the shelf it is added to', async () => {
    const call = await mockOnTools(harness, { namespace: 'library', connection: 'shelves', tools });
    const first = await call('create_shelf', { name: 'Fiction' });
    const second = await call('create_shelf', { name: 'Classics' });
    const book = await call('create_book', { title: 'Middlemarch', shelfId: first.id });
    const titles = async (shelfId: string) => JSON.stringify(await call('list_shelf_books', { shelfId }));
    expect(await titles(first.id)).toContain('Middlemarch');

    await call('add_book_to_shelf', { bookId: book.id, shelfId: second.id });
    expect(await titles(second.id)).toContain('Middlemarch');
    expect(await titles(first.id)).not.toContain('Middlemarch');
    expect(await call('get_book', { bookId: book.id })).toMatchObject({ shelfId: second.id });
  });
});
