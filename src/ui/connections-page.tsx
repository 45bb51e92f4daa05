import { hostedQualifiedNames } from '../domain/hosted-server.js';
import { segment, type ApiClient } from './api-client.js';
import { Badge, Csrf, Layout, Notice, TableHead } from './layout.js';
import { connectionPath } from './memory-view.js';

export interface ConnectionView {
  connectionId: string;
  name: string;
  transport?: string;
  mcpUrl: string | null;
  metadata: Record<string, unknown> | null;
  mock?: { enabled: boolean };
  status?: { state: string; setupUrl?: string; message?: string };
  serverInfo?: { name: string; version: string };
}

/**
 * What answers a connection's tools, in a word: `mock`, `simulated · hosted URL` for a hosted
 * server URL (`smithery mcp add owner/name`; mcpsim plays that server, docs/decisions.md "Hosted
 * server URLs"), else `real`; then its transport.
 */
export function toKindLabel(connection: ConnectionView): string {
  const transport = connection.transport ?? 'http';
  if (connection.mock?.enabled) return `mock · ${transport}`;
  if (transport === 'http' && connection.mcpUrl !== null && hostedQualifiedNames(connection.mcpUrl).length > 0)
    return 'simulated · hosted URL';
  return `real · ${transport}`;
}

/** How many connections the page lists at most (a filter narrows them). */
export const connectionsShown = 200;

/** A connection's state as a badge; the setup link or error message beside it. */
export function StatusBadge({ connection }: { connection: ConnectionView }) {
  const status = connection.status;
  if (!status) return <Badge kind="connected" text="mock" />;
  return (
    <>
      <Badge kind={status.state} />
      {status.setupUrl ? (
        <>
          {' '}
          <a href={status.setupUrl}>set up</a>
        </>
      ) : null}
      {status.message ? <span class="help">{status.message}</span> : null}
    </>
  );
}

/**
 * Every namespace with its connections, read through `GET /namespaces` and `GET /connect/{ns}`
 * (pages of 100). `name` keeps connections whose name or id contains it; `meta` (`key=value`) is
 * the API's own metadata filter.
 *
 * @example
 *   const { groups, more } = await loadConnections(api, 'crm', 'team=sales');
 */
export async function loadConnections(api: ApiClient, name: string, meta: string) {
  const namespaces = await api.get<{ namespaces: { name: string }[] }>('/namespaces?limit=100');
  const filter = toMetadataFilter(meta);
  const groups: { namespace: string; connections: ConnectionView[]; error: string | null }[] = [];
  let shown = 0;
  let more = false;
  for (const { name: namespace } of namespaces.ok ? namespaces.body.namespaces : []) {
    const connections: ConnectionView[] = [];
    let cursor: string | null = null;
    let error: string | null = null;
    do {
      const answer: { ok: boolean; body: { connections: ConnectionView[]; nextCursor: string | null; message?: string } } = await api.get(
        `/connect/${segment(namespace)}?limit=100${filter}${cursor ? `&cursor=${segment(cursor)}` : ''}`,
      );
      if (!answer.ok) {
        error = answer.body.message ?? 'could not list connections';
        break;
      }
      for (const connection of answer.body.connections) {
        if (name !== '' && !`${connection.name}\n${connection.connectionId}`.toLowerCase().includes(name.toLowerCase())) continue;
        if (shown >= connectionsShown) {
          more = true;
          break;
        }
        connections.push(connection);
        shown++;
      }
      cursor = more ? null : answer.body.nextCursor;
    } while (cursor !== null);
    groups.push({ namespace, connections, error });
  }
  return { groups, more };
}

function toMetadataFilter(meta: string): string {
  const match = /^([^=]+)=(.*)$/.exec(meta.trim());
  return match ? `&metadata.${segment(match[1]!.trim())}=${segment(match[2]!.trim())}` : '';
}

/** The connections page: a filter form, then each namespace's connections in a table. */
export function ConnectionsPage({
  csrf,
  name,
  meta,
  data,
  notice,
  error,
}: {
  csrf: string;
  name: string;
  meta: string;
  data: Awaited<ReturnType<typeof loadConnections>>;
  notice?: string | null;
  error?: string | null;
}) {
  return (
    <Layout title="Connections" page="connections" csrf={csrf}>
      <Notice text={notice} />
      <Notice text={error} error />
      <form method="get" action="/ui" class="filters card">
        <div>
          <label for="filter-name">Name contains</label>
          <input id="filter-name" name="name" value={name} />
        </div>
        <div>
          <label for="filter-meta">Metadata (key=value)</label>
          <input id="filter-meta" name="meta" value={meta} placeholder="team=payments" />
        </div>
        <button type="submit">Filter</button>
      </form>
      {data.more ? <Notice text={`Showing the first ${connectionsShown} connections; filter to narrow them.`} /> : null}
      <form method="post" action="/ui/namespaces" class="filters card">
        <Csrf token={csrf} />
        <div>
          <label for="new-namespace">New namespace</label>
          <input id="new-namespace" name="name" required placeholder="e.g. staging" autocomplete="off" />
        </div>
        <button type="submit">Create namespace</button>
      </form>
      <p>
        <a href="/ui/connections/new">New connection</a>
      </p>
      {data.groups.map((group) => (
        <section class="card" aria-label={`Namespace ${group.namespace}`}>
          <h2>{group.namespace}</h2>
          <form class="inline" method="post" action={`/ui/namespaces/${segment(group.namespace)}/delete`}>
            <Csrf token={csrf} />
            <button type="submit" class="secondary" aria-label={`Delete namespace ${group.namespace}`}>
              Delete namespace
            </button>
          </form>
          {group.error ? <Notice text={group.error} error /> : null}
          {group.connections.length === 0 ? (
            <p class="muted">No connections{name || meta ? ' match' : ''}.</p>
          ) : (
            <table>
              <TableHead columns={['connection', 'status', 'server', 'kind', 'metadata', 'actions']} />
              <tbody>
                {group.connections.map((connection) => (
                  <tr>
                    <td>
                      <a href={connectionPath(group.namespace, connection.connectionId)}>{connection.name}</a>
                      <span class="help">{connection.connectionId}</span>
                    </td>
                    <td>
                      <StatusBadge connection={connection} />
                    </td>
                    <td>{connection.serverInfo ? connection.serverInfo.name : (connection.mcpUrl ?? '')}</td>
                    <td>{toKindLabel(connection)}</td>
                    <td>
                      <code>{connection.metadata ? JSON.stringify(connection.metadata) : ''}</code>
                    </td>
                    <td>
                      <a
                        href={`${connectionPath(group.namespace, connection.connectionId)}/edit`}
                        aria-label={`Edit connection ${group.namespace}/${connection.connectionId}`}
                      >
                        Edit
                      </a>{' '}
                      <form class="inline" method="post" action={`${connectionPath(group.namespace, connection.connectionId)}/delete`}>
                        <Csrf token={csrf} />
                        <button
                          type="submit"
                          class="secondary"
                          aria-label={`Delete connection ${group.namespace}/${connection.connectionId}`}
                        >
                          Delete
                        </button>
                      </form>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      ))}
    </Layout>
  );
}
