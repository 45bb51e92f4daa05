import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { inferServerShapes } from './tool-operation.js';

const tool = (name: string, properties: Record<string, Record<string, unknown>> = {}): ToolDefinition => ({
  name,
  inputSchema: { type: 'object', properties, required: Object.keys(properties) },
});
const text = { type: 'string' };
const read = (tools: ToolDefinition[]) => inferServerShapes(tools);

describe('qualifiers around an entity pick some of its kind', () => {
  it('reads a name whose words after the verb only qualify as the entity before the verb', () => {
    const shapes = read([
      tool('sprints_get', { id: text }),
      tool('sprints_get_upcoming'),
      tool('boards_get_default', { team_id: text }),
      tool('boards_list'),
      tool('users_list'),
      tool('users_get', { id: text }),
    ]);
    expect(shapes.get('sprints_get_upcoming')).toMatchObject({ entity: 'sprint', operation: 'list' });
    // The default is one board, though the name says boards.
    expect(shapes.get('boards_get_default')).toMatchObject({ entity: 'board', operation: 'read' });
  });

  it('drops an adjective or a participle that follows the entity', () => {
    const shapes = read([
      tool('put_blob_safe', { container: text, blob_name: text, data: text }),
      tool('get_status_detailed'),
      tool('find_contacts_advanced', { query: text }),
    ]);
    expect(shapes.get('put_blob_safe')?.entity).toBe('blob');
    expect(shapes.get('get_status_detailed')?.entity).toBe('status');
    expect(shapes.get('find_contacts_advanced')?.entity).toBe('contact');
  });

  it('drops a leading participle where one tool names the compound, and keeps it where several tools make it a type', () => {
    const shapes = read([
      tool('list_archived_folders'),
      tool('get_folder', { folder_id: text }),
      tool('list_pinned_messages', { channel: text }),
      tool('get_pinned_message', { channel: text, message_id: text }),
    ]);
    expect(shapes.get('list_archived_folders')?.entity).toBe('folder');
    expect(shapes.get('list_pinned_messages')?.entity).toBe('pinned_message');
  });

  it('drops an adjective that says which of a kind the service offers (supported, available)', () => {
    const shapes = read([
      tool('get_supported_cryptocurrencies'),
      tool('add_supported_cryptocurrency', { symbol: text }),
      tool('list-available-vaults'),
      tool('search-vault', { vault: text, query: text }),
    ]);
    expect(shapes.get('get_supported_cryptocurrencies')?.entity).toBe('cryptocurrency');
    expect(shapes.get('add_supported_cryptocurrency')?.entity).toBe('cryptocurrency');
    expect(shapes.get('list-available-vaults')?.entity).toBe('vault');
  });
});
