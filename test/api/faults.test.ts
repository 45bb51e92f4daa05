/**
 * The control API a scenario runner uses to make trouble: fault rules on a mock connection
 * (latency, an error on the n-th call, a status change after n calls), a forced status, and a
 * shared world for a namespace's mock connections. Calls answer from the synthesizing simulator,
 * so no fixtures are needed; in-process and over a real socket.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faultsSchema, sharedWorldSchema } from '../../src/api/schemas/fault-schemas.js';
import { connectionSchema } from '../../src/api/schemas/connection-schemas.js';
import type { CallLogEntry } from '../../src/domain/memory-log.js';
import { doors, startHarness, type Harness } from '../support/harness.js';
import { createNotesSource } from '../support/notes-source.js';
import { mint } from '../support/tokens.js';

const notes = {
  displayName: 'Acme Notes',
  config: {
    headers: { 'X-Notes-Key': { label: 'Notes key', required: true } },
    query: { region: { label: 'Region', required: true }, debug: { label: 'Debug' } },
  },
  tools: [
    {
      name: 'create_note',
      description: 'Create a note.',
      inputSchema: { type: 'object', properties: { id: { type: 'string' }, text: { type: 'string' } }, required: ['id'] },
    },
    { name: 'list_notes', description: 'List notes.', inputSchema: { type: 'object', properties: {} } },
  ],
};

describe.each(doors)('faults, forced statuses and shared worlds (%s)', (door) => {
  const namespace = 'faults';
  let harness: Harness;
  let fixturesDir: string;
  let serial = 0;

  beforeAll(async () => {
    fixturesDir = mkdtempSync(join(tmpdir(), 'mcpsim-faults-'));
    harness = await startHarness(door, { toolResults: createNotesSource(fixturesDir) });
    expect((await harness.call('PUT', '/servers/@acme/notes', { body: notes })).status).toBe(201);
    await harness.call('PUT', `/namespaces/${namespace}`);
    expect((await harness.call('PUT', `/connect/${namespace}/real`, { body: { mcpUrl: 'https://real.test/mcp' } })).status).toBe(201);
  });
  afterAll(async () => {
    await harness.close();
    rmSync(fixturesDir, { recursive: true, force: true });
  });

  const control = (id: string, rest: string, ns = namespace) => `/__mcpsim/connections/${ns}/${id}/${rest}`;

  /** A fresh mock connection on @acme/notes. */
  async function mockConnection(ns = namespace): Promise<string> {
    const id = `notes-${++serial}`;
    expect((await harness.call('PUT', `/connect/${ns}/${id}`, { body: { server: '@acme/notes', mock: { enabled: true } } })).status).toBe(
      201,
    );
    return id;
  }

  /** One tools/call through the MCP endpoint, JSON answer. */
  async function callTool(id: string, name: string, args: Record<string, unknown> = {}, ns = namespace) {
    return harness.call('POST', `/connect/${ns}/${id}/mcp`, {
      body: { jsonrpc: '2.0', id: ++serial, method: 'tools/call', params: { name, arguments: args } },
      headers: { accept: 'application/json, text/event-stream' },
    });
  }

  async function setFaults(id: string, faults: unknown[]) {
    const response = await harness.call('PUT', control(id, 'faults'), { body: { faults } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  }

  it('sets, shows and removes the rules, counting calls since they were set', async () => {
    const id = await mockConnection();
    const faults = [{ tool: 'list_notes', latency: 5 }, { error: { onCall: 9 } }];
    expect(faultsSchema.parse(await setFaults(id, faults))).toEqual({ faults, calls: 0 });
    await callTool(id, 'list_notes');
    await callTool(id, 'create_note', { id: 'n1' });
    expect((await harness.call('GET', control(id, 'faults'))).body).toEqual({ faults, calls: 2 });
    expect((await setFaults(id, faults)).calls).toBe(0);
    expect((await harness.call('DELETE', control(id, 'faults'))).body).toEqual({ success: true });
    expect((await harness.call('GET', control(id, 'faults'))).body).toEqual({ faults: [], calls: 0 });
  });

  it('waits out the latency before answering', async () => {
    const id = await mockConnection();
    await setFaults(id, [{ tool: 'list_notes', latency: '150ms' }]);
    let started = performance.now();
    const slow = await callTool(id, 'list_notes');
    expect(performance.now() - started).toBeGreaterThanOrEqual(145);
    expect(slow.status).toBe(200);
    expect(slow.body.result._meta['mcpsim/source']).toBe('synthetic');
    // Another tool is not delayed: with 100 s on list_notes, create_note answers within a tenth of it (no race on a busy machine).
    await setFaults(id, [{ tool: 'list_notes', latency: '100s' }]);
    started = performance.now();
    await callTool(id, 'create_note', { id: 'fast' });
    expect(performance.now() - started).toBeLessThan(10_000);
    const logged = (await harness.call('GET', control(id, 'memory'))).body.calls as CallLogEntry[];
    expect(logged[0]!.latencyMs).toBeGreaterThanOrEqual(145);
  });

  it('fails the 3rd call of a tool with the message, logged with source fault', async () => {
    const id = await mockConnection();
    await setFaults(id, [{ tool: 'list_notes', error: { onCall: 3, message: 'rate limited: try again in 20 s' } }]);
    const results = [];
    for (const name of ['list_notes', 'create_note', 'list_notes', 'create_note', 'list_notes', 'list_notes'])
      results.push((await callTool(id, name, name === 'create_note' ? { id: 'n' } : {})).body.result);
    expect(results.map((result) => result._meta['mcpsim/source'])).toEqual([
      'synthetic',
      'synthetic',
      'synthetic',
      'synthetic',
      'fault',
      'synthetic',
    ]);
    expect(results[4]).toEqual({
      content: [{ type: 'text', text: 'rate limited: try again in 20 s' }],
      isError: true,
      _meta: { 'mcpsim/source': 'fault', 'mcpsim/sequence': 5 },
    });
    const logged = (await harness.call('GET', control(id, 'memory'))).body.calls as CallLogEntry[];
    expect(logged.map((entry) => entry.source)).toEqual(['synthetic', 'synthetic', 'synthetic', 'synthetic', 'fault', 'synthetic']);
  });

  it('counts every call for a rule without a tool, and fails even a call with invalid arguments', async () => {
    const id = await mockConnection();
    await setFaults(id, [{ error: { onCall: 2 } }]);
    await callTool(id, 'list_notes');
    const second = (await callTool(id, 'create_note', {})).body.result;
    expect(second.isError).toBe(true);
    expect(second._meta['mcpsim/source']).toBe('fault');
    expect(second.content[0].text).toContain('call 2');
    expect((await callTool(id, 'create_note', {})).body.result._meta['mcpsim/source']).toBe('validation');
  });

  it('applies the faults to the REST tool route too', async () => {
    const id = await mockConnection();
    await setFaults(id, [{ error: { onCall: 1, message: 'boom' } }]);
    const response = await harness.call('POST', `/connect/${namespace}/${id}/.tools/list_notes`, { body: {} });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ isError: true, content: [{ type: 'text', text: 'boom' }], _meta: { 'mcpsim/source': 'fault' } });
  });

  it('moves the connection to auth_required after 2 calls; then the MCP endpoint answers 401 with the setup link', async () => {
    const id = await mockConnection();
    await setFaults(id, [{ status: { after: 2, state: 'auth_required' } }]);
    expect((await callTool(id, 'list_notes')).status).toBe(200);
    expect((await harness.call('GET', `/connect/${namespace}/${id}`)).body.status).toEqual({ state: 'connected' });
    expect((await callTool(id, 'list_notes')).body.result.isError).toBeFalsy();
    const status = (await harness.call('GET', `/connect/${namespace}/${id}`)).body.status;
    expect(status.state).toBe('auth_required');
    expect(status.setupUrl).toMatch(new RegExp(`^${harness.baseUrl.replace(/[.]/g, '\\.')}/__mcpsim/setup/`));
    const refused = await callTool(id, 'list_notes');
    expect(refused.status).toBe(401);
    expect(refused.body.error).toMatchObject({ code: -32001, data: { setupUrl: status.setupUrl } });
    expect((await harness.call('GET', control(id, 'faults'))).body.calls).toBe(2);
  });

  it('moves the connection to error with the rule message after calls of one tool', async () => {
    const id = await mockConnection();
    await setFaults(id, [{ tool: 'create_note', status: { after: 1, state: 'error', message: 'the notes backend is down' } }]);
    await callTool(id, 'list_notes');
    expect((await harness.call('GET', `/connect/${namespace}/${id}`)).body.status).toEqual({ state: 'connected' });
    await callTool(id, 'create_note', { id: 'x' });
    expect((await harness.call('GET', `/connect/${namespace}/${id}`)).body.status).toEqual({
      state: 'error',
      message: 'the notes backend is down',
    });
  });

  it.each([
    ['connected', undefined, { state: 'connected' }],
    ['disconnected', undefined, { state: 'disconnected' }],
    ['error', 'quota exceeded', { state: 'error', message: 'quota exceeded' }],
  ] as const)('forces the status %s', async (state, message, expected) => {
    const id = await mockConnection();
    const response = await harness.call('PUT', control(id, 'status'), { body: { state, ...(message ? { message } : {}) } });
    expect(response.status).toBe(200);
    expect(connectionSchema.parse(response.body).status).toEqual(expected);
    expect((await harness.call('GET', `/connect/${namespace}/${id}`)).body).toEqual(response.body);
  });

  it('forces auth_required with a setup link, and the endpoint refuses with it', async () => {
    const id = await mockConnection();
    const response = await harness.call('PUT', control(id, 'status'), { body: { state: 'auth_required' } });
    expect(response.body.status).toEqual({
      state: 'auth_required',
      setupUrl: expect.stringContaining(`${harness.baseUrl}/__mcpsim/setup/`),
    });
    const refused = await callTool(id, 'list_notes');
    expect(refused.status).toBe(401);
    expect(refused.body.error.data.setupUrl).toBe(response.body.status.setupUrl);
    // And back: connected answers again.
    expect((await harness.call('PUT', control(id, 'status'), { body: { state: 'connected' } })).status).toBe(200);
    expect((await callTool(id, 'list_notes')).status).toBe(200);
  });

  it('forces input_required with the registry config and every required name missing', async () => {
    const id = await mockConnection();
    const response = await harness.call('PUT', control(id, 'status'), { body: { state: 'input_required' } });
    expect(response.status).toBe(200);
    expect(response.body.status).toEqual({
      state: 'input_required',
      setupUrl: expect.stringContaining('/__mcpsim/setup/'),
      http: notes.config,
      missing: { headers: ['X-Notes-Key'], query: ['region'] },
    });
    const refused = await callTool(id, 'list_notes');
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: -32002,
      data: { http: notes.config, missing: { headers: ['X-Notes-Key'], query: ['region'] } },
    });
  });

  it('forces a status on a real connection too', async () => {
    const response = await harness.call('PUT', control('real', 'status'), { body: { state: 'error', message: 'down' } });
    expect(response.status).toBe(200);
    expect(response.body.status).toEqual({ state: 'error', message: 'down' });
  });

  it('shares one memory between the mock connections of a namespace', async () => {
    const ns = 'shared';
    await harness.call('PUT', `/namespaces/${ns}`);
    const a = await mockConnection(ns);
    const b = await mockConnection(ns);
    // Empty worlds, not the example note a new mock starts with: the shared memory then holds only what the calls make.
    for (const id of [a, b])
      expect((await harness.call('PUT', control(id, 'simulation', ns), { body: { world: { entities: {}, facts: [] } } })).status).toBe(200);
    expect((await callTool(b, 'list_notes', {}, ns)).status).toBe(200);
    const enabled = await harness.call('PUT', `/__mcpsim/namespaces/${ns}/shared-world`, { body: { enabled: true } });
    expect(enabled.status).toBe(200);
    expect(sharedWorldSchema.parse(enabled.body)).toEqual({ namespace: ns, enabled: true, connections: [a, b] });

    await callTool(a, 'create_note', { id: 'n1', text: 'from A' }, ns);
    const memoryOfB = (await harness.call('GET', control(b, 'memory', ns))).body;
    expect(memoryOfB.world.entities.note).toEqual({ n1: { text: 'from A' } });
    expect(memoryOfB.calls.map((entry: CallLogEntry) => [entry.sequence, entry.tool])).toEqual([[1, 'create_note']]);
    const fromB = await callTool(b, 'list_notes', {}, ns);
    expect(fromB.body.result._meta['mcpsim/sequence']).toBe(2);

    // A mock connection created later joins; both see the same log.
    const c = await mockConnection(ns);
    await callTool(c, 'create_note', { id: 'n2' }, ns);
    const memoryOfA = (await harness.call('GET', control(a, 'memory', ns))).body;
    expect(memoryOfA.calls.map((entry: CallLogEntry) => entry.sequence)).toEqual([1, 2, 3]);
    expect(Object.keys(memoryOfA.world.entities.note)).toEqual(['n1', 'n2']);

    // Disabled: each connection has its own memory again (B's call from before sharing is still there).
    const disabled = await harness.call('PUT', `/__mcpsim/namespaces/${ns}/shared-world`, { body: { enabled: false } });
    expect(disabled.body).toEqual({ namespace: ns, enabled: false, connections: [] });
    expect((await harness.call('GET', control(b, 'memory', ns))).body.calls.map((entry: CallLogEntry) => entry.tool)).toEqual([
      'list_notes',
    ]);
    expect((await harness.call('GET', control(a, 'memory', ns))).body.calls).toHaveLength(3);
  });

  it('keeps calls to connections sharing a world in one order when they arrive together', async () => {
    const ns = 'together';
    await harness.call('PUT', `/namespaces/${ns}`);
    const a = await mockConnection(ns);
    const b = await mockConnection(ns);
    await harness.call('PUT', `/__mcpsim/namespaces/${ns}/shared-world`, { body: { enabled: true } });
    const results = await Promise.all(
      [0, 1, 2, 3, 4, 5].map((index) => callTool(index % 2 ? a : b, 'create_note', { id: `n${index}` }, ns)),
    );
    expect(results.map((result) => result.body.result._meta['mcpsim/sequence']).sort((x: number, y: number) => x - y)).toEqual([
      1, 2, 3, 4, 5, 6,
    ]);
    expect((await harness.call('GET', control(b, 'memory', ns))).body.nextSequence).toBe(7);
  });

  it('answers 404 for a missing namespace or connection, and 409 for faults on a real connection', async () => {
    const requests: [string, string, unknown?][] = [
      ['PUT', control('ghost', 'faults'), { faults: [] }],
      ['GET', control('ghost', 'faults')],
      ['DELETE', control('ghost', 'faults')],
      ['PUT', control('ghost', 'status'), { state: 'connected' }],
      ['PUT', control('x', 'faults', 'absent'), { faults: [] }],
      ['GET', control('x', 'faults', 'absent')],
      ['PUT', control('x', 'status', 'absent'), { state: 'connected' }],
      ['PUT', '/__mcpsim/namespaces/absent/shared-world', { enabled: true }],
    ];
    for (const [method, path, body] of requests) {
      const response = await harness.call(method, path, body === undefined ? {} : { body });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.body.error).toBe('not_found');
    }
    const real = await harness.call('PUT', control('real', 'faults'), { body: { faults: [{ latency: 5 }] } });
    expect(real.status).toBe(409);
    expect(real.body.message).toContain('not a mock connection');
  });

  it('rejects bad bodies with 400', async () => {
    const id = await mockConnection();
    for (const [path, body] of [
      [control(id, 'faults'), { faults: [{ latency: 'soon' }] }],
      [control(id, 'faults'), { faults: [{ error: { onCall: 0 } }] }],
      [control(id, 'faults'), { rules: [] }],
      [control(id, 'status'), { state: 'sleeping' }],
      [`/__mcpsim/namespaces/${namespace}/shared-world`, { enabled: 'yes' }],
    ] as const) {
      const response = await harness.call('PUT', path, { body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error).toBe('validation_error');
    }
  });

  it('bounds a latency written as text like the number form: "601s" is refused, "600s" accepted (issue 16, item 8)', async () => {
    const id = await mockConnection();
    const refused = await harness.call('PUT', control(id, 'faults'), { body: { faults: [{ latency: '601s' }] } });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: 'validation_error', message: 'faults.0.latency: must be at most 600000 ms (10m)' });
    expect((await harness.call('PUT', control(id, 'faults'), { body: { faults: [{ latency: 600_001 }] } })).status).toBe(400);
    expect((await harness.call('PUT', control(id, 'faults'), { body: { faults: [{ latency: '600s' }] } })).status).toBe(200);
  });

  it('accepts only the API key: a service token gets 403, no credential 401', async () => {
    const id = await mockConnection();
    const token = await mint(harness);
    const requests: [string, string, unknown?][] = [
      ['PUT', control(id, 'faults'), { faults: [] }],
      ['GET', control(id, 'faults')],
      ['DELETE', control(id, 'faults')],
      ['PUT', control(id, 'status'), { state: 'error' }],
      ['PUT', `/__mcpsim/namespaces/${namespace}/shared-world`, { enabled: true }],
    ];
    for (const [method, path, body] of requests) {
      const options = body === undefined ? {} : { body };
      const response = await harness.call(method, path, { ...options, key: token });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.body.error).toBe('forbidden');
      expect((await harness.call(method, path, { ...options, key: null })).status).toBe(401);
    }
    expect((await harness.call('GET', `/connect/${namespace}/${id}`)).body.status).toEqual({ state: 'connected' });
  });

  it('documents every route in /openapi.json', async () => {
    const document = (await harness.call('GET', '/openapi.json', { key: null })).body;
    expect(Object.keys(document.paths[control('{connectionId}', 'faults', '{namespace}')]).sort()).toEqual(['delete', 'get', 'put']);
    expect(Object.keys(document.paths[control('{connectionId}', 'status', '{namespace}')])).toEqual(['put']);
    expect(Object.keys(document.paths['/__mcpsim/namespaces/{namespace}/shared-world'])).toEqual(['put']);
  });
});
