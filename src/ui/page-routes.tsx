import type { Hono } from 'hono';
import { errorText, segment } from './api-client.js';
import { Csrf, Json, Layout, Notice } from './layout.js';
import { connectionPath } from './memory-view.js';
import { RegistryResults, ServerPage, toMockId, type ServerDetail, type ServerList } from './registry-page.js';
import { ScenariosPage, type ScenarioRun } from './scenarios-page.js';
import { TokensPage } from './tokens-page.js';
import { apiOf, readForm, redirectWith, sessionOf, takeFlash, type UiContext } from './ui-context.js';

/**
 * The registry, tokens, scenarios and clock pages, each over the API's own operations.
 *
 * @example
 *   addPageRoutes(app, context); // on the sub-app mounted at /ui
 */
export function addPageRoutes(app: Hono, context: UiContext): void {
  app.get('/registry', async (c) => {
    const q = c.req.query('q') ?? '';
    const page = Math.max(1, Number.parseInt(c.req.query('page') ?? '1', 10) || 1);
    const answer = await apiOf(c).get<ServerList>(`/servers?pageSize=20&page=${page}&q=${segment(q)}`);
    const results = <RegistryResults answer={answer.ok ? answer.body : null} error={answer.ok ? null : errorText(answer)} q={q} />;
    if (c.req.query('fragment') === '1') return c.html(results);
    return c.html(
      <Layout title="Registry" page="registry" csrf={sessionOf(c).csrf}>
        <form method="get" action="/ui/registry" class="card" role="search">
          <label for="registry-q">Search servers</label>
          <input id="registry-q" name="q" value={q} data-search="/ui/registry" autocomplete="off" placeholder="e.g. github issues" />
          <button type="submit">Search</button>
        </form>
        <div id="results" aria-live="polite">
          {results}
        </div>
      </Layout>,
    );
  });

  app.get('/registry/:qualifiedName{.+}', async (c) => {
    const name = c.req.param('qualifiedName');
    const answer = await apiOf(c).get<ServerDetail>(`/servers/${name.split('/').map(segment).join('/')}`);
    const namespaces = await apiOf(c).get<{ namespaces: { name: string }[] }>('/namespaces?limit=100');
    if (!answer.ok)
      return c.html(
        <Layout title="Server not found" page="registry" csrf={sessionOf(c).csrf}>
          <Notice text={errorText(answer)} error />
        </Layout>,
        404,
      );
    return c.html(
      <ServerPage
        csrf={sessionOf(c).csrf}
        server={answer.body}
        namespaces={namespaces.ok ? namespaces.body.namespaces.map((n) => n.name) : []}
        {...takeFlash(c)}
      />,
    );
  });

  app.post('/registry/:qualifiedName{.+}/mock', async (c) => {
    const name = c.req.param('qualifiedName').replace(/\/mock$/, '');
    const form = await readForm(c);
    const namespace = form.get('namespace') ?? '';
    const connectionName = form.get('name')?.trim() ?? '';
    const id = form.get('id')?.trim() || toMockId(name);
    const path = `/connect/${segment(namespace)}/${segment(id)}`;
    // PUT would replace a connection of that id: the form only ever makes a new one.
    if ((await apiOf(c).get(path)).ok)
      return redirectWith(
        c,
        `/ui/registry/${name}`,
        `Could not mock ${name}: "${id}" is already a connection in ${namespace}; choose another id`,
        true,
      );
    const answer = await apiOf(c).put<{ connectionId: string }>(path, {
      server: name,
      mock: { enabled: true },
      ...(connectionName ? { name: connectionName } : {}),
    });
    if (!answer.ok) return redirectWith(c, `/ui/registry/${name}`, `Could not mock ${name}: ${errorText(answer)}`, true);
    return redirectWith(c, connectionPath(namespace, answer.body.connectionId), `Mock connection of ${name} created in ${namespace}.`);
  });

  app.get('/tokens', (c) => c.html(<TokensPage csrf={sessionOf(c).csrf} minted={null} error={null} />));
  app.post('/tokens', async (c) => {
    const form = await readForm(c);
    const constraint: Record<string, unknown> = {};
    const list = (field: string) =>
      (form.get(field) ?? '')
        .split(',')
        .map((value) => value.trim())
        .filter((value) => value !== '');
    for (const field of ['namespaces', 'resources', 'operations']) if (list(field).length > 0) constraint[field] = list(field);
    const ttl = form.get('ttl')?.trim();
    if (ttl) constraint.ttl = /^\d+$/.test(ttl) ? Number(ttl) : ttl;
    const metadata = form.get('metadata')?.trim();
    if (metadata) {
      const pair = /^([^=]+)=(.*)$/.exec(metadata);
      if (!pair)
        return c.html(<TokensPage csrf={sessionOf(c).csrf} minted={null} error={`metadata: "${metadata}" is not key=value`} />, 400);
      constraint.metadata = { [pair[1]!.trim()]: pair[2]!.trim() };
    }
    const answer = await apiOf(c).post<{ token: string; expiresAt: string }>(
      '/tokens',
      Object.keys(constraint).length === 0 ? {} : { policy: [constraint] },
    );
    const page = (
      <TokensPage csrf={sessionOf(c).csrf} minted={answer.ok ? answer.body : null} error={answer.ok ? null : errorText(answer)} />
    );
    return c.html(page, answer.ok ? 200 : 400);
  });

  app.get('/clock', async (c) => {
    const clock = await apiOf(c).get<{ now: string; virtual: boolean }>('/__mcpsim/clock');
    return c.html(<ClockPage csrf={sessionOf(c).csrf} clock={clock.body} {...takeFlash(c)} />);
  });
  app.post('/clock', async (c) => {
    const form = await readForm(c);
    const mode = form.get('mode') ?? '';
    const advance = form.get('advance')?.trim() ?? '';
    const set = form.get('set')?.trim() ?? '';
    const body = mode !== '' ? { mode } : set !== '' ? { set } : { advance: /^\d+$/.test(advance) ? Number(advance) : advance };
    const answer = await apiOf(c).post<{ now: string; virtual: boolean }>('/__mcpsim/clock', body);
    const done = answer.ok
      ? mode !== ''
        ? `Switched to the ${answer.body.virtual ? 'virtual' : 'system'} clock: it is now ${answer.body.now}.`
        : `The clock is now ${answer.body.now}.`
      : errorText(answer);
    return redirectWith(c, '/ui/clock', done, !answer.ok);
  });

  app.get('/scenarios', (c) => c.html(<ScenariosPage csrf={sessionOf(c).csrf} scenarios={context.scenarios?.list() ?? null} run={null} />));
  app.post('/scenarios/run', async (c) => {
    const name = (await readForm(c)).get('scenario') ?? '';
    const catalog = context.scenarios;
    const run: ScenarioRun = catalog
      ? { name, ...(await catalog.run(name)) }
      : { name, steps: [], error: 'No scenario files are loaded: start with mcpsim serve <files>' };
    const page = <ScenariosPage csrf={sessionOf(c).csrf} scenarios={catalog?.list() ?? null} run={run} />;
    return c.html(page);
  });
}

