import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { withoutActNoun } from './dispatch-act-noun.js';
import { inferServerShapes } from './tool-operation.js';

const text = { type: 'string' };
const tool = (name: string, properties: Record<string, unknown>, required: string[]): ToolDefinition => ({
  name,
  inputSchema: { type: 'object', properties, required },
});

describe('the last word of a dispatching tool that names the acting', () => {
  it('is a noun of managing, the argument word or the noun of a choice verb', () => {
    expect(withoutActNoun('domain_management', 'action', ['create', 'delete'])).toBe('domain');
    expect(withoutActNoun('entity_lifecycle', 'operation', ['create', 'archive'])).toBe('entity');
    expect(withoutActNoun('build_approval', 'action', ['approve', 'reject'])).toBe('build');
    expect(withoutActNoun('user_operation', 'operation', ['get', 'delete'])).toBe('user');
  });

  it('is no thing the tool keeps: a last word that names one stays, and so does a name of one word', () => {
    expect(withoutActNoun('newsletter_subscription', 'action', ['subscribe', 'unsubscribe'])).toBeNull();
    expect(withoutActNoun('build_approval', 'action', ['list', 'get'])).toBeNull();
    expect(withoutActNoun('management', 'action', ['create', 'delete'])).toBeNull();
  });

  it('leaves the tool and its choices acting on what the words before it name, by the id the choices agree on', () => {
    const shapes = inferServerShapes([
      tool('get_greenhouse', { greenhouse_id: text }, ['greenhouse_id']),
      tool(
        'manage_greenhouse_lifecycle',
        {
          operation: { type: 'string', enum: ['create', 'update', 'delete', 'archive'] },
          greenhouse_id: { ...text, description: 'Greenhouse to update, delete or archive' },
          site_id: text,
          name: text,
        },
        ['operation'],
      ),
    ]);
    const shape = shapes.get('manage_greenhouse_lifecycle')!;
    expect(shape).toMatchObject({ entity: 'greenhouse', idArgument: 'greenhouse_id' });
    expect(shape.dispatch?.choices['delete']).toMatchObject({ operation: 'delete', entity: 'greenhouse', idArgument: 'greenhouse_id' });
    expect(shape.dispatch?.choices['create']).toMatchObject({ operation: 'create', entity: 'greenhouse' });
  });

  it('is read from the name when the rest of it was dropped as another tool type', () => {
    const shapes = inferServerShapes([
      tool('get_entity_details', { entity_id: text }, ['entity_id']),
      tool(
        'manage_entity_lifecycle',
        { operation: { type: 'string', enum: ['create', 'update', 'delete'] }, entity_id: text, project_id: text },
        ['operation'],
      ),
    ]);
    expect(shapes.get('manage_entity_lifecycle')).toMatchObject({ entity: 'entity', idArgument: 'entity_id' });
    expect(shapes.get('manage_entity_lifecycle')?.dispatch?.choices['update']).toMatchObject({
      operation: 'update',
      idArgument: 'entity_id',
    });
  });
});
