/**
 * The nesting and size policy of JSON (domain/json-limits.ts) at every door: the original
 * requests of issue 16 (metadata 4,100 levels deep stored and then breaking the list; 5,000 levels
 * as a 500 on writes, tool calls and the MCP endpoint) now get a 400 naming the limit, and what
 * was accepted can always be read back.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../src/domain/clock.js';
import { jsonLimits } from '../../src/domain/json-limits.js';
import { loadScenarioText } from '../../src/scenario/load-scenario.js';
import { createReplaySource } from '../../src/sim/fixtures/replay-source.js';
import { importRegistry } from '../../src/store/registry-import.js';
import { doors, startHarness, type Harness } from '../support/harness.js';

/** `{"x": {"x": ... leaf}}`, `depth` objects deep, as text (JSON.stringify of such a value would overflow). */
const nestedText = (depth: number, leaf = '1') => `${'{"x":'.repeat(depth)}${leaf}${'}'.repeat(depth)}`;
const mcpHeaders = { accept: 'application/json, text/event-stream' };

describe.each(doors)('JSON past the nesting policy (%s)', (door) => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness(door);
    await harness.call('PUT', '/servers/@acme/deep', {
      body: { tools: [{ name: 'echo', inputSchema: { type: 'object' } }] },
    });
    await harness.call('PUT', '/connect/demo/mock', { body: { server: '@acme/deep', mock: { enabled: true } } });
  });
  afterAll(() => harness.close());

  it('refuses connection metadata 4,100 levels deep with 400 and keeps the list readable (issue 16, item 1)', async () => {
    for (const depth of [4100, 4106, 5000]) {
      const response = await harness.call('PUT', '/connect/demo/p', { rawBody: `{"metadata":{"x":${nestedText(depth)}}}` });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'validation_error', message: 'metadata.x.x.x…: nests deeper than 256 levels (the limit)' });
    }
    expect((await harness.call('GET', '/connect/demo/p')).status).toBe(404);
    expect((await harness.call('GET', '/connect/demo')).status).toBe(200);
  });

  it('stores metadata exactly as deep as the policy allows and reads it back, alone and in the list', async () => {
    // The body's own object is the first level; the metadata object the second.
    const depth = jsonLimits.maxDepth - 1;
    const mock = '"server":"@acme/deep","mock":{"enabled":true}';
    expect((await harness.call('PUT', '/connect/demo/deepest', { rawBody: `{${mock},"metadata":${nestedText(depth)}}` })).status).toBe(201);
    expect((await harness.call('GET', '/connect/demo/deepest')).status).toBe(200);
    const list = await harness.call('GET', '/connect/demo');
    expect(list.status).toBe(200);
    expect(list.body.connections.map((connection: { connectionId: string }) => connection.connectionId)).toContain('deepest');
    expect((await harness.call('PUT', '/connect/demo/too-deep', { rawBody: `{${mock},"metadata":${nestedText(depth + 1)}}` })).status).toBe(
      400,
    );
  });

  it('refuses a tool inputSchema 5,000 levels deep on PUT /servers with 400', async () => {
    const schema = `{"type":"object","properties":${nestedText(5000, '{}')}}`;
    const response = await harness.call('PUT', '/servers/@acme/deeper', { rawBody: `{"tools":[{"name":"t","inputSchema":${schema}}]}` });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('tools.0.inputSchema.properties…: nests deeper than 256 levels (the limit)');
  });

  it('answers tools/call with arguments 3,500 levels deep with a JSON-RPC error, not a 500', async () => {
    const message = `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"echo","arguments":{"a":${nestedText(3500)}}}}`;
    const response = await harness.call('POST', '/connect/demo/mock/mcp', { rawBody: message, headers: mcpHeaders });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'Invalid Request: params.arguments.a.x…: nests deeper than 256 levels (the limit)' },
    });
  });

  it('refuses REST tool arguments 3,500 levels deep with 400', async () => {
    const response = await harness.call('POST', '/connect/demo/mock/.tools/echo', { rawBody: `{"a":${nestedText(3500)}}` });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'validation_error', message: 'a.x.x.x…: nests deeper than 256 levels (the limit)' });
  });

  it('refuses a key longer than the policy allows', async () => {
    const response = await harness.call('PUT', '/connect/demo/long-key', { body: { metadata: { ['k'.repeat(1025)]: 1 } } });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(`metadata.${'k'.repeat(40)}…: has a key longer than 1024 characters (the limit)`);
  });

  it('refuses metadata over its size limit with 400 naming the limit', async () => {
    const response = await harness.call('PUT', '/connect/demo/big', { body: { metadata: { notes: 'x'.repeat(70_000) } } });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'validation_error', message: 'metadata: must be at most 65536 characters as JSON (the limit)' });
  });

  it('answers an MCP body over the size limit with 413 and a JSON-RPC error', async () => {
    const response = await harness.call('POST', '/connect/demo/mock/mcp', {
      rawBody: 'x'.repeat(16 * 1024 * 1024 + 1),
      headers: mcpHeaders,
    });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'Invalid Request: Request body is larger than 16777216 bytes' },
    });
  });

  it('logs no unhandled error', () => {
    expect(harness.logged).toEqual([]);
  });
});

describe('JSON past the nesting policy in files', () => {
  const directory = mkdtempSync(join(tmpdir(), 'mcpsim-json-policy-'));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it('reports a scenario file nested too deep as a problem, at any depth', () => {
    for (const depth of [300, 5000]) {
      const result = loadScenarioText(
        `name: deep\nnamespaces: [{ name: a, connections: [{ id: c, metadata: ${nestedText(depth)} }] }]\n`,
        'deep.yaml',
      );
      expect('problems' in result && result.problems[0]!.message).toMatch(/nests (deeper than 256 levels|too deep)/);
    }
  });

  it('reports a fixture file nested too deep as invalid, naming the limit', async () => {
    mkdirSync(join(directory, 'acme__deep'), { recursive: true });
    writeFileSync(
      join(directory, 'acme__deep', 'echo.json'),
      `{"calls":[{"arguments":{},"occurrence":1,"result":{"content":[]},"x":${nestedText(5000)}}]}`,
    );
    const source = createReplaySource({ directory });
    const resolution = await source.resolve({
      server: '@acme/deep',
      tool: 'echo',
      arguments: {},
      argumentsKey: '{}',
      occurrence: 1,
    } as never);
    expect(JSON.stringify(resolution)).toContain('calls.0.x.x…: nests deeper than 256 levels (the limit)');
  });

  it('refuses a registry import nested too deep, naming the file and the limit', async () => {
    const harness = await startHarness('in-process');
    try {
      const file = join(directory, 'servers.json');
      writeFileSync(file, `[{"qualifiedName":"@acme/x","tools":${nestedText(5000)}}]`);
      expect(() => importRegistry(harness.platform.stores, file, { clock: createManualClock('2026-01-01T00:00:00Z') })).toThrow(
        `${file}: 0.tools.x.x…: nests deeper than 256 levels (the limit)`,
      );
    } finally {
      await harness.close();
    }
  });
});
