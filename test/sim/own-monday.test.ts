/**
 * A user's own monday.com server, described as a QA person would, with no model: the real 92 tools
 * of `@mondaydotcomorg/monday-api-mcp` 3.3.0 (servers/monday-api-mcp-tools.json, its `tools/list`
 * over stdio), over the real platform (a real SQLite file, `app.fetch` in process).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { describedMock, useSimulatorHarness } from '../support/simulator-harness.js';

let harness: Harness;
useSimulatorHarness('mcpsim-own-monday-', (started) => (harness = started));

const tools = JSON.parse(readFileSync(new URL('./servers/monday-api-mcp-tools.json', import.meta.url), 'utf8')) as unknown[];
const scenario = `The monday.com account of Priya Raman at Fernwood Studio; she is signed in. Two boards: "Website Relaunch"
and "Hiring".`;

/** A new mock of the described account, and a caller of its tools over REST. */
function monday(connection: string, text = scenario) {
  return describedMock(harness, {
    server: '@qa/monday',
    displayName: 'monday.com',
    tools,
    namespace: 'studio',
    connection,
    scenario: text,
  });
}

describe('a monday.com account described in words, through its real tools', () => {
  it("lists a board's items with get_board_items_page, the page of its items, not one 'items page' record", async () => {
    const call = await monday('pages');
    const boards = (await call('search', { searchTerm: 'Relaunch', searchType: 'BOARD' })).boards as { id: number }[];
    const relaunch = boards[0]!.id;
    const hiring = relaunch === 1 ? 2 : 1;
    const made = await call('create_item', { boardId: relaunch, name: 'Launch checklist', columnValues: '{}' });
    await call('create_item', { boardId: relaunch, name: 'Write FAQ page', columnValues: '{}' });
    await call('create_item', { boardId: hiring, name: 'Product designer', columnValues: '{}' });
    const namesOn = async (boardId: number) =>
      ((await call('get_board_items_page', { boardId })).items as { name: string }[]).map((item) => item.name).sort();
    expect(await namesOn(relaunch)).toEqual(['Launch checklist', 'Write FAQ page']);
    expect(await namesOn(hiring)).toEqual(['Product designer']);
    await call('delete_item', { itemId: made.id });
    expect(await namesOn(relaunch)).toEqual(['Write FAQ page']);
  });

  it('searches only the type its searchType names: a board search finds no item, an item search finds it', async () => {
    const call = await monday('search');
    const boards = (await call('search', { searchTerm: 'Relaunch', searchType: 'BOARD' })).boards as { id: number }[];
    await call('create_item', { boardId: boards[0]!.id, name: 'Design new homepage', columnValues: '{}' });
    expect(await call('search', { searchTerm: 'Design', searchType: 'BOARD' })).toMatchObject({ boards: [] });
    const items = (await call('search', { searchTerm: 'Design', searchType: 'ITEMS' })).items as { name: string }[];
    expect(items.map((item) => item.name)).toEqual(['Design new homepage']);
  });

  it("changes an item's column values (its status) with change_item_column_values, named by the item's id", async () => {
    const call = await monday('columns');
    const boards = (await call('search', { searchTerm: 'Relaunch', searchType: 'BOARD' })).boards as { id: number }[];
    const boardId = boards[0]!.id;
    const made = await call('create_item', { boardId, name: 'Set up analytics', columnValues: '{"status":{"label":"Stuck"}}' });
    const done = '{"status":{"label":"Done"}}';
    expect(await call('change_item_column_values', { boardId, itemId: made.id, columnValues: done })).toMatchObject({
      id: made.id,
      name: 'Set up analytics',
      columnValues: done,
    });
    const [listed] = (await call('get_board_items_page', { boardId, itemIds: [made.id] })).items as Record<string, unknown>[];
    expect(listed).toMatchObject({ name: 'Set up analytics', columnValues: done });
    expect(await call('change_item_column_values', { boardId, itemId: 424242, columnValues: done })).toMatchObject({
      error: expect.stringMatching(/not found/i),
    });
  });

  it("lists the items a description puts in a board's groups under that board, each in its group", async () => {
    const call = await monday(
      'described',
      `Priya Raman's monday.com account. The board "Website Relaunch" has three groups: "This Sprint", "Backlog" and "Done".
In This Sprint: item "Design new homepage" and item "Set up analytics". In Backlog: item "Write FAQ page".
The board "Hiring" has item "Senior frontend engineer".`,
    );
    const [relaunch, hiring] = await Promise.all(
      ['Relaunch', 'Hiring'].map(async (term) => (await call('search', { searchTerm: term, searchType: 'BOARD' })).boards[0].id as number),
    );
    const groups = (await call('get_board_schema', { boardId: relaunch })).groups as Record<string, string>[];
    const groupOf = (name: string) => Object.values(groups.find((group) => group.groupName === name)!);
    const items = (await call('get_board_items_page', { boardId: relaunch })).items as { name: string; groupId: string }[];
    expect(items.map((item) => item.name).sort()).toEqual(['Design new homepage', 'Set up analytics', 'Write FAQ page']);
    expect(groupOf('This Sprint')).toContain(items.find((item) => item.name === 'Set up analytics')!.groupId);
    expect(groupOf('Backlog')).toContain(items.find((item) => item.name === 'Write FAQ page')!.groupId);
    const hired = (await call('get_board_items_page', { boardId: hiring })).items as { name: string }[];
    expect(hired.map((item) => item.name)).toEqual(['Senior frontend engineer']);
  });

  it('moves an item to a group of its board, and answers not found for a group the board does not have', async () => {
    const call = await monday(
      'moves',
      'The board "Website Relaunch" has two groups: "This Sprint" and "Backlog". In Backlog: item "Write FAQ page".',
    );
    const boardId = (await call('search', { searchTerm: 'Relaunch', searchType: 'BOARD' })).boards[0].id as number;
    const groups = (await call('get_board_schema', { boardId })).groups as Record<string, string>[];
    const sprint = groups.find((group) => group.groupName === 'This Sprint')!;
    const sprintId = Object.values(sprint).find((value) => value !== 'This Sprint' && value !== String(boardId))!;
    const [item] = (await call('get_board_items_page', { boardId })).items as { id: number }[];
    expect(await call('move_item_to_group', { itemId: item!.id, groupId: 'no_such_group' })).toMatchObject({
      error: expect.stringMatching(/no_such_group.*not found|not found.*no_such_group/i),
    });
    expect(await call('move_item_to_group', { itemId: item!.id, groupId: sprintId })).toMatchObject({ groupId: sprintId });
    const [moved] = (await call('get_board_items_page', { boardId, itemIds: [item!.id] })).items as { groupId: string }[];
    expect(moved!.groupId).toBe(sprintId);
  });

  it('seeds the workspace a description names before its word ("the "Product" workspace"), holding the boards', async () => {
    const call = await monday(
      'workspace',
      'Priya Raman signed in. The "Product" workspace holds two boards: "Website Relaunch" and "Hiring".',
    );
    const { workspaces } = await call('list_workspaces', {});
    expect(workspaces).toEqual([expect.objectContaining({ name: 'Product' })]);
    const boardId = (await call('search', { searchTerm: 'Hiring', searchType: 'BOARD' })).boards[0].id as number;
    expect(String((await call('get_board_info', { boardId })).workspaceId)).toBe(String(workspaces[0].id));
  });

  it('does not stamp the getMe switch of list_users_and_teams into the records its first list makes', async () => {
    const call = await monday('switches');
    const asked = (await call('list_users_and_teams', { getMe: true })).users_teams as Record<string, unknown>[];
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.filter((record) => Object.hasOwn(record, 'getMe'))).toEqual([]);
    expect((await call('list_users_and_teams', {})).users_teams).toEqual(asked);
  });
});
