import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { inferServerShapes } from './tool-operation.js';

const tool = (name: string, properties: Record<string, unknown>, required: string[] = Object.keys(properties)): ToolDefinition => ({
  name,
  inputSchema: { type: 'object', properties, required },
});

const idOf = (tools: ToolDefinition[], name: string) => inferServerShapes(tools).get(name)?.idArgument;
const text = { type: 'string' };

describe('the id argument of a tool', () => {
  it('reads project-scoped numbers, uids, identifiers and handles as ids', () => {
    const tools = [
      tool('get_ticket', { space_id: text, ticket_iid: text }),
      tool('get_panel_by_uid', { uid: text }),
      tool('close_page', { identifier: text, identifierType: text }),
      tool('get_shelf_by_handle', { handle: text }),
    ];
    expect(idOf(tools, 'get_ticket')).toBe('ticket_iid');
    expect(idOf(tools, 'get_panel_by_uid')).toBe('uid');
    expect(idOf(tools, 'close_page')).toBe('identifier');
    expect(idOf(tools, 'get_shelf_by_handle')).toBe('handle');
  });

  it("reads a string identifier, Twilio's `Sid`, as the resource's own strong id and its `ConversationSid` as the parent's", () => {
    const tools = [
      tool('CreateConversation', { FriendlyName: text }, []),
      tool('FetchConversation', { Sid: text }),
      tool('DeleteConversationParticipant', { ConversationSid: text, Sid: text }),
    ];
    const shapes = inferServerShapes(tools);
    expect(shapes.get('FetchConversation')).toMatchObject({ operation: 'read', idArgument: 'Sid', idField: 'sid', strict: true });
    expect(shapes.get('DeleteConversationParticipant')).toMatchObject({ operation: 'delete', entity: 'participant', idArgument: 'Sid' });
  });

  it('takes the id whose description is the id of the entity over one that only mentions it as what its parent holds', () => {
    const described = (description: string) => ({ type: 'string', description });
    const tools = [
      tool('get_tray', { trayId: text }),
      tool('update_tray_slot', {
        trayId: described('ID of the tray containing the tray slot'),
        checkSlotId: described('ID of the tray slot to update'),
        label: text,
      }),
    ];
    expect(idOf(tools, 'update_tray_slot')).toBe('checkSlotId');
  });

  it("prefers the entity's own id to a bare id, which then names its parent", () => {
    const tools = [tool('list_folders', {}), tool('delete_folder_memo', { id: { type: 'number' }, memo_id: { type: 'number' } })];
    expect(idOf(tools, 'delete_folder_memo')).toBe('memo_id');
  });

  it("reads a bare id described as the entity's own over a list of its ids or an own id one action takes", () => {
    const described = (type: string, description: string) => ({ type, description });
    const tools = [
      {
        ...tool(
          'widgets',
          {
            action: described('string', 'Action to perform'),
            id: described('string', 'Widget ID (required for get/update/delete)'),
            widget_id: described('number', 'Numeric widget ID used by the preview action'),
            config: { type: 'object' },
          },
          ['action'],
        ),
        // Not 'Manage widgets …': a description opening with 'Manage' names no operation (manage-verb reading), and only a
        // tool read as acting on one widget takes an id argument.
        description: 'Update a widget, or list, get, create, delete or mute widgets.',
      },
      tool('update_gadget', { id: text, gadget_ids: { type: 'array', items: text } }, []),
      tool('delete_folder_memo', { id: described('number', 'ID of the folder holding the memo'), memo_id: { type: 'number' } }),
    ];
    expect(idOf(tools, 'update_gadget')).toBe('id');
    expect(idOf(tools, 'delete_folder_memo')).toBe('memo_id');
    expect(inferServerShapes(tools).get('widgets')?.idArgument).toBe('id');
  });

  it("reads a digest that names a record (`subscriber_hash`) as the entity's id, after the id of the list it sits in", () => {
    const tools = [tool('get_list', { list_id: text }), tool('get_subscriber', { list_id: text, subscriber_hash: text })];
    expect(inferServerShapes(tools).get('get_subscriber')).toMatchObject({ idArgument: 'subscriber_hash', idField: 'id', strict: true });
    expect(
      inferServerShapes([tool('get_list', { list_id: text }), tool('get_member', { list_id: text, subscriber_hash: text })]).get(
        'get_member',
      ),
    ).toMatchObject({ idArgument: 'subscriber_hash', idField: 'id' });
  });

  it("prefers the argument named for the entity's last word where two name its words (configKey, variationKey)", () => {
    const tools = [
      tool('get-ai-config-variation', { projectKey: text, configKey: text, variationKey: text }),
      tool('get-project-member', { orgId: text, projectId: text, memberId: text }),
    ];
    expect(idOf(tools, 'get-ai-config-variation')).toBe('variationKey');
    expect(idOf(tools, 'get-project-member')).toBe('memberId');
  });

  it('reads an item id as the id of an entity whose name ends in item', () => {
    const tools = [tool('list_items', {}), tool('get_widget_item', { canvasId: text, itemId: text })];
    expect(idOf(tools, 'get_widget_item')).toBe('itemId');
  });

  it('takes the last required id-like argument when none names the entity, skipping one named for another entity', () => {
    const tools = [
      tool('list_vaults', {}),
      tool('get_vault', { vault_name: text }),
      tool('read_label', { vault_name: text, parcel_name: text }),
      tool('get_region', { vault_name: text }),
      tool('get_blob', { letterUid: text, partId: text, display_name: text }),
    ];
    expect(idOf(tools, 'read_label')).toBe('parcel_name');
    expect(idOf(tools, 'get_region')).toBe('vault_name');
    expect(idOf(tools, 'get_blob')).toBe('partId');
  });

  it('reads such an id as made up when unknown, never a not-found', () => {
    const shapes = inferServerShapes([tool('list_vaults', {}), tool('read_label', { vault_name: text, parcel_name: text })]);
    expect(shapes.get('read_label')).toMatchObject({ idArgument: 'parcel_name', strict: false });
  });

  it('takes no id on a create, a list or another action', () => {
    const tools = [tool('create_parcel', { vault_name: text, title: text }), tool('list_parcels', { vault_name: text })];
    expect(idOf(tools, 'create_parcel')).toBeNull();
    expect(idOf(tools, 'list_parcels')).toBeNull();
  });

  it('never deletes another entity by its id alone, though a read of a view of it takes that id', () => {
    const tools = [
      tool('list_pull_requests', {}),
      tool('get_pull_request', { pull_request_number: { type: 'number' } }),
      tool('delete_draft', { pullNumber: { type: 'number' } }),
      tool('get_draft', { pullNumber: { type: 'number' } }),
    ];
    expect(idOf(tools, 'delete_draft')).toBeNull();
    expect(idOf(tools, 'get_draft')).toBe('pullNumber');
  });

  it('reads a plain key, path or name in the casing the service writes (Key, Path, Name) as the id, a strict one', () => {
    const tools = [
      tool('create_drawer', { Drawer: text }),
      tool('fetch_sheet', { Drawer: text, Key: text }),
      tool('get_page', { Space: text, Path: text }),
      tool('get_tag', { Name: text }),
    ];
    const shapes = inferServerShapes(tools);
    expect(shapes.get('fetch_sheet')).toMatchObject({ idArgument: 'Key', idField: 'key', strict: true });
    expect(shapes.get('get_page')).toMatchObject({ idArgument: 'Path', idField: 'path' });
    expect(shapes.get('get_tag')).toMatchObject({ idArgument: 'Name', idField: 'name' });
  });

  it("takes a copy's own key where another argument names its source, and none where nothing does", () => {
    const tools = [
      tool('get_sheet', { Key: text }),
      tool('copy_sheet', { Drawer: text, Key: text, CopySource: text }),
      tool('duplicate_sheet', { Key: text }),
    ];
    const shapes = inferServerShapes(tools);
    expect(shapes.get('copy_sheet')).toMatchObject({ operation: 'create', idArgument: 'Key', idField: 'key' });
    expect(shapes.get('duplicate_sheet')).toMatchObject({ operation: 'create', idArgument: null });
  });

  it('reads a filename as the key of a note or file, but not beside a real id of the thing', () => {
    const tools = [
      tool('create_note', { vault: text, filename: text, content: text }),
      tool('read_note', { vault: text, filename: text, folder: text }, ['vault', 'filename']),
      tool('upload_attachment', { issueKey: text, attachmentId: text, filename: text }, ['issueKey']),
    ];
    expect(idOf(tools, 'create_note')).toBe('filename');
    expect(idOf(tools, 'read_note')).toBe('filename');
    expect(idOf(tools, 'upload_attachment')).not.toBe('filename');
  });
});

describe('a key made of the entity’s word and a key word', () => {
  it('names the entity of a read, an update or a delete, never a list scoped by it nor a create', () => {
    const tools = [
      tool('create_user', { username: text, email: text }),
      tool('get_user', { username: text }),
      tool('update_user', { username: text, location: text }, ['username']),
      tool('get_host', { hostname: text }),
      tool('list_user_posts', { username: text }),
      tool('get_repository', { username: text }),
    ];
    const shapes = inferServerShapes(tools);
    expect(shapes.get('get_user')).toMatchObject({ operation: 'read', idArgument: 'username', idField: 'username' });
    expect(shapes.get('update_user')).toMatchObject({ operation: 'update', idArgument: 'username', idField: 'username' });
    expect(idOf(tools, 'get_host')).toBe('hostname');
    expect(idOf(tools, 'create_user')).toBeNull();
    expect(idOf(tools, 'list_user_posts')).toBeNull();
    // Another entity's word closed up with a key word is that entity's key, not this one's.
    expect(idOf(tools, 'get_repository')).not.toBe('username');
  });
});
