import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import {
  describesMany,
  fallbackIdArgument,
  hasIdLike,
  isCurrentUserRead,
  namesOne,
  namesOneObject,
  readsDetails,
} from './tool-kind-words.js';
import { inferServerShapes } from './tool-operation.js';

const tool = (name: string, properties: Record<string, unknown> = {}, required: string[] = Object.keys(properties)): ToolDefinition => ({
  name,
  inputSchema: { type: 'object', properties, required },
});
const text = { type: 'string' };

describe('a plural read that names one', () => {
  it('reads one when it must be given a bare id or the noun’s own id', () => {
    expect(namesOne('widgets_get', ['widget'], { id: text }, new Set(['id']))).toBe(true);
    expect(namesOne('fetch_gadgets', ['gadget'], { gadgetId: text }, new Set(['gadgetId']))).toBe(true);
  });

  it('still lists when the id names something else, is a list, or is optional', () => {
    expect(namesOne('get_order_lines', ['line'], { order_id: text }, new Set(['order_id']))).toBe(false);
    expect(namesOne('get_widgets', ['widget'], { id: { type: 'array' } }, new Set(['id']))).toBe(false);
    expect(namesOne('get_widgets', ['widget'], { id: text }, new Set())).toBe(false);
  });

  it('keeps a history given a bare id a list, and reads an activity given its own id', () => {
    expect(namesOne('get_page_history', ['history'], { id: text }, new Set(['id']))).toBe(false);
    expect(namesOne('get_activity', ['activity'], { activityId: text }, new Set(['activityId']))).toBe(true);
  });

  it('takes a bare id with two plural nouns as the first one’s, the scope of a list', () => {
    expect(namesOne('shops_orders', ['order'], { id: text }, new Set(['id']))).toBe(false);
  });

  it('reads get_widgets(id) as a read and shops_orders(id) as a list, through inferServerShapes', () => {
    const shapes = inferServerShapes([
      tool('get_widgets', { id: text }),
      tool('get_shops_orders', { id: text }),
      tool('get_widget_parts', { widget_id: text }),
    ]);
    expect(shapes.get('get_widgets')).toMatchObject({ operation: 'read', entity: 'widget', idArgument: 'id' });
    expect(shapes.get('get_shops_orders')?.operation).toBe('list');
    expect(shapes.get('get_widget_parts')?.operation).toBe('list');
  });
});

describe('the id an update or delete is guessed to name', () => {
  it('is the last required id-like argument, the most specific of a path', () => {
    expect(fallbackIdArgument({ shelf_id: text, slot_iid: text }, new Set(['shelf_id', 'slot_iid']))).toEqual({
      name: 'slot_iid',
      field: 'iid',
      strong: true,
    });
    expect(fallbackIdArgument({ identifier: text, note: text }, new Set(['identifier']))).toMatchObject({
      name: 'identifier',
      field: 'id',
    });
  });

  it('is a required list of ids when there is no single one, and nothing from optional or plain arguments', () => {
    expect(fallbackIdArgument({ ticket_ids: { type: 'array' }, reason: text }, new Set(['ticket_ids']))).toMatchObject({
      name: 'ticket_ids',
    });
    expect(fallbackIdArgument({ gadget_id: text, title: text }, new Set(['title']))).toBeNull();
  });

  it('keeps delete-sticker-element(boardId, elementId) a delete, and a bulk archive of ids a batch update', () => {
    const shapes = inferServerShapes([
      tool('delete-sticker-element', { boardId: text, elementId: text }),
      tool('bulk_archive', { ticket_ids: { type: 'array', items: text } }),
    ]);
    expect(shapes.get('delete-sticker-element')).toMatchObject({ operation: 'delete', idArgument: 'elementId', strict: true });
    expect(shapes.get('bulk_archive')).toMatchObject({ operation: 'update', idArgument: 'ticket_ids', sets: { archived: true } });
  });
});

describe('names without a verb', () => {
  it('reads a name ending in details or info', () => {
    expect(readsDetails('pluginDetails')).toBe(true);
    expect(readsDetails('account_info')).toBe(true);
    expect(readsDetails('folder_tree')).toBe(false);
    expect(inferServerShapes([tool('pluginDetails', { name: text })]).get('pluginDetails')).toMatchObject({
      operation: 'read',
      entity: 'plugin',
    });
  });
});

