import { Csrf, Layout, Notice } from './layout.js';

/** Mint a service token from a one-constraint policy form; the token is shown once, with a copy button. */
export function TokensPage({
  csrf,
  minted,
  error,
}: {
  csrf: string;
  minted: { token: string; expiresAt: string } | null;
  error: string | null;
}) {
  return (
    <Layout title="Tokens" page="tokens" csrf={csrf}>
      <Notice text={error} error />
      {minted ? (
        <section class="card" aria-labelledby="minted-title">
          <h2 id="minted-title">Your new token</h2>
          <p>It is shown only once: copy it now. It expires at {minted.expiresAt}.</p>
          <pre id="minted-token" class="secret" tabindex={0}>
            {minted.token}
          </pre>
          <button type="button" data-copy="#minted-token">
            Copy token
          </button>
        </section>
      ) : null}
      <form method="post" action="/ui/tokens" class="card">
        <Csrf token={csrf} />
        <p class="muted">
          A service token scoped by a policy (POST /tokens). Leave a field empty for no restriction on it; lists are comma-separated.
        </p>
        <label for="token-namespaces">
          Namespaces <span class="help">e.g. demo</span>
        </label>
        <input id="token-namespaces" name="namespaces" />
        <label for="token-resources">
          Resources <span class="help">connections, servers, namespaces, skills</span>
        </label>
        <input id="token-resources" name="resources" />
        <label for="token-operations">
          Operations <span class="help">read, write, execute</span>
        </label>
        <input id="token-operations" name="operations" />
        <label for="token-metadata">
          Metadata <span class="help">key=value: only connections with this metadata</span>
        </label>
        <input id="token-metadata" name="metadata" />
        <label for="token-ttl">
          Lifetime <span class="help">seconds, or 30m, 1h (at most 24h; default 1h)</span>
        </label>
        <input id="token-ttl" name="ttl" />
        <button type="submit">Mint token</button>
      </form>
    </Layout>
  );
}
