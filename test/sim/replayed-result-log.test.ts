/**
 * The call log keeps a replayed recording's answer as the client got it, `_meta` included, byte for
 * byte, read from disk as another process would: whatever way the runner makes the logged text
 * (a memo of each recording's text was tried and dropped, see bench/README.md), it must stay so.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useDiskHarness } from '../support/disk-harness.js';

const fixturesDir = mkdtempSync(join(tmpdir(), 'mcpsim-replayed-log-'));
mkdirSync(join(fixturesDir, 'acme__notes'));
const recorded = (occurrence: number, result: unknown) => ({ arguments: { id: 'n1' }, occurrence, result, model: null });
writeFileSync(
  join(fixturesDir, 'acme__notes', 'read_note.json'),
  JSON.stringify({
    server: '@acme/notes',
    tool: 'read_note',
    calls: [
      recorded(1, { content: [{ type: 'text', text: `a note "quoted" \\ é ${'x'.repeat(3000)}` }] }),
      recorded(2, { content: [{ type: 'text', text: 'traced' }], _meta: { trace: 't-1' } }),
      recorded(3, { isError: true, content: [{ type: 'text', text: 'gone' }] }),
    ],
  }),
);

describe('the log of a replayed tools/call', () => {
  const opened = useDiskHarness({ fixturesDir });

  it('stores the answer the client got, byte for byte, on each replay of a recording', async () => {
    const { harness, disk } = opened;
    const tool = { name: 'read_note', inputSchema: { type: 'object', properties: { id: { type: 'string' } } } };
    expect((await harness.call('PUT', '/servers/@acme/notes', { body: { displayName: 'Notes', tools: [tool] } })).status).toBe(201);
    await harness.call('PUT', '/namespaces/notes');
    expect((await harness.call('PUT', '/connect/notes/n', { body: { server: '@acme/notes', mock: { enabled: true } } })).status).toBe(201);
    const stored = disk.prepare<[number], { result: string }>(
      `SELECT m.result FROM memory_calls m JOIN connections c ON c.seq = m.connection_seq WHERE c.connection_id = 'n' AND m.sequence = ?`,
    );
    for (const id of [1, 2, 3]) {
      const response = await harness.call('POST', '/connect/notes/n/mcp', {
        body: { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'read_note', arguments: { id: 'n1' } } },
        headers: { accept: 'application/json, text/event-stream' },
      });
      expect(response.status).toBe(200);
      expect(response.body.result._meta).toMatchObject({ 'mcpsim/source': 'fixture', 'mcpsim/sequence': id });
      expect(stored.get(id)?.result).toBe(JSON.stringify(response.body.result));
    }
  });
});
