/**
 * A ClickUp-style server as a QA person pastes it (the real ClickUp MCP tool shapes:
 * `get_workspace_hierarchy`, `create_task(listId | listName, name, priority 1-4)`, `get_tasks`,
 * `get_task`, `update_task` by `taskId` or `taskName`) with a scenario in plain words, driven with
 * no model over the real platform (a real SQLite file, `app.fetch` in process).
 */
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { toolAnswers, useSimulatorHarness } from '../support/simulator-harness.js';

let harness: Harness;
useSimulatorHarness('mcpsim-own-clickup-', (started) => (harness = started));

const object = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties, required });
const text = (description: string) => ({ type: 'string', description });
const priority = {
  type: 'number',
  description: 'Optional priority of the task (1-4), where 1 is urgent/highest priority and 4 is lowest priority.',
};
const taskKeys = {
  taskId: text(
    "ID of task to update (preferred). Works with both regular task IDs (9 characters) and custom IDs with uppercase prefixes (like 'DEV-1234').",
  ),
  taskName: text('Name of task to update. The tool will search for tasks with this name across all lists unless listName is specified.'),
  listName: text('Optional: Name of list containing the task. Providing this narrows the search to find the right task.'),
};

const clickupTools = [
  {
    name: 'get_workspace_hierarchy',
    description:
      'Gets complete workspace hierarchy (spaces, folders, lists). No parameters needed. Returns tree structure with names and IDs for navigation.',
    inputSchema: object({}),
  },
  {
    name: 'create_task',
    description:
      'Creates a single task in a ClickUp list. Use listId (preferred) or listName. Required: name + list info. Optional: description, status, priority (1-4), dueDate.',
    inputSchema: object(
      {
        name: text('REQUIRED: Name of the task. Put a relevant emoji followed by a blank space before the name.'),
        listId: text('REQUIRED (unless listName provided): ID of the list to create the task in.'),
        listName: text('REQUIRED (unless listId provided): Name of the list to create the task in.'),
        description: text('Optional plain text description for the task'),
        status: text('Optional: Override the default ClickUp status.'),
        priority,
        dueDate: text("Optional due date. Supports Unix timestamps (ms) or natural language like '1 hour from now', 'tomorrow'."),
      },
      ['name'],
    ),
  },
  {
    name: 'get_tasks',
    description: 'Retrieves tasks from a list with optional filters. Use listId (preferred) or listName.',
    inputSchema: object({
      listId: text('ID of list to get tasks from (preferred).'),
      listName: text('Name of list to get tasks from. Only use if you do not have listId.'),
      archived: { type: 'boolean', description: 'Include archived tasks' },
      page: { type: 'number', description: 'Page number for pagination (starts at 0)' },
      statuses: { type: 'array', items: { type: 'string' }, description: 'Filter by status names' },
    }),
  },
  {
    name: 'get_task',
    description:
      'Retrieves detailed information about a specific task. Valid parameter combinations: taskId alone (preferred), or taskName (optionally with listName).',
    inputSchema: object({ ...taskKeys, subtasks: { type: 'boolean', description: 'Whether to include subtasks' } }),
  },
  {
    name: 'update_task',
    description:
      'Modifies an existing task. Use taskId (preferred) or taskName + optional listName. At least one update field (name, description, status, priority, dueDate) must be provided.',
    inputSchema: object({
      ...taskKeys,
      name: text('New name for the task.'),
      description: text('New plain text description.'),
      status: text("New status. Must be valid for the task's current list."),
      priority: { ...priority, description: 'New priority: 1 (urgent) to 4 (low). Set null to clear priority.' },
      dueDate: text('New due date.'),
    }),
  },
];

const scenario = [
  'Workspace "Acme" has one space, "Engineering", with a folder "Platform".',
  'The folder holds two lists: "Sprint 12" and "Backlog".',
  'In list "Sprint 12": task "Fix login redirect" (status in progress, priority high) and task "Write release notes" (status to do, priority low).',
].join('\n');

async function clickup() {
  expect((await harness.call('PUT', '/servers/@qa/clickup', { body: { tools: clickupTools } })).status).toBe(201);
  await harness.call('PUT', '/namespaces/own');
  const mock = { enabled: true, scenario };
  expect((await harness.call('PUT', '/connect/own/clickup', { body: { server: '@qa/clickup', mock } })).status).toBe(201);
  return toolAnswers(harness, 'own/clickup');
}

const names = (listed: Record<string, unknown>) =>
  (Object.values(listed).find(Array.isArray) as { name: string }[]).map((task) => task.name).sort();

describe('a ClickUp-style server described in words', () => {
  it('keeps the tasks it describes in their list beside the tasks created there, by id or by name', async () => {
    const answers = await clickup();
    const described = await answers('get_task', { taskName: 'Fix login redirect' });
    expect(described).toMatchObject({ name: 'Fix login redirect', listName: 'Sprint 12', listId: expect.any(String) });
    const made = await answers('create_task', { listId: described.listId, name: 'Rotate API keys', priority: 1 });
    expect(made).toMatchObject({ listId: described.listId, priority: 1 });
    const sprint = ['Fix login redirect', 'Rotate API keys', 'Write release notes'];
    expect(names(await answers('get_tasks', { listId: described.listId }))).toEqual(sprint);
    expect(names(await answers('get_tasks', { listName: 'Sprint 12' }))).toEqual(sprint);
  });

  it("gives a described priority word the number its schema's scale names (1 urgent to 4 low)", async () => {
    const answers = await clickup();
    expect(await answers('get_task', { taskName: 'Fix login redirect' })).toMatchObject({ priority: 2 });
    expect(await answers('get_task', { taskName: 'Write release notes' })).toMatchObject({ priority: 4 });
  });
});

describe('a ClickUp-style hierarchy described in words', () => {
  it("answers the hierarchy read with the described space, its folder and the folder's lists, by the ids the tasks hold", async () => {
    const answers = await clickup();
    const tree = await answers('get_workspace_hierarchy', {});
    expect(tree).toMatchObject({
      spaces: [{ name: 'Engineering', folders: [{ name: 'Platform', lists: [{ name: 'Sprint 12' }, { name: 'Backlog' }] }] }],
    });
    const sprint = tree.spaces[0].folders[0].lists[0];
    expect(await answers('get_task', { taskName: 'Fix login redirect' })).toMatchObject({ listId: sprint.id });
    expect(names(await answers('get_tasks', { listId: sprint.id }))).toEqual(['Fix login redirect', 'Write release notes']);
  });
});
