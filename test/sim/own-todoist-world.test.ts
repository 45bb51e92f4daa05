/**
 * What users found wrong driving the real `todoist-mcp` 1.3.4 tools (servers/todoist-mcp-tools.json)
 * on a described account, made right by general rules: a deleted project takes its sections and
 * tasks with it, described tasks keep the project and section the text puts them in, and a filter
 * query's date words and `#Project` pick as Todoist's do, on the scenario's clock.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { toolAnswers, useSimulatorHarness } from '../support/simulator-harness.js';

let harness: Harness;
useSimulatorHarness('mcpsim-own-todoist-world-', (started) => (harness = started));

const tools = JSON.parse(readFileSync(new URL('./servers/todoist-mcp-tools.json', import.meta.url), 'utf8')) as unknown[];
const account = `The Todoist account of Maya Chen. She has two projects: Website Redesign and Personal. Website Redesign has two
sections, Design and Development. Its tasks: "Draft homepage wireframes" (section Design, due 2026-03-05,
priority P1, open) and "Set up staging server" (section Development, due 2026-03-02, open). Personal has one task,
"Renew passport" (due 2026-03-20).`;

/** A new mock of the described account, and a caller of its tools over REST. */
async function todoist(connection: string) {
  expect((await harness.call('PUT', '/servers/@qa/todoist', { body: { displayName: 'Todoist', tools } })).status).toBe(201);
  await harness.call('PUT', '/namespaces/studio');
  const mock = { enabled: true, scenario: account };
  expect((await harness.call('PUT', `/connect/studio/${connection}`, { body: { server: '@qa/todoist', mock } })).status).toBe(201);
  return toolAnswers(harness, `studio/${connection}`);
}

const contents = (answer: { tasks: { content: string }[] }) => answer.tasks.map((task) => task.content).sort();

describe('a described Todoist account, as a user drives it', () => {
  it('keeps each described task under the project and section the description puts it in', async () => {
    const call = await todoist('parents');
    const [redesign] = (await call('get_projects', { items: [{ name: 'Website Redesign' }] })).projects;
    const [design] = (await call('get_sections', { items: [{ name: 'Design' }] })).sections;
    const [personal] = (await call('get_projects', { items: [{ name: 'Personal' }] })).projects;
    expect((await call('get_tasks', { items: [{ task_name: 'Draft homepage wireframes' }] })).tasks).toEqual([
      expect.objectContaining({ project_id: redesign.id, section_id: design.id }),
    ]);
    expect((await call('get_tasks', { items: [{ task_name: 'Renew passport' }] })).tasks).toEqual([
      expect.objectContaining({ project_id: personal.id }),
    ]);
  });

  it('deletes the sections and tasks of a deleted project with it, and leaves the other projects alone', async () => {
    const call = await todoist('cascade');
    const [redesign] = (await call('get_projects', { items: [{ name: 'Website Redesign' }] })).projects;
    const { sections } = await call('create_sections', { items: [{ name: 'Launch', project_id: redesign.id }] });
    const { tasks } = await call('create_tasks', { items: [{ content: 'Order banner', project_id: redesign.id }] });
    await call('delete_projects', { items: [{ id: redesign.id }] });
    expect((await call('get_sections', { items: [{ id: sections[0].id }] })).sections).toEqual([]);
    expect((await call('get_tasks', { items: [{ task_id: tasks[0].id }] })).tasks).toEqual([]);
    expect((await call('get_tasks', { items: [{ task_name: 'Renew passport' }] })).tasks).toHaveLength(1);
  });

  it("reads a filter query's today, overdue and #Project on the scenario's clock, as Todoist's filter language does", async () => {
    harness.clock.set('2026-03-05T09:00:00Z');
    const call = await todoist('filters');
    expect(contents(await call('get_tasks_by_filter', { query: 'today' }))).toEqual(['Draft homepage wireframes']);
    expect(contents(await call('get_tasks_by_filter', { query: 'overdue' }))).toEqual(['Set up staging server']);
    expect(contents(await call('get_tasks_by_filter', { query: 'today | overdue' }))).toEqual([
      'Draft homepage wireframes',
      'Set up staging server',
    ]);
    expect(contents(await call('get_tasks_by_filter', { query: '#Personal' }))).toEqual(['Renew passport']);
    expect(contents(await call('get_tasks_by_filter', { query: 'p1' }))).toEqual(['Draft homepage wireframes']);
  });
});
