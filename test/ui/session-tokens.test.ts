/**
 * The dashboard's connection page shows a mock connection's model tokens per call and for the
 * whole session, in process (`app.fetch`, a real SQLite database), the model an AI SDK test model.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MockLanguageModelV3 } from 'ai/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlatform, type Platform } from '../../src/platform/platform.js';
import { createToolResults } from '../../src/sim/tool-results.js';

const apiKey = 'tokens-test-key';
const host = '127.0.0.1:4010';
const answer = JSON.stringify({
  text: 'ok',
  structuredContentJson: null,
  isError: false,
  changes: { upserts: [], deletes: [], facts: [] },
});

describe('model tokens on the connection page', () => {
  let platform: Platform;
  const fixturesDir = mkdtempSync(join(tmpdir(), 'mcpsim-ui-tokens-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'mcpsim-ui-tokens-data-'));
  const request = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
    platform.app.request(path, { ...init, headers: { host, ...init.headers } });
  const api = (method: string, path: string, body?: unknown) =>
    request(path, {
      method,
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  beforeAll(async () => {
    const model = new MockLanguageModelV3({
      modelId: 'mock-sim',
      doGenerate: async () => ({
        content: [{ type: 'text' as const, text: answer }],
        finishReason: { unified: 'stop' as const, raw: 'stop' },
        usage: {
          inputTokens: { total: 900, noCache: 300, cacheRead: 600, cacheWrite: 0 },
          outputTokens: { total: 30, text: 30, reasoning: 0 },
        },
        warnings: [],
      }),
    });
    platform = createPlatform({
      apiKey,
      dataDir,
      toolResults: createToolResults({ fixturesDir, model: { model, modelId: 'mock-sim' } }),
    });
    const server = {
      displayName: 'Acme Notes',
      tools: [{ name: 'list_notes', description: 'List notes.', inputSchema: { type: 'object' } }],
    };
    expect((await api('PUT', '/servers/@acme/notes', server)).status).toBe(201);
    await api('PUT', '/namespaces/team');
    await api('PUT', '/connect/team/notes', { server: '@acme/notes', mock: { enabled: true } });
    for (const id of [1, 2, 3])
      await api('POST', '/connect/team/notes/mcp', {
        jsonrpc: '2.0',
        id,
        method: 'tools/call',
        params: { name: 'list_notes', arguments: { page: id } },
      });
  });
  afterAll(() => {
    platform.close();
    rmSync(fixturesDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  const connectionPage = async () => {
    const login = await request(`/?token=${platform.dashboard!.sessions.loginToken}`, { headers: { accept: 'text/html' } });
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    return (await request('/ui/connections/team/notes', { headers: { cookie } })).text();
  };

  it("shows each call's tokens and the session's total and mean per call, cached input tokens too", async () => {
    const page = await connectionPage();
    expect(page).toContain('900 in (600 cached) / 30 out tokens');
    expect(page).toContain(
      'Model tokens this session (when the page loaded): 2700 in (1800 cached) / 90 out over 3 model calls, 900 in / 30 out per call',
    );
  });

  it('keeps them in SQLite: a restart shows the same figures', async () => {
    platform.close();
    platform = createPlatform({ apiKey, dataDir });
    expect(await connectionPage()).toContain('2700 in (1800 cached) / 90 out over 3 model calls');
  });
});
