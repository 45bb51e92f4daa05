import { afterEach, describe, expect, it } from 'vitest';
import { maxBodyBytes } from '../../src/api/http/body-budget.js';
import { apiError, errorCatalog, toErrorBody } from '../../src/errors.js';
import { doors, startHarness, testApiKey, type Harness } from '../support/harness.js';

describe('the error catalog', () => {
  it.each(Object.entries(errorCatalog))('maps %s to HTTP %i and a body of exactly {error, message}', (code, status) => {
    const error = apiError(code as keyof typeof errorCatalog, 'something failed');
    expect(error.status).toBe(status);
    expect(toErrorBody(error)).toEqual({ error: code, message: 'something failed' });
    expect(JSON.parse(JSON.stringify(error))).toEqual({ error: code, message: 'something failed' });
  });
});

describe.each(doors)('error responses as docs/decisions.md "Error bodies" has them (%s)', (door) => {
  let harness: Harness;
  afterEach(() => harness.close());

  it('answers 401 unauthorized for a missing, malformed or unknown credential', async () => {
    harness = await startHarness(door);
    const cases: [Record<string, string>, string][] = [
      [{}, 'Missing Authorization header'],
      [{ authorization: testApiKey }, 'Malformed Authorization header'],
      [{ authorization: 'Basic dXNlcjpwYXNz' }, 'Malformed Authorization header'],
      [{ authorization: 'Bearer not-the-key' }, 'Invalid API key'],
      [{ authorization: `Bearer ${testApiKey}x` }, 'Invalid API key'],
    ];
    for (const [headers, message] of cases) {
      for (const [method, path] of [
        ['GET', '/namespaces'],
        ['GET', '/connect/demo'],
        ['PUT', '/connect/demo/x'],
      ]) {
        const response = await harness.call(method!, path!, {
          key: null,
          headers,
          body: method === 'PUT' ? { mcpUrl: 'https://x.test/mcp' } : undefined,
        });
        expect(response.status).toBe(401);
        expect(response.body).toEqual({ error: 'unauthorized', message: expect.stringContaining(message) });
      }
    }
    // Scheme is case-insensitive, as HTTP says.
    expect((await harness.call('GET', '/namespaces', { key: null, headers: { authorization: `bearer ${testApiKey}` } })).status).toBe(200);
  });

  it('serves /health and /openapi.json without a credential', async () => {
    harness = await startHarness(door);
    const health = await harness.call('GET', '/health', { key: null });
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok', timestamp: '2026-01-01T00:00:00.000Z' });
    expect((await harness.call('GET', '/openapi.json', { key: null })).status).toBe(200);
  });

  it('answers 404 not_found for an unknown path', async () => {
    harness = await startHarness(door);
    const response = await harness.call('GET', '/no/such/route');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'not_found', message: 'No route for GET /no/such/route' });
  });

  it('answers 405 method_not_allowed with an Allow header for a wrong method on a known path', async () => {
    harness = await startHarness(door);
    for (const [method, path, allow] of [
      ['PATCH', '/connect/demo/x', 'GET, PUT, DELETE'],
      ['DELETE', '/connect/demo', 'GET, POST'],
      ['POST', '/health', 'GET'],
    ]) {
      const response = await harness.call(method!, path!);
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe(allow);
      expect(response.body).toEqual({ error: 'method_not_allowed', message: `${method} is not allowed on ${path}; allowed: ${allow}` });
    }
  });

  it('answers 413 payload_too_large for a body over the limit', async () => {
    harness = await startHarness(door);
    const response = await harness.call('PUT', '/connect/demo/big', { rawBody: JSON.stringify({ name: 'x'.repeat(maxBodyBytes) }) });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ error: 'payload_too_large', message: `Request body is larger than ${maxBodyBytes} bytes` });
  });

  it('answers 500 internal_error without leaking a stack, and logs the cause', async () => {
    harness = await startHarness(door);
    harness.platform.stores.close(); // the database is gone: every store call now throws
    const response = await harness.call('GET', '/connect/demo');
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ error: 'internal_error', message: 'Internal error: mcpsim hit a bug; the server log has the details' });
    expect(harness.logged.join('\n')).toContain('database connection is not open');
  });
});

describe.each(doors)('CORS for browser apps (%s)', (door) => {
  let harness: Harness;
  afterEach(() => harness.close());

  it('answers a preflight with 204 and the allowed methods and headers, before authentication', async () => {
    harness = await startHarness(door);
    const response = await harness.call('OPTIONS', '/connect/demo/x', {
      key: null,
      headers: {
        origin: 'http://localhost:3000',
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(response.headers.get('access-control-allow-methods')).toContain('PUT');
    expect(response.headers.get('access-control-allow-headers')).toBe('authorization, content-type');
  });

  it('lets a browser read responses and errors, including x-should-retry', async () => {
    harness = await startHarness(door);
    const origin = { origin: 'http://localhost:5173' };
    const ok = await harness.call('GET', '/connect/demo', { headers: origin });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    const denied = await harness.call('GET', '/connect/demo', { key: null, headers: origin });
    expect(denied.status).toBe(401);
    expect(denied.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(denied.headers.get('access-control-expose-headers')).toContain('x-should-retry');
  });

  it('adds no CORS headers to requests that are not from a browser', async () => {
    harness = await startHarness(door);
    const response = await harness.call('GET', '/health', { key: null });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });
});
