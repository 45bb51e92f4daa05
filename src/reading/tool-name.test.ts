import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { inferServerShapes } from './tool-operation.js';
import { readServer } from './read-server.js';
import { toCommonPrefix } from './tool-name.js';

const tool = (name: string, properties: Record<string, Record<string, unknown>> = {}, optional: string[] = []): ToolDefinition => ({
  name,
  inputSchema: { type: 'object', properties, required: Object.keys(properties).filter((key) => !optional.includes(key)) },
});
const text = { type: 'string' };

describe('verbs of operations tools run on infrastructure', () => {
  it('reads scale, upgrade, install and uninstall as an update, a create and a delete', () => {
    const shapes = inferServerShapes([
      tool('scale_deployment', { name: text, replicas: { type: 'integer' } }),
      tool('install_helm_chart', { chart: text, name: text }),
      tool('upgrade_helm_chart', { chart: text, name: text }),
      tool('uninstall_helm_chart', { name: text }),
    ]);
    expect(shapes.get('scale_deployment')).toMatchObject({ operation: 'update', entity: 'deployment', idArgument: 'name' });
    expect(shapes.get('install_helm_chart')).toMatchObject({ operation: 'create', entity: 'helm_chart' });
    expect(shapes.get('upgrade_helm_chart')).toMatchObject({ operation: 'update', entity: 'helm_chart' });
    expect(shapes.get('uninstall_helm_chart')).toMatchObject({ operation: 'delete', entity: 'helm_chart', idArgument: 'name' });
  });

  it('reads run_job as the create of a job when the server reads jobs, and as another action when not', () => {
    const run = tool('run_job', { component_id: text, configuration_id: text });
    expect(inferServerShapes([run, tool('get_job', { job_id: text })]).get('run_job')).toMatchObject({
      operation: 'create',
      entity: 'job',
    });
    expect(inferServerShapes([run]).get('run_job')).toMatchObject({ operation: 'other' });
  });

  it('reads un- and an update verb as an update that undoes it, and keeps the undoings the table has', () => {
    const shapes = inferServerShapes([
      tool('unassign_rota', { rota_id: text, person_id: text }),
      tool('unapprove_leave', { leave_id: text }),
      tool('unarchive_rota', { rota_id: text }),
      tool('unique_rotas', {}),
    ]);
    expect(shapes.get('unassign_rota')).toMatchObject({ operation: 'update', entity: 'rota', idArgument: 'rota_id', sets: {} });
    expect(shapes.get('unapprove_leave')).toMatchObject({ operation: 'update', entity: 'leave', sets: {} });
    expect(shapes.get('unarchive_rota')).toMatchObject({ operation: 'update', sets: { archived: false } });
    expect(shapes.get('unique_rotas')).toMatchObject({ operation: 'other' });
  });
});

describe('states, lists and ids the name or the schema says', () => {
  it('reads mark_<entity>_<state> as an update setting that state, on a list of ids', () => {
    const shape = inferServerShapes([tool('mark_detection_fixed', { detection_ids: { type: 'array' } }), tool('get_detection')]).get(
      'mark_detection_fixed',
    );
    expect(shape).toMatchObject({ operation: 'update', entity: 'detection', idArgument: 'detection_ids', sets: { state: 'fixed' } });
  });

  it('reads a channel history as a list of what a create posts to the channel, and thread replies as replies', () => {
    const shapes = inferServerShapes([
      tool('post_message', { channel_id: text, text }),
      tool('reply_to_thread', { channel_id: text, thread_ts: text, text }),
      tool('get_channel_history', { channel_id: text, limit: { type: 'number' } }, ['limit']),
      tool('get_thread_replies', { channel_id: text, thread_ts: text }),
    ]);
    expect(shapes.get('get_channel_history')).toMatchObject({ operation: 'list', entity: 'message' });
    expect(shapes.get('reply_to_thread')).toMatchObject({ operation: 'create', entity: 'reply' });
    expect(shapes.get('get_thread_replies')).toMatchObject({ operation: 'list', entity: 'reply' });
  });

  it('reads a queue, an inbox or a backlog as the list of what waits in it', () => {
    const shapes = inferServerShapes([
      tool('get_automation_queue', { workflow_id: text, email_id: text }),
      tool('get_inbox', { limit: { type: 'number' } }, ['limit']),
      tool('get_backlog', { project_id: text }),
    ]);
    expect([...shapes.values()].map((shape) => shape.operation)).toEqual(['list', 'list', 'list']);
  });

  it('reads find_<entity>_id(query) as a search of that entity', () => {
    expect(inferServerShapes([tool('find_component_id', { query: text })]).get('find_component_id')).toMatchObject({
      operation: 'search',
      entity: 'component',
    });
  });

  it('takes an id argument whose description names the entity', () => {
    const update = tool('update_sql_transformation', {
      configuration_id: { type: 'string', description: 'ID of the transformation configuration to update' },
      parameters: text,
    });
    expect(inferServerShapes([update]).get('update_sql_transformation')).toMatchObject({
      operation: 'update',
      entity: 'sql_transformation',
      idArgument: 'configuration_id',
    });
  });
});

