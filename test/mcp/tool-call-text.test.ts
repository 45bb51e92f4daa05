/**
 * What a mock `tools/call` sends and logs: the answer's bytes, read in-process and over a real
 * socket, are what `JSON.stringify` of the JSON-RPC response writes, and the log holds the same
 * result (its arguments' text is the arguments key, src/domain/call-log-bounds.ts),
 * for a small result, one with characters JSON escapes, and one past the log's bound (logged cut,
 * answered whole), as JSON and as an SSE event.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxLoggedChars, truncatedMarker } from '../../src/domain/call-log-bounds.js';
import { doors, startHarness, testApiKey, type Harness } from '../support/harness.js';

const namespace = 'texts';
const server = {
  displayName: 'Notes',
  tools: [{ name: 'read_note', description: 'Read a note.', inputSchema: { type: 'object', properties: { id: { type: 'string' } } } }],
};
const results: Record<string, { content: { type: 'text'; text: string }[]; isError?: boolean }> = {
  small: { content: [{ type: 'text', text: 'ok' }] },
  escaped: { content: [{ type: 'text', text: 'line "one"\nline\ttwo \u2028 ünïcödé 🎉 \\ </script>' }], isError: false },
  large: { content: [{ type: 'text', text: 'x'.repeat(maxLoggedChars + 1000) }] },
};

describe.each(doors)('the text of a mock tool call answer (%s)', (door) => {
  let harness: Harness;
  let fixturesDir: string;

  beforeAll(async () => {
    fixturesDir = mkdtempSync(join(tmpdir(), 'mcpsim-texts-'));
    mkdirSync(join(fixturesDir, 'acme__notes'));
    const calls = Object.entries(results).map(([id, result]) => ({
      arguments: { id },
      occurrence: 1,
      result,
      recordedAt: '2026-01-01T00:00:00.000Z',
      model: null,
    }));
    writeFileSync(join(fixturesDir, 'acme__notes', 'read_note.json'), JSON.stringify({ server: '@acme/notes', tool: 'read_note', calls }));
    harness = await startHarness(door, { fixturesDir });
    expect((await harness.call('PUT', '/servers/@acme/notes', { body: server })).status).toBe(201);
    await harness.call('PUT', `/namespaces/${namespace}`);
    for (const id of ['json', 'sse'])
      expect(
        (await harness.call('PUT', `/connect/${namespace}/${id}`, { body: { server: '@acme/notes', mock: { enabled: true } } })).status,
      ).toBe(201);
  });
  afterAll(async () => {
    await harness.close();
    rmSync(fixturesDir, { recursive: true, force: true });
  });

  /** POSTs a tools/call and returns the answer's text as it arrived. */
  async function callTool(connection: string, id: string | number, note: string, accept: string): Promise<string> {
    const request = new Request(`${harness.baseUrl}/connect/${namespace}/${connection}/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${testApiKey}`, 'content-type': 'application/json', accept },
      body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'read_note', arguments: { id: note } } }),
    });
    const response = door === 'socket' ? await fetch(request) : await harness.platform.app.fetch(request);
    expect(response.status).toBe(200);
    return response.text();
  }

  const loggedResults = (connection: string) => {
    const { memory, accounts } = harness.platform.stores;
    return memory.load(memory.resolveKey(accounts.findLocal()!.id, namespace, connection)!).history.map((call) => call.result);
  };

  it('sends the bytes JSON.stringify writes, with the whole result, and logs the same result (cut past the bound)', async () => {
    const ids: (string | number)[] = [7, 'call-"8"', 9];
    const notes = Object.keys(results);
    for (const [index, note] of notes.entries()) {
      const text = await callTool('json', ids[index]!, note, 'application/json, text/event-stream');
      const answer = JSON.parse(text) as { result: Record<string, unknown> };
      const expected = {
        jsonrpc: '2.0',
        id: ids[index],
        result: { ...results[note], _meta: { 'mcpsim/source': 'fixture', 'mcpsim/sequence': index + 1 } },
      };
      expect(answer).toEqual(expected);
      expect(text).toBe(JSON.stringify(answer));
    }
    const logged = loggedResults('json');
    expect(logged.slice(0, 2)).toEqual([
      { ...results.small, _meta: { 'mcpsim/source': 'fixture', 'mcpsim/sequence': 1 } },
      { ...results.escaped, _meta: { 'mcpsim/source': 'fixture', 'mcpsim/sequence': 2 } },
    ]);
    expect(logged[2]!._meta?.[truncatedMarker]).toMatchObject({ chars: expect.any(Number) });
  });

  it('sends the same text as one SSE event to a client that does not take JSON', async () => {
    for (const [index, note] of Object.keys(results).entries()) {
      const text = await callTool('sse', index + 1, note, 'text/event-stream');
      const data = /^event: message\ndata: (.*)\n\n$/s.exec(text)?.[1];
      expect(data).toBeDefined();
      const answer = JSON.parse(data!) as unknown;
      expect(answer).toEqual({
        jsonrpc: '2.0',
        id: index + 1,
        result: { ...results[note], _meta: { 'mcpsim/source': 'fixture', 'mcpsim/sequence': index + 1 } },
      });
      expect(data).toBe(JSON.stringify(answer));
    }
  });
});
