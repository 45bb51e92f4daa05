import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { readServer } from './read-server.js';
import { toDescribedWorld } from './described-world.js';

const object = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object' as const, properties, required });
const text = { type: 'string' };
/** A CI service: jobs, and the builds of a job, whose status is an enum in capitals. */
const ciTools: ToolDefinition[] = [
  { name: 'create_job', description: 'Create a job.', inputSchema: object({ name: text }, ['name']) },
  { name: 'list_jobs', description: 'List jobs.', inputSchema: object({}) },
  {
    name: 'list_builds',
    description: 'List the builds of a job.',
    inputSchema: object({ job_id: text, status: { type: 'string', enum: ['QUEUED', 'RUNNING', 'SUCCESSFUL', 'FAILED'] } }, ['job_id']),
  },
  { name: 'get_build', description: 'Get a build.', inputSchema: object({ build_id: text }, ['build_id']) },
];
/** A scheduler: tasks and their runs, whose states no tool names. */
const schedulerTools: ToolDefinition[] = [
  { name: 'list_tasks', description: 'List scheduled tasks.', inputSchema: object({}) },
  { name: 'list_task_runs', description: 'List the runs of a task.', inputSchema: object({ task_id: text }, ['task_id']) },
  { name: 'get_task_run', description: 'Get one run of a task.', inputSchema: object({ task_run_id: text }, ['task_run_id']) },
];
const records = (world: ReturnType<typeof toDescribedWorld>, type: string) => Object.values(world.entities[type] ?? {});

describe('runs a description counts of a named thing', () => {
  it('seeds the counted runs under the named thing, each in the state its verb names as the service’s enum spells it', () => {
    const world = toDescribedWorld(
      readServer(ciTools),
      'Jobs: nightly-backup and deploy-web. Nightly-backup ran twice on 3 May 2026: one succeeded and one failed at 02:10.',
      '2026-05-04T10:00:00Z',
    );
    const jobId = Object.entries(world.entities.job!).find(([, fields]) => fields.name === 'nightly-backup')![0];
    expect(records(world, 'build')).toEqual([
      expect.objectContaining({ job_id: jobId, status: 'SUCCESSFUL', started_at: '2026-05-03T09:00:00Z' }),
      expect.objectContaining({ job_id: jobId, status: 'FAILED', started_at: '2026-05-03T02:10:00Z' }),
    ]);
  });

  it('gives every run an outcome written with no count, and the verb’s own word where the service names no states', () => {
    const world = toDescribedWorld(
      readServer(schedulerTools),
      'Tasks: "Cleanup" and "Report". Cleanup ran three times and failed. Report ran once.',
      '2026-05-04T10:00:00Z',
    );
    // The reader names the runs' type by its own word (`run` or `task_run`): whichever it is, it holds the four.
    const runs = Object.entries(world.entities).flatMap(([type, byId]) => (type === 'task' ? [] : Object.values(byId)));
    expect(runs).toHaveLength(4);
    expect(runs.slice(0, 3).map((run) => run.status)).toEqual(['failed', 'failed', 'failed']);
    expect(runs[3]).not.toHaveProperty('status');
  });

  it('seeds no runs of a thing the description did not name, nor of a type that keeps no runs', () => {
    expect(records(toDescribedWorld(readServer(ciTools), 'Payroll ran three times on 3 May 2026.'), 'build')).toEqual([]);
    expect(Object.keys(toDescribedWorld(readServer(ciTools), 'Jobs: nightly-backup. The team ran three times a week.').entities)).toEqual([
      'job',
    ]);
  });
});
