import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { inferServerShapes } from './tool-operation.js';

const text = { type: 'string' };
const number = { type: 'number' };
const tool = (name: string, properties: Record<string, Record<string, unknown>>, required?: string[]): ToolDefinition => ({
  name,
  inputSchema: { type: 'object', properties, ...(required ? { required } : {}) },
});

describe('a read named for a plural collection', () => {
  const shapes = inferServerShapes([
    tool('get_predictions', { prediction_id: text }),
    tool('get_models', { model_owner: text, model_name: text }),
    tool('get_files', { file_id: text, limit: number }),
    tool('get_comments', { comment_id: text, task_id: text }, ['task_id']),
    tool('pods_get', { name: text, namespace: text }, ['name']),
    tool('pods_list', { namespace: text }),
    tool('get_pods', { name: text }, ['name']),
  ]);

  it('reads one where it is given the key of one of its own entity', () => {
    expect(shapes.get('get_predictions')).toMatchObject({ operation: 'read', idArgument: 'prediction_id' });
    expect(shapes.get('get_models')).toMatchObject({ operation: 'read', idArgument: 'model_name' });
  });

  it('reads one by a bare required name where the method comes after the collection', () => {
    expect(shapes.get('pods_get')).toMatchObject({ operation: 'read', idArgument: 'name' });
    expect(shapes.get('pods_list')?.operation).toBe('list');
  });

  it('still lists where it pages, where the key is optional beside required arguments, or where a bare name follows the verb', () => {
    expect(shapes.get('get_files')?.operation).toBe('list');
    expect(shapes.get('get_comments')?.operation).toBe('list');
    expect(shapes.get('get_pods')?.operation).toBe('list');
  });
});

describe('a run verb after the resource', () => {
  const shapes = inferServerShapes([
    tool('pods_run', { image: text, name: text, namespace: text }, ['image']),
    tool('pods_get', { name: text, namespace: text }, ['name']),
    tool('jobs_run', { script: text }, ['script']),
  ]);

  it('makes the resource a reader of the server reads by its key', () => {
    expect(shapes.get('pods_run')).toMatchObject({ operation: 'create', entity: 'pod', idField: 'name' });
  });

  it('makes nothing where no tool reads what it would make', () => {
    expect(shapes.get('jobs_run')?.operation).toBe('other');
  });
});
