/**
 * A document service whose pages hold blocks (Notion's shape, tools written for this test with no
 * descriptions, as some real servers ship them): blocks appended as a JSON list under a page are
 * each a block of that page, and a search picks the type its filter names. And a tree of tasks
 * whose list says it answers the roots when no parent is given.
 */
import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../../src/domain/registry.js';
import { createSimulatorSession } from '../support/simulator-session.js';

const text = { type: 'string' };
const tool = (name: string, properties: Record<string, unknown>, required: string[]): ToolDefinition => ({
  name,
  inputSchema: { type: 'object', properties, required },
});

const pages = [
  tool('search', { query: text, filter_object_type: { type: 'string', enum: ['page', 'database'] } }, []),
  tool('get-database', { database_id: text }, ['database_id']),
  tool('create-page', { parent_id: text, properties: text }, ['parent_id', 'properties']),
  tool('get-page', { page_id: text }, ['page_id']),
  tool('append-blocks', { block_id: text, children: text }, ['block_id', 'children']),
  tool('get-block', { block_id: text }, ['block_id']),
  tool('get-block-children', { block_id: text }, ['block_id']),
  tool('delete-block', { block_id: text }, ['block_id']),
];

const paragraph = (content: string) => ({ type: 'paragraph', paragraph: { rich_text: [{ text: { content } }] } });

describe('blocks appended under a page', () => {
  it('are each a block of that page, readable and listed by it, the page named by an id the world holds as a page', async () => {
    const session = createSimulatorSession(pages);
    const page = await session.call('create-page', { parent_id: 'db-1', properties: JSON.stringify({ title: 'Q3 plan' }) });
    expect(page.isError, page.text).toBe(false);
    const pageId = page.json.id as string;
    const appended = await session.call('append-blocks', {
      block_id: pageId,
      children: JSON.stringify([paragraph('Kickoff on Monday'), paragraph('Retro on Friday')]),
    });
    expect(appended.isError, appended.text).toBe(false);
    const children = await session.call('get-block-children', { block_id: pageId });
    expect(children.isError, children.text).toBe(false);
    expect(children.text).toContain('Kickoff on Monday');
    expect(children.text).toContain('Retro on Friday');
    const blocks = Object.values(children.json).find(Array.isArray) as { id: string }[];
    expect(blocks).toHaveLength(2);
    expect(new Set(blocks.map((block) => block.id)).size).toBe(2);
    expect(blocks.map((block) => block.id)).not.toContain(pageId);
    const one = await session.call('get-block', { block_id: blocks[0]!.id });
    expect(one.isError, one.text).toBe(false);
    // An id nobody made is still no parent.
    expect((await session.call('get-block-children', { block_id: 'no-such-block' })).isError).toBe(true);
  });

  it('a search whose filter names one of the server types finds that type', async () => {
    const session = createSimulatorSession(pages);
    const page = await session.call('create-page', { parent_id: 'db-1', properties: JSON.stringify({ title: 'Roadmap' }) });
    const found = await session.call('search', { query: '', filter_object_type: 'page' });
    expect(found.isError, found.text).toBe(false);
    expect(found.text).toContain(page.json.id as string);
    const databases = await session.call('search', { query: '', filter_object_type: 'database' });
    expect(databases.text).not.toContain(page.json.id as string);
  });
});

describe('a list of a tree that answers its roots when no parent is given', () => {
  const tasks = [
    tool('createTask', { name: text, parentId: text }, ['name']),
    {
      ...tool(
        'listTasks',
        { parentId: { type: 'string', description: 'Filter by parent ID (optional, returns root tasks if not specified)' } },
        [],
      ),
      description: 'List tasks from hierarchical structure, optionally filtered by parentId.',
    },
  ];

  it('leaves out the tasks that have a parent unless the parent is asked for', async () => {
    const session = createSimulatorSession(tasks);
    const epic = await session.call('createTask', { name: 'Ship billing v2' });
    const sub = await session.call('createTask', { name: 'Write migration', parentId: epic.json.id });
    const roots = await session.call('listTasks', {});
    expect(roots.text).toContain(epic.json.id as string);
    expect(roots.text).not.toContain(sub.json.id as string);
    expect((await session.call('listTasks', { parentId: epic.json.id })).text).toContain(sub.json.id as string);
  });

  it('lists every task where its words say nothing of roots', async () => {
    const plain = [tasks[0]!, tool('listTasks', { parentId: text }, [])];
    const session = createSimulatorSession(plain);
    const epic = await session.call('createTask', { name: 'Ship billing v2' });
    const sub = await session.call('createTask', { name: 'Write migration', parentId: epic.json.id });
    expect((await session.call('listTasks', {})).text).toContain(sub.json.id as string);
  });
});