describe('verbs of lifecycles and of running', () => {
  const id = { alert_id: text };

  it('reads acknowledge, snooze, dismiss and confirm as updates that set a state', () => {
    const shapes = inferServerShapes(['acknowledge', 'snooze', 'dismiss', 'confirm'].map((verb) => tool(`${verb}_alert`, id)));
    expect(shapes.get('acknowledge_alert')).toMatchObject({ operation: 'update', entity: 'alert', sets: { state: 'acknowledged' } });
    expect(shapes.get('snooze_alert')?.sets).toEqual({ state: 'snoozed' });
    expect(shapes.get('dismiss_alert')?.sets).toEqual({ state: 'dismissed' });
    expect(shapes.get('confirm_alert')?.sets).toEqual({ state: 'confirmed' });
  });

  it('reads a submit of something that exists as a move to submitted, and a submit of something new as a create', () => {
    const shapes = inferServerShapes([tool('submit_expense', { expense_id: text }), tool('submit_feedback', { body: text })]);
    expect(shapes.get('submit_expense')).toMatchObject({ operation: 'update', idArgument: 'expense_id', sets: { state: 'submitted' } });
    expect(shapes.get('submit_feedback')?.operation).toBe('create');
  });

  it('reads execute_query as an action, not a search, and begin or trigger as a create', () => {
    const shapes = inferServerShapes([
      tool('execute_query', { sql: text }),
      tool('begin_session', {}),
      tool('trigger_build', { branch: text }),
      tool('subscribe_to_thread', { thread_id: text }),
    ]);
    expect(shapes.get('execute_query')?.operation).toBe('other');
    expect(shapes.get('begin_session')?.operation).toBe('create');
    expect(shapes.get('trigger_build')?.operation).toBe('create');
    expect(shapes.get('subscribe_to_thread')).toMatchObject({ operation: 'update', idArgument: 'thread_id', sets: {} });
  });
});

describe('writes, and what a client selects for itself', () => {
  it('reads a save or write that names nothing existing as a create, and one given an id as an update', () => {
    expect(hasIdLike({ to: text, subject: text }, new Set(['to', 'subject']))).toBe(false);
    const shapes = inferServerShapes([
      tool('save_memo', { to: text, subject: text }),
      tool('write_blob', { container_id: text, content: text }),
    ]);
    expect(shapes.get('save_memo')).toMatchObject({ operation: 'create', entity: 'memo' });
    expect(shapes.get('write_blob')?.operation).toBe('update');
  });

  it('reads set_active_project and set_focus as actions, not updates of the project or node', () => {
    const shapes = inferServerShapes([tool('set_active_project', { projectId: text }), tool('set_focus', { nodeId: text })]);
    expect(shapes.get('set_active_project')?.operation).toBe('other');
    expect(shapes.get('set_focus')?.operation).toBe('other');
  });

  it('keeps a read-only generate or validate an action rather than a read', () => {
    const readOnly = { annotations: { readOnlyHint: true } };
    const shapes = inferServerShapes([
      { ...tool('generate_share_url', { doc_id: text }), ...readOnly },
      { ...tool('validate_manifest', { content: text }), ...readOnly },
    ]);
    expect(shapes.get('generate_share_url')?.operation).toBe('other');
    expect(shapes.get('validate_manifest')?.operation).toBe('other');
  });
});

describe('the current user', () => {
  it('reads a read of the caller by its self word, or a person read its description says is the authenticated one', () => {
    expect(isCurrentUserRead('whoami', '', false)).toBe(true);
    expect(isCurrentUserRead('members_get_current', 'Get a member', false)).toBe(true);
    expect(isCurrentUserRead('get_user', "Get the current user's information", false)).toBe(true);
    expect(isCurrentUserRead('get_account', 'Returns the authenticated account. Needs a token', false)).toBe(true);
  });

  it('never reads a user named by an argument, nor a read that only mentions the user later', () => {
    expect(isCurrentUserRead('get_user', 'Get the current user', true)).toBe(false);
    expect(isCurrentUserRead('get_user', 'Get a user. The current user may read any user', false)).toBe(false);
    expect(isCurrentUserRead('list_teams', 'Teams where the current user is a member', false)).toBe(false);
  });
});

describe('one object or many', () => {
  it('reads settings, stats and docs as one object whatever their number', () => {
    expect(namesOneObject('getWorkspaceNotificationSettings')).toBe(true);
    expect(namesOneObject('get_api_docs')).toBe(true);
    expect(namesOneObject('get_widgets')).toBe(false);
    // The results of a run (an export job, an experiment) are its one output, not a list of kept things.
    expect(namesOneObject('get-board-export-job-results')).toBe(true);
    const shapes = inferServerShapes([tool('get_sync_settings', { vault_id: text }), tool('get_widgets', { shelf: text })]);
    expect(shapes.get('get_sync_settings')?.operation).toBe('read');
    expect(shapes.get('get_widgets')?.operation).toBe('list');
  });

  it('reads a description that starts with List, or a reading verb and a plural noun, as many', () => {
    expect(describesMany('List every parcel waiting at a depot.')).toBe(true);
    expect(describesMany('Get overdue parcels for the current courier.')).toBe(true);
    expect(describesMany('Fetch all stamps from the album')).toBe(true);
    expect(describesMany('Get details of a single parcel')).toBe(false);
    expect(describesMany('Get the routing config for a depot')).toBe(false);
    expect(describesMany('Get detailed delivery metrics and analysis')).toBe(false);
  });

  it('lists with a read verb when the description says many and no argument names one of its own', () => {
    const late = { ...tool('parcels-get-late', { depotId: text }, []), description: 'Get late parcels for the current courier.' };
    const one = { ...tool('get_parcel', { parcel_id: text }), description: 'Get parcels by id' };
    const journal = { ...tool('get_depot_journal', { depot_path: text }), description: 'Lists recent parcels of the depot' };
    const shapes = inferServerShapes([late, one, journal]);
    expect(shapes.get('parcels-get-late')?.operation).toBe('list');
    expect(shapes.get('get_parcel')?.operation).toBe('read');
    expect(shapes.get('get_depot_journal')?.operation).toBe('read');
  });
});