function ClockPage({
  csrf,
  clock,
  notice,
  error,
}: {
  csrf: string;
  clock: { now: string; virtual: boolean };
  notice: string | null;
  error: string | null;
}) {
  return (
    <Layout title="Clock" page="clock" csrf={csrf}>
      <Notice text={notice} />
      <Notice text={error} error />
      <section class="card">
        <p>
          It is{' '}
          <time id="clock-now" datetime={clock.now}>
            {clock.now}
          </time>{' '}
          on a {clock.virtual ? 'virtual clock (it moves only when you move it)' : 'system clock'}.
        </p>
        <form method="post" action="/ui/clock">
          <Csrf token={csrf} />
          <input type="hidden" name="mode" value={clock.virtual ? 'system' : 'virtual'} />
          <button type="submit">{clock.virtual ? 'Switch to the system clock' : 'Switch to a virtual clock'}</button>{' '}
          <span class="help">
            {clock.virtual
              ? 'back to real time; tokens and links stamped in the virtual time keep their dates'
              : 'frozen at the current time until you move it'}
          </span>
        </form>
        {clock.virtual ? (
          <div class="grid">
            <form method="post" action="/ui/clock">
              <Csrf token={csrf} />
              <label for="clock-advance">
                Advance by <span class="help">a duration (1h, 30m, 2d) or milliseconds</span>
              </label>
              <input id="clock-advance" name="advance" required placeholder="1h" />
              <button type="submit">Advance</button>
            </form>
            <form method="post" action="/ui/clock">
              <Csrf token={csrf} />
              <label for="clock-set">
                Set to <span class="help">an ISO 8601 date-time</span>
              </label>
              <input id="clock-set" name="set" required placeholder={clock.now} />
              <button type="submit">Set</button>
            </form>
          </div>
        ) : null}
      </section>
      <Json value={clock} />
    </Layout>
  );
}
