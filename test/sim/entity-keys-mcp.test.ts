/**
 * An entity with two keys over the wire (issue 36): a Jira-like tracker (tools written for this test)
 * served by the platform in process, called with the MCP SDK's client. A created issue carries its
 * global id and its `OPS-n` key, a read by the key and a delete by the id act on the same record, and
 * a key no issue has is a not-found.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../../src/domain/registry.js';
import { createToolResults } from '../../src/sim/tool-results.js';
import { startHarness } from '../support/harness.js';
import { connectMockClient } from '../support/mock-client.js';

const emptyFixtures = mkdtempSync(join(tmpdir(), 'mcpsim-entity-keys-'));
afterAll(() => rmSync(emptyFixtures, { recursive: true, force: true }));

const object = (properties: Record<string, unknown>, required: string[]) => ({ type: 'object' as const, properties, required });
const text = { type: 'string' };
const tools: ToolDefinition[] = [
  {
    name: 'create_issue',
    description: 'Create a Jira issue',
    inputSchema: object({ project_key: text, summary: text }, ['project_key', 'summary']),
  },
  { name: 'get_issue', description: 'Get a Jira issue by its key', inputSchema: object({ issue_key: text }, ['issue_key']) },
  { name: 'delete_issue', description: 'Delete a Jira issue by its id', inputSchema: object({ issue_id: text }, ['issue_id']) },
];

describe('an issue named by its id and by its key, over MCP', () => {
  it('is read by its key and deleted by its id as one record, and an unknown key is not found', async () => {
    const harness = await startHarness('in-process', {
      toolResults: createToolResults({ fixturesDir: emptyFixtures, missPolicy: 'simulate' }),
    });
    const { call, close } = await connectMockClient(harness, { name: 'jira', tools });
    try {
      const first = await call('create_issue', { project_key: 'OPS', summary: 'Login fails' });
      expect(first.isError, first.text).toBe(false);
      const created = JSON.parse(first.text) as { id: string; key: string };
      expect(created.key).toBe('OPS-1');
      expect(created.id).not.toBe(created.key);
      expect(JSON.parse((await call('create_issue', { project_key: 'OPS', summary: 'Logout fails' })).text)).toMatchObject({
        key: 'OPS-2',
      });

      const read = await call('get_issue', { issue_key: 'OPS-1' });
      expect(read.isError, read.text).toBe(false);
      expect(JSON.parse(read.text)).toMatchObject({ id: created.id, summary: 'Login fails' });
      expect((await call('delete_issue', { issue_id: created.id })).isError).toBe(false);
      expect((await call('get_issue', { issue_key: 'OPS-1' })).isError).toBe(true);
      expect((await call('get_issue', { issue_key: 'OPS-99' })).isError).toBe(true);
    } finally {
      await close();
      await harness.close();
    }
  });
});
