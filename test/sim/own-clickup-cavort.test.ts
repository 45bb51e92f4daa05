/**
 * A user's own ClickUp server, described as a QA person would, with no model: the real 37 tools
 * of `@cavort-it-systems/clickup-mcp` 1.0.3 (servers/clickup-mcp-tools.json), over the real
 * platform (a real SQLite file, `app.fetch` in process).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { describedMock, useSimulatorHarness } from '../support/simulator-harness.js';

let harness: Harness;
useSimulatorHarness('mcpsim-own-clickup-cavort-', (started) => (harness = started));

const tools = JSON.parse(readFileSync(new URL('./servers/clickup-mcp-tools.json', import.meta.url), 'utf8')) as unknown[];
const scenario = `Nadia Rahman runs the Marketing space, with two lists: Spring Launch and Newsletter. Spring Launch has
three tasks: "Draft launch blog post" (in progress, due 2026-03-10), "Book photographer" (to do) and
"Approve press kit" (complete). Newsletter has one task, "Write March issue".`;

/** A new mock of the described workspace, and a caller of its tools over REST. */
function clickup(connection: string, text = scenario) {
  return describedMock(harness, {
    server: '@qa/clickup',
    displayName: 'ClickUp',
    tools,
    namespace: 'marketing',
    connection,
    scenario: text,
  });
}

describe('a ClickUp workspace described in words, through its real tools', () => {
  it('lists the tasks a description puts in a list by that list, before and after a task is created in it', async () => {
    const call = await clickup('lists');
    const { lists } = await call('clickup_get_lists', {});
    const idOf = (name: string) => (lists as { id: string; name: string }[]).find((list) => list.name === name)!.id;
    const namesIn = async (list: string) =>
      ((await call('clickup_get_tasks', { list_id: idOf(list) })).tasks as { name: string }[]).map((task) => task.name).sort();
    expect(await namesIn('Spring Launch')).toEqual(['Approve press kit', 'Book photographer', 'Draft launch blog post']);
    expect(await namesIn('Newsletter')).toEqual(['Write March issue']);
    await call('clickup_create_task', { list_id: idOf('Spring Launch'), name: 'Order banner print' });
    expect(await namesIn('Spring Launch')).toEqual([
      'Approve press kit',
      'Book photographer',
      'Draft launch blog post',
      'Order banner print',
    ]);
    expect(await namesIn('Newsletter')).toEqual(['Write March issue']);
  });

  it('answers whoami with the person the description says runs the workspace, the same every time', async () => {
    const call = await clickup('caller');
    const first = await call('clickup_whoami', {});
    expect(first).toMatchObject({ name: 'Nadia Rahman' });
    expect(typeof first.id).toBe('string');
    expect(await call('clickup_whoami', {})).toEqual(first);
  });

  it('seeds the folder a description names before its word, in its space, and keeps the states it gives in words', async () => {
    const told = `Nadia Rahman runs the Marketing space. The Campaigns folder in the Marketing space has two lists: Spring Launch and
Newsletter. Spring Launch has two tasks: "Launch plan" and "Book photographer" (to do). Launch plan is in review.`;
    const call = await clickup('folders', told);
    const spaces = await call('clickup_get_spaces', { team_id: '9012345678' });
    const spaceId = (spaces.spaces as { id: string; name: string }[]).find((space) => space.name === 'Marketing')!.id;
    const folders = await call('clickup_get_folders', { space_id: spaceId });
    const folderId = (folders.folders as { id: string; name: string }[]).find((folder) => folder.name === 'Campaigns')!.id;
    const { lists } = await call('clickup_get_lists', { folder_id: folderId });
    const listId = (lists as { id: string; name: string }[]).find((list) => list.name === 'Spring Launch')!.id;
    const { tasks } = await call('clickup_get_tasks', { list_id: listId });
    const statusOf = (name: string) => (tasks as { name: string; status: unknown }[]).find((task) => task.name === name)?.status;
    expect(statusOf('Launch plan')).toBe('in review');
    expect(statusOf('Book photographer')).toBe('to do');
  });
});
