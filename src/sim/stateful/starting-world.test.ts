import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../../domain/registry.js';
import { readServer } from '../../reading/read-server.js';
import { exampleIds, toStartingWorld } from './starting-world.js';

const tool = (name: string, properties: Record<string, unknown> = {}, required: string[] = []): ToolDefinition => ({
  name,
  inputSchema: { type: 'object', properties, required },
});

const now = '2026-11-26T12:00:00.000Z';
const start = (tools: ToolDefinition[], at: string) => toStartingWorld(readServer(tools), at);
const tools = () => [tool('list_projects'), tool('create_task', { title: { type: 'string' } }, ['title'])];

describe('toStartingWorld', () => {
  it('holds the signed-in user under a user entity when a read of no id says it is the current user', () => {
    const world = start(
      [{ ...tool('get_user'), description: 'Get the current user' }, tool('get_user_by_id', { user_id: { type: 'string' } }, ['user_id'])],
      now,
    );
    const shape = readServer([{ ...tool('get_user'), description: 'Get the current user' }]).shapes.get('get_user')!;
    expect(world.entities[shape.entity]?.default).toMatchObject({ id: 'default', login: 'ada' });
  });

  it('holds the signed-in user and one entity of each kind the server creates or lists, and nothing it only searches', () => {
    const world = start(
      [
        tool('get_me'),
        tool('list_projects'),
        tool('create_task', { title: { type: 'string' }, assignee: { type: 'string' }, due: { type: 'string' } }, ['title', 'assignee']),
        tool('get_task', { task_id: { type: 'string' } }, ['task_id']),
        tool('search_web', { query: { type: 'string' } }, ['query']),
      ],
      now,
    );
    expect(Object.keys(world.entities)).toEqual(['me', 'project', 'task']);
    expect(world.entities.me).toEqual({ default: { id: 'default', login: 'ada', name: 'Ada Lovelace', email: 'ada@example.com' } });
    const [project] = Object.values(world.entities.project!);
    const [task] = Object.values(world.entities.task!);
    expect(project).toMatchObject({ id: 'project_1', name: expect.any(String) });
    expect(task).toMatchObject({ id: 'task_1', title: expect.any(String), assignee: 'ada' });
    // Real-looking text from faker, not a placeholder or a pair of random words.
    expect(String(task!.title)).toMatch(/^[A-Z][a-z]+( [\w-]+){2,}$/);
    expect(start(tools(), now)).toEqual(start(tools(), now));
  });

  it('makes ids the tools that take them accept: the pattern or example of the id argument', () => {
    const world = start(
      [
        tool('create_issue', { summary: { type: 'string' } }, ['summary']),
        tool('get_issue', { issue_key: { type: 'string', pattern: '^[A-Z][A-Z0-9]+-\\d+$' } }, ['issue_key']),
        tool('list_customers'),
        tool('get_customer', { customer: { type: 'string', description: 'The customer, e.g. cus_NffrFeUfNV2Hib' } }, ['customer']),
      ],
      now,
    );
    expect(Object.keys(world.entities.issue!)[0]).toMatch(/^[A-Z][A-Z0-9]+-\d+$/);
    expect(Object.keys(world.entities.customer!)[0]).toMatch(/^cus_[A-Za-z0-9]{14}$/);
  });

  it('marks each made-up entity as an example in a fact, so calls may name others of its type', () => {
    const world = start(tools(), now);
    expect(world.facts).toEqual([
      `Example project "project_1" was made up from the server's tools; calls may name projects it does not hold.`,
      `Example task "task_1" was made up from the server's tools; calls may name tasks it does not hold.`,
    ]);
    expect(exampleIds(world, 'task')).toEqual(new Set(['task_1']));
    expect(exampleIds(world, 'issue')).toEqual(new Set());
  });

  it('is empty for a server whose tools keep nothing (a clock)', () => {
    expect(start([tool('get_current_time', { timezone: { type: 'string' } })], now)).toEqual({ entities: {}, facts: [] });
  });
});
