import { Csrf, Json, Layout, Notice } from './layout.js';

export interface ServerList {
  servers: { qualifiedName: string; displayName: string; description: string; verified: boolean; useCount: number }[];
  pagination: { totalCount: number; currentPage: number; totalPages: number; pageSize: number };
}

/** The connection id "mock this server" proposes: the server's last name part (`@github/github-mcp-server` → `github`). */
export function toMockId(qualifiedName: string): string {
  const last = qualifiedName.replace(/^@/, '').split('/').pop() ?? 'mock';
  const id = last
    .toLowerCase()
    .replace(/[-_]?mcp([-_]server)?$/, '')
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[^a-z0-9]+/, '');
  return id === '' ? 'mock' : id;
}

/** `1 server`, `32 servers`. */
const countOf = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

export interface ServerDetail {
  qualifiedName: string;
  displayName: string;
  description: string;
  deploymentUrl: string | null;
  connections: { type: string; deploymentUrl: string; configSchema: unknown }[];
  tools: { name: string; description?: string }[] | null;
}

/** The path of a server's page: its qualified name, slash kept. */
export function serverPath(qualifiedName: string): string {
  return `/ui/registry/${qualifiedName.replace(/^@/, '').split('/').map(encodeURIComponent).join('/')}`;
}

/** The search results: what `GET /servers?q=` answers, as a list of links. */
export function RegistryResults({ answer, error, q }: { answer: ServerList | null; error: string | null; q: string }) {
  if (error !== null || answer === null) return <Notice text={error ?? 'Search failed'} error />;
  return (
    <section class="card" aria-label="Results">
      <p class="muted">{toResultsLine(answer, q)}</p>
      <ul>
        {answer.servers.map((server) => (
          <li>
            <a href={serverPath(server.qualifiedName)}>{server.displayName}</a> <code>{server.qualifiedName}</code>
            <span class="help">{server.description}</span>
          </li>
        ))}
      </ul>
      <Pager answer={answer} q={q} />
    </section>
  );
}

/** `32 servers, 21–32 shown` or `1 server matches "x"`. */
function toResultsLine({ servers, pagination }: ServerList, q: string): string {
  const total = pagination.totalCount;
  const counted = q ? `${countOf(total, 'server')} match${total === 1 ? 'es' : ''} "${q}"` : countOf(total, 'server');
  if (pagination.totalPages <= 1) return counted;
  const first = (pagination.currentPage - 1) * pagination.pageSize + 1;
  return `${counted}, ${first}–${first + servers.length - 1} shown (page ${pagination.currentPage} of ${pagination.totalPages})`;
}

/** Links to the pages before and after this one, when there are more. */
function Pager({ answer: { pagination }, q }: { answer: ServerList; q: string }) {
  if (pagination.totalPages <= 1) return null;
  const to = (page: number) => `/ui/registry?${new URLSearchParams({ ...(q ? { q } : {}), page: String(page) }).toString()}`;
  return (
    <nav aria-label="Result pages" class="pager">
      {pagination.currentPage > 1 ? <a href={to(pagination.currentPage - 1)}>Previous page</a> : null}
      {pagination.currentPage < pagination.totalPages ? <a href={to(pagination.currentPage + 1)}>Next page</a> : null}
    </nav>
  );
}

/** A server of the registry: its tools and config, and "mock this server". */
export function ServerPage({
  csrf,
  server,
  namespaces,
  notice,
  error,
}: {
  csrf: string;
  server: ServerDetail;
  namespaces: string[];
  notice: string | null;
  error: string | null;
}) {
  return (
    <Layout title={server.displayName} page="registry" csrf={csrf}>
      <Notice text={notice} />
      <Notice text={error} error />
      <section class="card">
        <p>
          <code>{server.qualifiedName}</code> · {server.deploymentUrl ?? 'no deployment URL'}
        </p>
        <p>{server.description}</p>
      </section>
      <section class="card" aria-labelledby="mock-title">
        <h2 id="mock-title">Mock this server</h2>
        <form method="post" action={`${serverPath(server.qualifiedName)}/mock`}>
          <Csrf token={csrf} />
          <label for="mock-namespace">Namespace</label>
          <select id="mock-namespace" name="namespace">
            {namespaces.map((name) => (
              <option value={name}>{name}</option>
            ))}
          </select>
          <label for="mock-id">Connection id</label>
          <input id="mock-id" name="id" value={toMockId(server.qualifiedName)} required autocomplete="off" />
          <label for="mock-name">Connection name (optional)</label>
          <input id="mock-name" name="name" />
          <button type="submit">Create mock connection</button>
        </form>
      </section>
      <section class="card" aria-labelledby="server-tools-title">
        <h2 id="server-tools-title">Tools</h2>
        {server.tools && server.tools.length > 0 ? (
          <ul>
            {server.tools.map((tool) => (
              <li>
                <code>{tool.name}</code> <span class="muted">{tool.description ?? ''}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p class="muted">No tools listed.</p>
        )}
      </section>
      <section class="card" aria-labelledby="config-title">
        <h2 id="config-title">Config</h2>
        <Json value={server.connections} />
      </section>
    </Layout>
  );
}
