/**
 * Two more servers written by hand as a user would bring them, driven with no model over the real
 * platform (a real SQLite file, `app.fetch` in process): an alerting service whose alerts point at
 * their team as an object (`team: { id }`) and are listed by `team_ids` or by a query of
 * `field:value` terms joined by AND and OR (`status:open AND tag:database`), and a blob store
 * listed by the start of a blob's name (`prefix`); a document vault whose documents are named by
 * a `Key` the caller gives, S3-style, and an on-call service whose actions name other entities by
 * id.
 */
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { mockOnTools, toolAnswers, useSimulatorHarness } from '../support/simulator-harness.js';

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

describe('an alert raised for a team the world does not hold', () => {
  it("answers a create naming its team as an object with an unknown id with the team's not-found", async () => {
    const { call } = await alertWorld();
    const answers = toolAnswers(harness, 'own/alerts');
    const refused = await answers('create_alert', { message: 'Orphan', team: { id: 'team_404' } });
    expect(refused.error).toMatch(/team_404 not found/i);
    expect(messages(await call('list_alerts', {}))).not.toContain('Orphan');
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

const vaultTools = [
  { name: 'create_vault', description: 'Creates a vault.', inputSchema: object({ Vault: text }, ['Vault']) },
  {
    name: 'put_document',
    description: 'Stores a document in a vault under a key, replacing any document with that key.',
    inputSchema: object({ Vault: text, Key: text, Content: text }, ['Vault', 'Key', 'Content']),
  },
  { name: 'get_document', description: 'Fetches a document.', inputSchema: object({ Vault: text, Key: text }, ['Vault', 'Key']) },
  { name: 'delete_document', description: 'Removes a document.', inputSchema: object({ Vault: text, Key: text }, ['Vault', 'Key']) },
  {
    name: 'delete_documents',
    description: 'Removes many documents of a vault in one request.',
    inputSchema: object(
      { Vault: text, Remove: object({ Documents: { type: 'array', items: object({ Key: text }, ['Key']) }, Quiet: { type: 'boolean' } }) },
      ['Vault', 'Remove'],
    ),
  },
  {
    name: 'update_documents',
    description: 'Changes the content of several documents of a vault.',
    inputSchema: object(
      { Vault: text, Change: object({ Documents: { type: 'array', items: object({ Key: text, Content: text }, ['Key']) } }) },
      ['Vault', 'Change'],
    ),
  },
  {
    name: 'copy_document',
    description: 'Copies a stored document to another key.',
    inputSchema: object({ Vault: text, Key: { type: 'string', description: 'Key of the copy' }, From: text }, ['Vault', 'Key', 'From']),
  },
];

describe('a document vault named by Key, driven with no model', () => {
  it('answers a read of a key it never stored, or one deleted, with the not-found of the document', async () => {
    const call = await mockOnTools(harness, { namespace: 'own', connection: 'vault', tools: vaultTools });
    await call('create_vault', { Vault: 'legal' });
    await call('put_document', { Vault: 'legal', Key: 'contracts/acme.txt', Content: 'Signed 2026-03-01' });
    expect(await call('get_document', { Vault: 'legal', Key: 'contracts/acme.txt' })).toMatchObject({ Content: 'Signed 2026-03-01' });
    const answers = toolAnswers(harness, 'own/vault');
    expect((await answers('get_document', { Vault: 'legal', Key: 'contracts/none.txt' })).error).toMatch(/not found/i);
    expect((await answers('delete_document', { Vault: 'legal', Key: 'contracts/acme.txt' })).error).toBeUndefined();
    expect((await answers('get_document', { Vault: 'legal', Key: 'contracts/acme.txt' })).error).toMatch(/not found/i);
  });

  it('deletes each document a batch names in the list its request object wraps', async () => {
    const call = await mockOnTools(harness, { namespace: 'own', connection: 'vault', tools: vaultTools });
    for (const Key of ['a.txt', 'b.txt', 'c.txt']) await call('put_document', { Vault: 'legal', Key, Content: Key });
    const answers = toolAnswers(harness, 'own/vault');
    const removed = await answers('delete_documents', { Vault: 'legal', Remove: { Documents: [{ Key: 'a.txt' }, { Key: 'c.txt' }] } });
    expect(removed.error).toBeUndefined();
    expect((await answers('get_document', { Vault: 'legal', Key: 'a.txt' })).error).toMatch(/not found/i);
    expect((await answers('get_document', { Vault: 'legal', Key: 'c.txt' })).error).toMatch(/not found/i);
    expect(await call('get_document', { Vault: 'legal', Key: 'b.txt' })).toMatchObject({ Content: 'b.txt' });
  });

  it('updates each document a batch names in the list its request object wraps', async () => {
    const call = await mockOnTools(harness, { namespace: 'own', connection: 'vault', tools: vaultTools });
    for (const Key of ['a.txt', 'b.txt']) await call('put_document', { Vault: 'legal', Key, Content: 'v1' });
    await call('update_documents', { Vault: 'legal', Change: { Documents: [{ Key: 'a.txt', Content: 'v2' }] } });
    expect(await call('get_document', { Vault: 'legal', Key: 'a.txt' })).toMatchObject({ Content: 'v2' });
    expect(await call('get_document', { Vault: 'legal', Key: 'b.txt' })).toMatchObject({ Content: 'v1' });
  });
});

describe('copies in a document vault named by Key', () => {
  it('makes the copy under the key it was given, from the source its vault/key path names', async () => {
    const call = await mockOnTools(harness, { namespace: 'own', connection: 'vault', tools: vaultTools });
    await call('put_document', { Vault: 'legal', Key: 'drafts/nda.txt', Content: 'Mutual NDA v3' });
    const copy = await call('copy_document', { Vault: 'legal', Key: 'final/nda.txt', From: 'legal/drafts/nda.txt' });
    expect(copy).toMatchObject({ Key: 'final/nda.txt', Content: 'Mutual NDA v3' });
    expect(await call('get_document', { Vault: 'legal', Key: 'final/nda.txt' })).toMatchObject({ Content: 'Mutual NDA v3' });
    const answers = toolAnswers(harness, 'own/vault');
    expect((await answers('copy_document', { Vault: 'legal', Key: 'final/x.txt', From: 'legal/drafts/none.txt' })).error).toMatch(
      /not found/i,
    );
  });
});

describe('a document vault described in words', () => {
  it('starts with the one vault its description names, under the name it was given', async () => {
    expect((await harness.call('PUT', '/servers/@qa/vault', { body: { tools: [...vaultTools, listVaults] } })).status).toBe(201);
    await harness.call('PUT', '/namespaces/own');
    const mock = { enabled: true, scenario: 'One vault, legal-2026, holding contracts and drafts.' };
    expect((await harness.call('PUT', '/connect/own/vault', { body: { server: '@qa/vault', mock } })).status).toBe(201);
    const answers = toolAnswers(harness, 'own/vault');
    expect(await answers('list_vaults', {})).toMatchObject({ vaults: [{ Vault: 'legal-2026' }] });
    expect((await answers('create_vault', { Vault: 'legal-2026' })).error).toMatch(/already exists/);
  });
});

const listVaults = { name: 'list_vaults', description: 'Lists the vaults.', inputSchema: object({}) };

const pagingTools = [
  { name: 'create_incident', description: 'Declares an incident.', inputSchema: object({ title: text }, ['title']) },
  { name: 'create_rotation', description: 'Creates an on-call rotation.', inputSchema: object({ name: text }, ['name']) },
  { name: 'list_rotations', description: 'Lists on-call rotations.', inputSchema: object({}) },
  {
    name: 'page',
    description: 'Pages whoever is on call in a rotation about an incident.',
    inputSchema: object({ incident_id: text, rotation_id: text, note: text }, ['incident_id', 'rotation_id']),
  },
];

describe('an on-call service driven with no model', () => {
  it("answers an action naming a rotation the world does not hold with the rotation's not-found", async () => {
    const call = await mockOnTools(harness, { namespace: 'own', connection: 'paging', tools: pagingTools });
    const incident = await call('create_incident', { title: 'Checkout down' });
    const rotation = await call('create_rotation', { name: 'Primary' });
    const answers = toolAnswers(harness, 'own/paging');
    expect((await answers('page', { incident_id: incident.id, rotation_id: rotation.id })).error).toBeUndefined();
    expect((await answers('page', { incident_id: incident.id, rotation_id: 'rotation_404' })).error).toMatch(/rotation_404 not found/i);
    expect((await answers('page', { incident_id: 'incident_404', rotation_id: rotation.id })).error).toMatch(/incident_404 not found/i);
  });
});
