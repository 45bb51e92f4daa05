import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../support/harness.js';

/**
 * "Bad input always gets a clear 4xx, never a 500": random JSON bodies, path segments and query
 * strings thrown at every route that takes input.
 */
describe('random bad input', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness('in-process');
  });
  afterAll(() => harness.close());

  const segment = fc.oneof(fc.constantFrom('demo', 'time', '@a/b', '.tools', '%2F', '..', 'a b', '%00', ''), fc.string({ maxLength: 12 }));
  const routes: [method: string, path: (a: string, b: string) => string][] = [
    ['PUT', (a, b) => `/connect/${a}/${b}`],
    ['POST', (a) => `/connect/${a}`],
    ['GET', (a, b) => `/connect/${a}/${b}`],
    ['GET', (a) => `/connect/${a}?limit=${b64(a)}&cursor=${b64(a)}&metadata.${b64(a)}=1`],
    ['DELETE', (a, b) => `/connect/${a}/${b}`],
    ['PUT', (a) => `/namespaces/${a}`],
    ['DELETE', (a) => `/namespaces/${a}`],
    ['GET', (a) => `/namespaces?page=${b64(a)}&pageSize=${b64(a)}`],
    [
      'GET',
      (a, b) => `/servers?q=${b64(a)}&page=${b64(b)}&topK=${b64(b)}&fields=${b64(a)}&ids=${b64(b)}&seed=${b64(a)}&verified=${b64(b)}`,
    ],
    ['GET', (a, b) => `/servers/${a}/${b}`],
    ['PUT', (a, b) => `/servers/${a}/${b}`],
    ['DELETE', (a, b) => `/servers/@${a}/${b}`],
    ['POST', () => '/tokens'],
  ];
  const b64 = (text: string) => encodeURIComponent(text);

  it('answers every route with a status below 500 and an {error, message} body on failure', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        segment,
        segment,
        fc.oneof(fc.json(), fc.string({ maxLength: 40 })),
        async ([method, path], a, b, body) => {
          let url: string;
          try {
            url = path(encodeURIComponent(a).replace(/%25(2F|00)/g, '%$1'), encodeURIComponent(b));
            new URL(url, 'http://x');
          } catch {
            return; // not a request a client could send
          }
          const response = await harness.call(method, url, method === 'GET' || method === 'DELETE' ? {} : { rawBody: body });
          expect(response.status, `${method} ${url} ${body}`).toBeLessThan(500);
          if (response.status >= 400) expect(Object.keys(response.body).sort()).toEqual(['error', 'message']);
        },
      ),
      { numRuns: 600, seed: 20261122 },
    );
    expect(harness.logged).toEqual([]);
  });
});
