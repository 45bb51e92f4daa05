/**
 * A user's own task server, driven as the user would with no model: the real 36 tools of
 * `todoist-mcp` 1.3.4 (servers/todoist-mcp-tools.json, not in the corpus), where every write is a
 * batch of `items` and an item names its target by id or by name, on a mock described in words,
 * over the real platform (a real SQLite file, `app.fetch` in process).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { toolAnswers, useSimulatorHarness } from '../support/simulator-harness.js';

let harness: Harness;
useSimulatorHarness('mcpsim-own-todoist-', (started) => (harness = started));

const tools = JSON.parse(readFileSync(new URL('./servers/todoist-mcp-tools.json', import.meta.url), 'utf8')) as unknown[];
const description = 'The Todoist account of Maya Chen. She has three projects: Website Redesign, Client Onboarding and Personal.';

/** A new mock of Maya's Todoist described in words, and a caller of its tools over REST. */
async function todoist(connection: string) {
  expect((await harness.call('PUT', '/servers/@qa/todoist', { body: { displayName: 'Todoist', tools } })).status).toBe(201);
  await harness.call('PUT', '/namespaces/studio');
  const mock = { enabled: true, scenario: description };
  expect((await harness.call('PUT', `/connect/studio/${connection}`, { body: { server: '@qa/todoist', mock } })).status).toBe(201);
  return toolAnswers(harness, `studio/${connection}`);
}

const wrapped = `The Todoist account of Maya Chen. She has two projects: Website Redesign and Personal. Website Redesign has two
sections, Design and Development. Its tasks: "Draft homepage wireframes" (section Design, due 2026-03-05,
priority P1, open) and "Set up staging server" (section Development, open).`;

describe('a Todoist account described in words, through its real batch tools', () => {
  it('seeds the tasks and sections of a description wrapped over lines, named as its creates name them', async () => {
    expect((await harness.call('PUT', '/servers/@qa/todoist', { body: { displayName: 'Todoist', tools } })).status).toBe(201);
    await harness.call('PUT', '/namespaces/studio');
    const mock = { enabled: true, scenario: wrapped };
    expect((await harness.call('PUT', '/connect/studio/wrapped', { body: { server: '@qa/todoist', mock } })).status).toBe(201);
    const call = toolAnswers(harness, 'studio/wrapped');
    const { projects } = await call('get_projects', { items: [{ name: 'Website Redesign' }] });
    const { sections } = await call('get_sections', { items: [{ name: 'Design' }] });
    expect(sections).toEqual([expect.objectContaining({ name: 'Design', project_id: projects[0].id })]);
    expect((await call('get_sections', { items: [{ name: 'Development' }] })).sections).toHaveLength(1);
    const { tasks } = await call('get_tasks', { items: [{ task_name: 'Set up staging server' }] });
    expect(tasks).toEqual([expect.objectContaining({ content: 'Set up staging server' })]);
    expect((await call('get_tasks_by_filter', { query: 'search: wireframes' })).tasks).toEqual([
      expect.objectContaining({ content: 'Draft homepage wireframes' }),
    ]);
  });

  it('gives a label, a section and a project a batch creates an id of their own, and finds them by it', async () => {
    const call = await todoist('made-ids');
    const { labels } = await call('create_labels', { items: [{ name: 'urgent', color: 'red' }] });
    expect(labels[0]).toMatchObject({ name: 'urgent', color: 'red' });
    expect(typeof labels[0].id).toBe('string');
    expect(labels[0].id).not.toBe('urgent');
    const renamed = await call('update_labels', { items: [{ id: labels[0].id, name: 'asap' }] });
    expect(renamed.labels[0]).toMatchObject({ id: labels[0].id, name: 'asap' });

    const { projects } = await call('create_projects', { items: [{ name: 'Brand Guide', view_style: 'board' }] });
    expect(projects[0].id).not.toBe('Brand Guide');
    const { sections } = await call('create_sections', { items: [{ name: 'Launch', project_id: projects[0].id }] });
    expect(sections[0]).toMatchObject({ name: 'Launch', project_id: projects[0].id });
    expect(sections[0].id).not.toBe('Launch');
    expect(await call('delete_sections', { items: [{ id: sections[0].id }] })).toEqual({ text: `Deleted 1 section: ${sections[0].id}.` });
  });

  it('fetches only the tasks and projects its items name, by id or by name, and none once deleted or never made', async () => {
    const call = await todoist('fetch-items');
    const personal = await call('get_projects', { items: [{ name: 'Personal' }] });
    expect(personal.projects.map((project: { name: string }) => project.name)).toEqual(['Personal']);
    const { tasks } = await call('create_tasks', {
      items: [
        { content: 'Renew passport', project_id: personal.projects[0].id },
        { content: 'Book dentist', project_id: personal.projects[0].id },
      ],
    });
    const byId = await call('get_tasks', { items: [{ task_id: tasks[1].id }] });
    expect(byId.tasks.map((task: { content: string }) => task.content)).toEqual(['Book dentist']);
    const byName = await call('get_tasks', { items: [{ task_name: 'Renew passport' }] });
    expect(byName.tasks.map((task: { id: string }) => task.id)).toEqual([tasks[0].id]);

    await call('delete_tasks', { items: [{ task_id: tasks[1].id }] });
    expect((await call('get_tasks', { items: [{ task_id: tasks[1].id }] })).tasks).toEqual([]);
    expect((await call('get_tasks', { items: [{ task_id: '9999999999' }] })).tasks).toEqual([]);
  });

  it('updates, closes and deletes the entity an item names by name, and says which name it did not find', async () => {
    const call = await todoist('by-name');
    const listed = await call('get_projects', { items: [{ name: 'Personal' }] });
    const personal = listed.projects.find((project: { name: string }) => project.name === 'Personal');
    expect(personal).toBeDefined();
    const updated = await call('update_projects', { items: [{ name: 'Personal', color: 'blue', is_favorite: true }] });
    expect(updated.projects[0]).toMatchObject({ id: personal.id, name: 'Personal', color: 'blue', is_favorite: true });

    const { tasks } = await call('create_tasks', {
      items: [{ content: 'Renew passport', project_id: personal.id, due_date: '2026-04-01' }],
    });
    const closed = await call('close_tasks', { items: [{ task_name: 'Renew passport' }] });
    expect(closed.tasks[0]).toMatchObject({ id: tasks[0].id, content: 'Renew passport', state: 'closed' });
    expect(closed.tasks[0]).not.toHaveProperty('task_name');
    const reopened = await call('reopen_tasks', { items: [{ task_name: 'renew passport' }] });
    expect(reopened.tasks[0]).toMatchObject({ id: tasks[0].id, state: 'open' });

    expect(await call('close_tasks', { items: [{ task_name: 'Water the plants' }] })).toEqual({
      error: expect.stringContaining('Water the plants'),
    });
    expect(await call('delete_projects', { items: [{ name: 'Client Onboarding' }] })).toEqual({
      text: expect.stringMatching(/^Deleted 1 project: /),
    });
    expect(await call('delete_projects', { items: [{ name: 'Client Onboarding' }] })).toEqual({
      error: expect.stringContaining('not found'),
    });
  });
});
