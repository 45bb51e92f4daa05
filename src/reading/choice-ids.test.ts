import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { readServer } from './read-server.js';

const text = { type: 'string' };
const tool = (name: string, properties: Record<string, unknown>, required: string[] = ['action']): ToolDefinition => ({
  name,
  inputSchema: { type: 'object', properties, required },
});

describe("the choices of a dispatching tool and the tool's own id", () => {
  it('take the id only in the choices its description names, and an update or delete is one again', () => {
    const shapes = readServer([
      tool('indexes', {
        action: { type: 'string', enum: ['list', 'get', 'update', 'delete', 'reorder'] },
        name: { ...text, description: 'Index name (required for get/update/delete).' },
        index_names: { type: 'array', items: text },
      }),
    ]).shapes;
    const choices = shapes.get('indexes')!.dispatch!.choices;
    expect(choices['update']).toMatchObject({ operation: 'update', idArgument: 'name' });
    expect(choices['delete']).toMatchObject({ operation: 'delete', idArgument: 'name' });
    expect(choices['reorder']!.idArgument).toBeNull();
  });

  it('give a create the key its schema requires, and not a key its description says a create goes without', () => {
    const shapes = readServer([
      tool('files', { action: { type: 'string', enum: ['upload', 'download', 'delete'] }, cloudPath: text, localPath: text }, [
        'action',
        'cloudPath',
      ]),
      tool('issues', {
        action: { type: 'string', enum: ['get', 'create', 'update'] },
        issueKey: { ...text, description: 'Issue key. Required for all operations except create.' },
        summary: text,
      }),
    ]).shapes;
    expect(shapes.get('files')!.dispatch!.choices['upload']).toMatchObject({ operation: 'create', idArgument: 'cloudPath' });
    expect(shapes.get('issues')!.dispatch!.choices['create']!.idArgument).toBeNull();
  });

  it('give a create no key that names where the record goes: a collection another create makes', () => {
    const shapes = readServer([
      tool('manage_collections', { action: { type: 'string', enum: ['createCollection', 'deleteCollection'] }, collectionName: text }, [
        'action',
        'collectionName',
      ]),
      tool(
        'write_documents',
        { action: { type: 'string', enum: ['insert', 'update', 'delete'] }, collectionName: text, documents: { type: 'array' } },
        ['action', 'collectionName'],
      ),
    ]).shapes;
    const documents = shapes.get('write_documents')!;
    expect(documents.idArgument).toBe('collectionName');
    expect(documents.dispatch!.choices['insert']).toMatchObject({ operation: 'create', idArgument: null });
    expect(shapes.get('manage_collections')!.dispatch!.choices['createCollection']).toMatchObject({ idArgument: 'collectionName' });
  });
});
