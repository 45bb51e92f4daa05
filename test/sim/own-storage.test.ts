/**
 * An S3-like storage server written by hand as a user would bring it (`put_object(Bucket, Key,
 * Body)` answering `{ ETag, VersionId }`), driven with no model over the real platform (a real
 * SQLite file, `app.fetch` in process): keys scoped to their bucket, the receipt its output schema
 * names, and the objects a plain-text description puts in a bucket.
 */
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { mockOnTools, toolAnswers, useSimulatorHarness } from '../support/simulator-harness.js';

let harness: Harness;
useSimulatorHarness('mcpsim-own-storage-', (started) => (harness = started));

const object = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties, required });
const text = { type: 'string' };

const storageTools = [
  { name: 'create_bucket', description: 'Creates a new S3 bucket.', inputSchema: object({ Bucket: text, Region: text }, ['Bucket']) },
  { name: 'list_buckets', description: 'Lists all buckets owned by the caller.', inputSchema: object({}) },
  {
    name: 'put_object',
    description: 'Adds an object to a bucket.',
    inputSchema: object({ Bucket: text, Key: text, Body: text, ContentType: text }, ['Bucket', 'Key', 'Body']),
    outputSchema: object({ ETag: text, VersionId: text }, ['ETag']),
  },
  {
    name: 'get_object',
    description: 'Retrieves an object from a bucket.',
    inputSchema: object({ Bucket: text, Key: text }, ['Bucket', 'Key']),
  },
  {
    name: 'list_objects',
    description: 'Lists the objects in a bucket, only those whose key begins with Prefix when given.',
    inputSchema: object({ Bucket: text, Prefix: text }, ['Bucket']),
  },
  {
    name: 'delete_object',
    description: 'Removes an object from a bucket.',
    inputSchema: object({ Bucket: text, Key: text }, ['Bucket', 'Key']),
  },
];

describe('an S3-like storage server driven with no model', () => {
  it('keeps the same key in two buckets as two objects, each read, listed and deleted within its bucket', async () => {
    const call = await mockOnTools(harness, { namespace: 'own', connection: 'storage', tools: storageTools });
    await call('create_bucket', { Bucket: 'invoices' });
    await call('create_bucket', { Bucket: 'receipts' });
    await call('put_object', { Bucket: 'invoices', Key: 'a.txt', Body: 'one' });
    await call('put_object', { Bucket: 'receipts', Key: 'a.txt', Body: 'two' });
    expect(await call('get_object', { Bucket: 'invoices', Key: 'a.txt' })).toMatchObject({ Key: 'a.txt', Body: 'one' });
    expect(await call('get_object', { Bucket: 'receipts', Key: 'a.txt' })).toMatchObject({ Key: 'a.txt', Body: 'two' });
    expect((await call('list_objects', { Bucket: 'receipts' })).objects).toEqual([expect.objectContaining({ Key: 'a.txt', Body: 'two' })]);
    const answers = toolAnswers(harness, 'own/storage');
    expect((await answers('delete_object', { Bucket: 'receipts', Key: 'a.txt' })).error).toBeUndefined();
    expect((await answers('get_object', { Bucket: 'receipts', Key: 'a.txt' })).error).toMatch(/not found/i);
    expect(await call('get_object', { Bucket: 'invoices', Key: 'a.txt' })).toMatchObject({ Body: 'one' });
  });

  it('answers a put with the ETag and VersionId its output schema names, and holds the key once, as the tools spell it', async () => {
    const call = await mockOnTools(harness, { namespace: 'own', connection: 'storage', tools: storageTools });
    await call('create_bucket', { Bucket: 'invoices' });
    const put = await call('put_object', { Bucket: 'invoices', Key: 'a.txt', Body: 'one' });
    expect(put.ETag).toMatch(/^[0-9a-f]{32,40}$/);
    expect(put.VersionId).toEqual(expect.any(String));
    const other = await call('put_object', { Bucket: 'invoices', Key: 'b.txt', Body: 'two' });
    expect(other.ETag).not.toBe(put.ETag);
    const read = await call('get_object', { Bucket: 'invoices', Key: 'a.txt' });
    expect(read).toMatchObject({ Key: 'a.txt', ETag: put.ETag });
    expect(read.key).toBeUndefined();
  });
});

describe('a storage server described in words', () => {
  it('starts with the objects its description puts in a bucket, under their keys, in that bucket', async () => {
    expect((await harness.call('PUT', '/servers/@qa/storage', { body: { tools: storageTools } })).status).toBe(201);
    await harness.call('PUT', '/namespaces/own');
    const mock = { enabled: true, scenario: 'One bucket, invoices, holding two objects: 2026/01.pdf and 2026/02.pdf.' };
    expect((await harness.call('PUT', '/connect/own/storage', { body: { server: '@qa/storage', mock } })).status).toBe(201);
    const answers = toolAnswers(harness, 'own/storage');
    expect(await answers('list_buckets', {})).toMatchObject({ buckets: [{ Bucket: 'invoices' }] });
    expect((await answers('list_objects', { Bucket: 'invoices' })).objects).toEqual([
      expect.objectContaining({ Key: '2026/01.pdf', Bucket: 'invoices' }),
      expect.objectContaining({ Key: '2026/02.pdf', Bucket: 'invoices' }),
    ]);
    expect(await answers('get_object', { Bucket: 'invoices', Key: '2026/02.pdf' })).toMatchObject({ Key: '2026/02.pdf' });
    expect((await answers('list_objects', { Bucket: 'invoices' })).objects[0].key).toBeUndefined();
  });
});
