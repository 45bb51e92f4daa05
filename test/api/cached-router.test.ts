import { Hono } from 'hono';
import { TrieRouter } from 'hono/router/trie-router';
import { describe, expect, it } from 'vitest';
import { CachedRouter } from '../../src/api/http/cached-router.js';
import { toHonoPath } from '../../src/api/http/route-path.js';

/** The app's own patterns (lookaheads included), each route answering its name and parameters. */
function appWith(router: CachedRouter<never>) {
  const app = new Hono({ router });
  app.get(toHonoPath('/connect/{namespace}/.tools'), (c) => c.json({ route: 'namespace tools', ...c.req.param() }));
  app.get(toHonoPath('/connect/{namespace}/{connectionId}'), (c) => c.json({ route: 'connection', ...c.req.param() }));
  app.get(toHonoPath('/connect/{namespace}/{connectionId}/.tools/{toolPath}'), (c) => c.json({ route: 'tool', ...c.req.param() }));
  return app;
}

const get = async (app: Hono, path: string) => {
  const response = await app.request(path);
  return { status: response.status, body: response.status === 200 ? await response.json() : null };
};

describe('CachedRouter', () => {
  it('answers a path asked again as it answered it the first time, each path with its own parameters', async () => {
    const app = appWith(new CachedRouter());
    const paths = ['/connect/acme/.tools', '/connect/acme/crm', '/connect/acme/crm/.tools/issues/list', '/connect/other/crm', '/nope'];
    const first = await Promise.all(paths.map((path) => get(app, path)));
    expect(first).toEqual([
      { status: 200, body: { route: 'namespace tools', namespace: 'acme' } },
      { status: 200, body: { route: 'connection', namespace: 'acme', connectionId: 'crm' } },
      { status: 200, body: { route: 'tool', namespace: 'acme', connectionId: 'crm', toolPath: 'issues/list' } },
      { status: 200, body: { route: 'connection', namespace: 'other', connectionId: 'crm' } },
      { status: 404, body: null },
    ]);
    for (let round = 0; round < 3; round++) expect(await Promise.all(paths.map((path) => get(app, path)))).toEqual(first);
  });

  it('matches what the router it wraps matches, for more paths than it keeps', async () => {
    const cached = appWith(new CachedRouter());
    const plain = appWith(new CachedRouter(new TrieRouter()));
    // 1,100 distinct paths (more than the 1,024 kept), then the first ones again after they were dropped.
    const paths = Array.from({ length: 1100 }, (_, i) => `/connect/ns${i % 7}/conn-${i}`);
    for (const path of [...paths, ...paths.slice(0, 50)]) expect(await get(cached, path)).toEqual(await get(plain, path));
  });

  it('forgets what it kept when a route is added to a router that takes routes after matching, so a new route is found', async () => {
    const router = new CachedRouter<never>(new TrieRouter());
    const app = new Hono({ router });
    app.get('/a/:id', (c) => c.text(`a ${c.req.param('id')}`));
    expect(await (await app.request('/b/1')).text()).toBe('404 Not Found');
    app.get('/b/:id', (c) => c.text(`b ${c.req.param('id')}`));
    expect(await (await app.request('/b/1')).text()).toBe('b 1');
    expect(await (await app.request('/a/2')).text()).toBe('a 2');
  });

  it('does not keep a path longer than 512 characters, and still routes it', async () => {
    const app = appWith(new CachedRouter());
    const long = `/connect/acme/${'x'.repeat(600)}`;
    expect(await get(app, long)).toEqual({ status: 200, body: { route: 'connection', namespace: 'acme', connectionId: 'x'.repeat(600) } });
  });
});