describe('ids whose type follows the schema and whose owner the description names', () => {
  it('keeps a build number a string where the schema says string', () => {
    const shapes = inferServerShapes([
      tool('create_build', { pipeline_slug: text, message: text }),
      tool('get_build', { pipeline_slug: text, build_number: text }),
    ]);
    expect(shapes.get('get_build')).toMatchObject({ idArgument: 'build_number', idField: 'number', numericId: false });
    expect(shapes.get('create_build')).toMatchObject({ idField: 'number', numericId: false });
  });

  it('learns a message’s id format from an argument described as the timestamp of the parent message', () => {
    const tools = [
      tool('post_message', { channel_id: text, text }),
      tool('reply_to_thread', {
        channel_id: text,
        thread_ts: { type: 'string', description: "The timestamp of the parent message in the format '1234567890.123456'." },
        text,
      }),
    ];
    expect(readServer(tools).readings.get('post_message')?.idFormat.example).toMatch(/^\d{10}\.\d{6}$/);
  });

  it('makes a UUID where an argument that takes the id has format uuid', () => {
    const tools = [tool('list_users'), tool('get_user', { user_id: { type: 'string', format: 'uuid' } })];
    expect(readServer(tools).readings.get('list_users')?.idFormat.example).toMatch(/^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$/);
  });
});

describe('scopes and children', () => {
  it('reads list_<entities>_for_<owner> as a list of the entities', () => {
    expect(
      inferServerShapes([tool('list_assignments_for_user', { user_id: { type: 'integer' } })]).get('list_assignments_for_user'),
    ).toMatchObject({
      operation: 'list',
      entity: 'assignment',
    });
  });

  it('reads list_children(nodeId) as a list of nodes where the server knows nodes', () => {
    const shapes = inferServerShapes([tool('get_node', { nodeId: text }), tool('list_children', { nodeId: text })]);
    expect(shapes.get('list_children')).toMatchObject({ operation: 'list', entity: 'node' });
    expect(inferServerShapes([tool('list_children', { nodeId: text })]).get('list_children')).toMatchObject({ entity: 'child' });
  });
});

describe('the entity behind the words around it', () => {
  const entityOf = (name: string, properties: Record<string, Record<string, unknown>> = {}) =>
    inferServerShapes([tool(name, properties)]).get(name)?.entity;

  it('reads the entity of a part or a view of it: content, metadata, a cover, a raw form', () => {
    expect(entityOf('get_article_content', { article_id: text })).toBe('article');
    expect(entityOf('get_section_content_markdown', { section_id: text })).toBe('section');
    expect(entityOf('fetch_album_cover', { album_id: text })).toBe('album');
    expect(entityOf('read_blob_metadata', { blob_name: text })).toBe('blob');
    expect(entityOf('get_content')).toBe('content');
  });

  it('reads the entity an adjective picks some of, not a kind of its own', () => {
    expect(entityOf('get_active_sprint')).toBe('sprint');
    expect(entityOf('list_pending_invites')).toBe('invite');
  });

  it('spells out a short form services name the type in full', () => {
    expect(entityOf('get_doc', { doc_id: text })).toBe('document');
    expect(entityOf('list_org_teams')).toBe('organization_team');
  });

  it('reads <entities>_get_by_<key> as a read of one, and <verb>_<entity>_to_<other> as acting on the entity', () => {
    expect(inferServerShapes([tool('widgets-get-by-id', { widgetId: text })]).get('widgets-get-by-id')).toMatchObject({
      operation: 'read',
      entity: 'widget',
      idArgument: 'widgetId',
    });
    expect(entityOf('add_photo_to_album', { album_id: text, url: text })).toBe('photo');
    expect(entityOf('create_pin_on_map', { map_id: text, lat: text })).toBe('pin');
  });

  it('reads get_list as a read of a list the service keeps', () => {
    expect(inferServerShapes([tool('get_list', { list_id: text })]).get('get_list')).toMatchObject({ operation: 'read', entity: 'list' });
  });

  it('reads add_<entities>_to_<parent> with a list of objects as making them, not adding values to the parent', () => {
    const tools = [
      tool('get_shelf', { shelf_id: text }),
      tool('add_books_to_shelf', { shelf_id: text, books: { type: 'array', items: { type: 'object', properties: { title: text } } } }),
    ];
    expect(inferServerShapes(tools).get('add_books_to_shelf')).toMatchObject({ entity: 'book', listField: null });
  });
});

