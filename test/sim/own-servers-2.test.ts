/**
 * Two more servers written by hand as a user would bring them, driven with no model over the real
 * platform (a real SQLite file, `app.fetch` in process): an alerting service whose alerts point at
 * their team as an object (`team: { id }`) and are listed by `team_ids` or by a query of
 * `field:value` terms joined by AND and OR (`status:open AND tag:database`), and a blob store
 * listed by the start of a blob's name (`prefix`).
 */
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { mockOnTools, useSimulatorHarness } from '../support/simulator-harness.js';

let harness: Harness;
useSimulatorHarness('mcpsim-own-servers-2-', (started) => (harness = started));

const object = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties, required });
const text = { type: 'string' };
const states = { type: 'string', enum: ['new', 'acknowledged', 'snoozed', 'closed'] };

const alertTools = [
  { name: 'create_team', description: 'Create a responder team.', inputSchema: object({ name: text }, ['name']) },
  {
    name: 'create_alert',
    description: 'Raise an alert for a team.',
    inputSchema: object(
      {
        message: text,
        priority: { type: 'string', enum: ['P1', 'P2', 'P3'] },
        team: object({ id: text }, ['id']),
        tags: { type: 'array', items: text },
      },
      ['message', 'team'],
    ),
  },
  {
    name: 'list_alerts',
    description: "List alerts. query takes field:value terms joined with AND or OR, e.g. 'status:open AND priority:P1'.",
    inputSchema: object({ query: text, team_ids: { type: 'array', items: text }, limit: { type: 'integer' } }),
  },
  { name: 'get_alert', description: 'Get an alert.', inputSchema: object({ alert_id: text }, ['alert_id']) },
  {
    name: 'set_alert_status',
    description: 'Move an alert to another status.',
    inputSchema: object({ alert_id: text, status: states }, ['alert_id', 'status']),
  },
];

const messages = (listed: { alerts: { message: string }[] }) => listed.alerts.map((alert) => alert.message).sort();

async function alertWorld() {
  const call = await mockOnTools(harness, { namespace: 'own', connection: 'alerts', tools: alertTools });
  const storage = await call('create_team', { name: 'Storage' });
  const web = await call('create_team', { name: 'Web' });
  const raise = async (message: string, priority: string, team: { id: string }, tags: string[]) =>
    call('create_alert', { message, priority, team: { id: team.id }, tags });
  await raise('Replica lag', 'P1', storage, ['database']);
  const old = await raise('Disk at 90%', 'P2', storage, ['database']);
  await raise('Login errors', 'P1', web, ['frontend']);
  await call('set_alert_status', { alert_id: old.id, status: 'closed' });
  return { call, storage, web };
}

describe('an alerting service driven with no model', () => {
  it('lists by team_ids the alerts whose team object holds one of the ids', async () => {
    const { call, storage, web } = await alertWorld();
    expect(messages(await call('list_alerts', { team_ids: [storage.id] }))).toEqual(['Disk at 90%', 'Replica lag']);
    expect(messages(await call('list_alerts', { team_ids: [web.id] }))).toEqual(['Login errors']);
  });

  it('reads a query of field:value terms joined by AND and OR, open meaning not closed', async () => {
    const { call } = await alertWorld();
    expect(messages(await call('list_alerts', { query: 'status:open AND tag:database' }))).toEqual(['Replica lag']);
    expect(messages(await call('list_alerts', { query: 'status:closed OR tag:frontend' }))).toEqual(['Disk at 90%', 'Login errors']);
    expect(messages(await call('list_alerts', { query: 'priority:P1 AND tag:frontend' }))).toEqual(['Login errors']);
  });
});

describe('a blob store driven with no model', () => {
  const blobTools = [
    { name: 'create_container', description: 'Create a container.', inputSchema: object({ container: text }, ['container']) },
    {
      name: 'upload_blob',
      description: 'Upload text as a blob in a container.',
      inputSchema: object({ container: text, blob_name: text, content: text }, ['container', 'blob_name', 'content']),
    },
    {
      name: 'list_blobs',
      description: 'List the blobs in a container, only those whose name begins with prefix when given.',
      inputSchema: object({ container: text, prefix: text, delimiter: text }, ['container']),
    },
  ];

  it('lists only the blobs whose name begins with the prefix, in that container', async () => {
    const call = await mockOnTools(harness, { namespace: 'own', connection: 'blobs', tools: blobTools });
    await call('create_container', { container: 'exports' });
    await call('create_container', { container: 'backups' });
    for (const name of ['2026/01/users.json', '2026/02/users.json', 'archive/2025.json'])
      await call('upload_blob', { container: 'exports', blob_name: name, content: '[]' });
    await call('upload_blob', { container: 'backups', blob_name: '2026/01/db.sql', content: '--' });
    const names = (listed: Record<string, unknown>) =>
      (Object.values(listed).find(Array.isArray) as { blob_name: string }[]).map((blob) => blob.blob_name).sort();
    expect(names(await call('list_blobs', { container: 'exports', prefix: '2026/' }))).toEqual([
      '2026/01/users.json',
      '2026/02/users.json',
    ]);
    expect(names(await call('list_blobs', { container: 'exports', prefix: 'archive/' }))).toEqual(['archive/2025.json']);
    expect(names(await call('list_blobs', { container: 'exports', prefix: 'nothing/' }))).toEqual([]);
  });

  it('folds the names below a delimiter into the prefixes it lists beside the blobs', async () => {
    const call = await mockOnTools(harness, { namespace: 'own', connection: 'blobs', tools: blobTools });
    await call('create_container', { container: 'exports' });
    for (const name of ['2026/readme.txt', '2026/01/users.json', '2026/02/users.json'])
      await call('upload_blob', { container: 'exports', blob_name: name, content: '[]' });
    const listed = await call('list_blobs', { container: 'exports', prefix: '2026/', delimiter: '/' });
    expect(listed.prefixes).toEqual(['2026/01/', '2026/02/']);
    expect((Object.values(listed).find(Array.isArray) as { blob_name: string }[]).map((blob) => blob.blob_name)).toEqual([
      '2026/readme.txt',
    ]);
  });
});
