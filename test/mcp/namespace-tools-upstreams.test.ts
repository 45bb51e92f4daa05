/**
 * `GET /connect/{ns}/.tools` against real local MCP servers: a healthy one, one that hangs, one
 * that answers 401, one that answers garbage and one that closes the socket. Each gets its own
 * envelope; none stalls or fails the whole answer; connections waiting for authorization or
 * input are skipped without any upstream request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namespaceToolsSchema } from '../../src/api/schemas/tool-schemas.js';
import { doors, startHarness, type Harness } from '../support/harness.js';
import { startUpstream, type Upstream, type UpstreamKind } from '../support/upstream-servers.js';

const timeoutMs = 500;
const namespace = 'mixed';

describe.each(doors)('the namespace tool listing over real upstreams (%s)', (door) => {
  let harness: Harness;
  const upstreams = new Map<string, Upstream>();
  const credential = { name: 'x-api-key', value: 'k1' };

  beforeAll(async () => {
    harness = await startHarness(door, { upstreamTimeoutMs: timeoutMs });
    await harness.call('PUT', `/namespaces/${namespace}`);
    const kinds: [string, UpstreamKind][] = [
      ['healthy', 'healthy'],
      ['hanging', 'hanging'],
      ['locked', 'healthy'],
      ['garbage', 'garbage'],
      ['dropping', 'socket-close'],
      ['waiting', 'healthy'],
      ['needs-input', 'healthy'],
    ];
    for (const [id, kind] of kinds) upstreams.set(id, await startUpstream(kind, id === 'locked' ? { requireHeader: credential } : {}));
    // Created concurrently: the hanging one's probe takes the whole timeout.
    await Promise.all(
      [...upstreams].map(([id, upstream]) =>
        harness.call('PUT', `/connect/${namespace}/${id}`, {
          body: { mcpUrl: upstream.url, name: id, ...(id === 'locked' ? { headers: { 'x-api-key': 'k1' } } : {}) },
        }),
      ),
    );
    // 'locked' was connected; its upstream now refuses the stored key with 401.
    credential.value = 'rotated';
    // Two connections the listing must skip: one waiting for authorization, one for input.
    const { stores } = harness.platform;
    const namespaceId = stores.namespaces.get(stores.accounts.findLocal()!.id, namespace)!.id;
    const force = (id: string, status: Parameters<typeof stores.connections.setStatus>[1]['status']) =>
      stores.connections.setStatus(namespaceId, { ...stores.connections.get(namespaceId, id)!, status });
    force('waiting', { state: 'auth_required', setupUrl: 'http://127.0.0.1/setup' });
    force('needs-input', {
      state: 'input_required',
      http: { headers: { 'X-Key': { label: 'Key', required: true } } },
      missing: { headers: ['X-Key'], query: [] },
    });
  });
  afterAll(async () => {
    await harness.close();
    await Promise.all([...upstreams.values()].map((upstream) => upstream.close()));
  });

  it('answers one envelope per connection with tools or an error that says what failed, within the timeout', async () => {
    const skippedCount = () => upstreams.get('waiting')!.requests + upstreams.get('needs-input')!.requests;
    // The creation probes' last request (the GET stream the SDK opens after initialize, not awaited) can arrive late on a loaded machine.
    let skippedBefore = -1;
    while (skippedBefore !== skippedCount()) {
      skippedBefore = skippedCount();
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    const started = performance.now();
    const response = await harness.call('GET', `/connect/${namespace}/.tools`);
    const elapsed = performance.now() - started;
    expect(response.status).toBe(200);
    expect(namespaceToolsSchema.safeParse(response.body).success).toBe(true);
    const byId = Object.fromEntries(
      response.body.connections.map((envelope: { connectionId: string }) => [envelope.connectionId, envelope]),
    );
    expect(Object.keys(byId)).toEqual(['healthy', 'hanging', 'locked', 'garbage', 'dropping', 'waiting', 'needs-input']);
    expect(byId.healthy).toEqual({
      connectionId: 'healthy',
      name: 'healthy',
      status: { state: 'connected' },
      tools: [expect.objectContaining({ name: 'echo' }), expect.objectContaining({ name: 'add' })],
    });
    expect(byId.hanging.error).toEqual({
      code: 'upstream_error',
      message: expect.stringContaining(`did not answer within ${timeoutMs} ms`),
    });
    expect(byId.locked).toMatchObject({
      status: { state: 'auth_required' },
      error: { code: 'auth_required', message: expect.stringContaining('401') },
    });
    expect(byId.garbage.error).toEqual({ code: 'upstream_error', message: expect.stringContaining('is not an MCP endpoint') });
    expect(byId.dropping.error).toEqual({ code: 'upstream_error', message: expect.stringContaining('closed the connection') });
    expect(byId.waiting).toMatchObject({ status: { state: 'auth_required' }, error: { code: 'auth_required' } });
    expect(byId['needs-input']).toMatchObject({
      status: { state: 'input_required' },
      error: { code: 'input_required', message: expect.stringContaining('X-Key') },
    });
    for (const envelope of response.body.connections) expect('tools' in envelope !== 'error' in envelope).toBe(true);
    // Skipped without any upstream request.
    expect(skippedCount()).toBe(skippedBefore);
    // Bounded by the timeout, not stalled by the hanging upstream (a generous margin: machines are shared).
    expect(elapsed).toBeGreaterThanOrEqual(timeoutMs * 0.9);
    expect(elapsed).toBeLessThan(timeoutMs * 10);
  });

  it('reuses the upstream session: a second listing does not initialize the healthy upstream again', async () => {
    await harness.call('GET', `/connect/${namespace}/.tools?name=healthy`);
    const before = upstreams.get('healthy')!.requests;
    await harness.call('GET', `/connect/${namespace}/.tools?name=healthy`);
    expect(upstreams.get('healthy')!.requests - before).toBe(1);
  });
});
