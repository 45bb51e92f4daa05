import { Csrf, Json, Layout, Notice } from './layout.js';

export interface ServerList {
  servers: { qualifiedName: string; displayName: string; description: string; verified: boolean; useCount: number }[];
  pagination: { totalCount: number };
}

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
      <p class="muted">{`${answer.pagination.totalCount} servers${q ? ` match "${q}"` : ''}`}</p>
      <ul>
        {answer.servers.map((server) => (
          <li>
            <a href={serverPath(server.qualifiedName)}>{server.displayName}</a> <code>{server.qualifiedName}</code>
            <span class="help">{server.description}</span>
          </li>
        ))}
      </ul>
    </section>
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