describe('an aspect after the verb of an entity named before it', () => {
  it('reads <entities>_get_<aspect> as the entity, and keeps properties after the verb a type of its own', () => {
    const shapes = inferServerShapes([
      tool('pages_get_content', { page_id: text }),
      tool('widgets_update_properties', { widget_id: text, properties: { type: 'object' } }),
      tool('sites_update_settings', { site_id: text, settings: { type: 'object' } }),
      tool('get_stock_properties', { location: text }),
    ]);
    expect(shapes.get('pages_get_content')?.entity).toBe('page');
    expect(shapes.get('widgets_update_properties')?.entity).toBe('widget');
    expect(shapes.get('sites_update_settings')?.entity).toBe('site');
    expect(shapes.get('get_stock_properties')?.entity).toBe('stock_property');
  });
});

describe('the common prefix of a server', () => {
  const named = (...names: string[]) => names.map((name) => ({ name }));

  it("is a first word every tool shares before its verb, even one that is a verb alone (Lemon Squeezy's ls)", () => {
    expect(toCommonPrefix(named('ls_get_store', 'ls_list_stores', 'ls_create_customer', 'ls_delete_discount'))).toBe('ls');
  });

  it('is no verb that the tools begin with (list_issues, list_users)', () => {
    expect(toCommonPrefix(named('list_issues', 'list_users', 'list_projects'))).toBeNull();
  });
});

describe('reads of all of a kind', () => {
  it('reads get_all_x as a list even when the noun has no plural form, and keeps a read that names one', () => {
    const shapes = inferServerShapes([
      tool('get_all_manual_crypto', {}),
      tool('get_all_synced_crypto', {}),
      tool('get_all_crypto', { crypto_id: text }),
      tool('get_crypto', { crypto_id: text }),
    ]);
    expect(shapes.get('get_all_manual_crypto')).toMatchObject({ operation: 'list', entity: 'manual_crypto' });
    expect(shapes.get('get_all_synced_crypto')).toMatchObject({ operation: 'list' });
    expect(shapes.get('get_all_crypto')).toMatchObject({ operation: 'read', idArgument: 'crypto_id' });
  });
});

describe('a listing noun after a plural', () => {
  it('reads get_projects_list as a list of projects, while a todo_list stays a kind of its own', () => {
    const shapes = inferServerShapes([
      tool('get_projects_list', {}),
      tool('get_project', { project_id: text }),
      tool('get_tasks_collection', { project_id: text }, ['project_id']),
      tool('list_todo_lists', {}),
      tool('get_todo_list', { todo_list_id: text }),
    ]);
    expect(shapes.get('get_projects_list')).toMatchObject({ operation: 'list', entity: 'project' });
    expect(shapes.get('get_tasks_collection')).toMatchObject({ operation: 'list', entity: 'task' });
    expect(shapes.get('list_todo_lists')).toMatchObject({ operation: 'list', entity: 'todo_list' });
  });
});

describe("an API's version in a tool name", () => {
  it('reads hire_v1_job_list and hire_v2beta1_offer_get as jobs and offers', () => {
    const shapes = inferServerShapes([
      tool('hire_v1_job_list', {}),
      tool('hire_v1_job_get', { job_id: text }),
      tool('hire_v2beta1_offer_get', { offer_id: text }),
    ]);
    expect(shapes.get('hire_v1_job_list')).toMatchObject({ operation: 'list', entity: 'job' });
    expect(shapes.get('hire_v1_job_get')).toMatchObject({ operation: 'read', entity: 'job' });
    expect(shapes.get('hire_v2beta1_offer_get')).toMatchObject({ operation: 'read', entity: 'offer' });
  });
});
