import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { inferServerShapes } from './tool-operation.js';

const text = { type: 'string' };
const tool = (name: string, properties: Record<string, Record<string, unknown>>, required: string[] = []): ToolDefinition => ({
  name,
  inputSchema: { type: 'object', properties, required },
});

describe('a tool that begins something', () => {
  const shapes = inferServerShapes([
    tool('start_manual_session', { project_name: text, browser: text }, ['project_name']),
    tool('startAccessibilityScan', { name: text, pageURL: text }, ['name', 'pageURL']),
    tool('start_task', { task_id: text }, ['task_id']),
    tool('get_task', { task_id: text }, ['task_id']),
    tool('auth', { action: { type: 'string', enum: ['get_status', 'start_auth', 'set_env'] }, env_id: text }, ['action']),
  ]);

  it('makes a new one when it is given no real id of what its name names', () => {
    expect(shapes.get('start_manual_session')).toMatchObject({ operation: 'create', sets: {} });
    expect(shapes.get('startAccessibilityScan')?.operation).toBe('create');
  });

  it('moves one that exists on to started when it is given its id', () => {
    expect(shapes.get('start_task')).toMatchObject({ operation: 'update', idArgument: 'task_id', sets: { state: 'started' } });
  });

  it('begins nothing new where its own name names no thing, or where a dispatching argument says start', () => {
    const prefixed = inferServerShapes([
      tool('vibe_start', { handle: text }),
      tool('vibe_who', {}),
      tool('vibe_inbox', {}),
      tool('vibe_dm', { handle: text, message: text }, ['handle', 'message']),
    ]);
    expect(prefixed.get('vibe_start')?.operation).not.toBe('create');
    const choices = shapes.get('auth')?.dispatch?.choices;
    expect(choices?.start_auth).toBeDefined();
    expect(choices?.start_auth?.operation).not.toBe('create');
  });
});
