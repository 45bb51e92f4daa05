import type { Child } from 'hono/jsx';
import { raw } from 'hono/utils/html';

export type PageName = 'connections' | 'registry' | 'tokens' | 'scenarios' | 'clock';

const pages: [PageName, string, string][] = [
  ['connections', 'Connections', '/ui'],
  ['registry', 'Registry', '/ui/registry'],
  ['tokens', 'Tokens', '/ui/tokens'],
  ['scenarios', 'Scenarios', '/ui/scenarios'],
  ['clock', 'Clock', '/ui/clock'],
];

/**
 * The shell of every dashboard page: title, navigation, the CSRF token for the client script.
 *
 * @example
 *   c.html(<Layout title="Clock" page="clock" csrf={session.csrf}><p>...</p></Layout>)
 */
export function Layout({ title, page, csrf, children }: { title: string; page: PageName | null; csrf: string | null; children?: Child }) {
  return (
    <>
      {/* Standards mode: without a doctype, browsers lay the shared stylesheet out in quirks mode. */}
      {raw('<!doctype html>')}
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          {csrf === null ? null : <meta name="csrf-token" content={csrf} />}
          <title>{`${title} · mcpsim`}</title>
          <link rel="icon" href="data:," />
          <link rel="stylesheet" href="/ui/assets/dashboard.css" />
          <script src="/ui/assets/dashboard.js" defer></script>
        </head>
        <body>
          <header class="top">
            <strong>mcpsim</strong>
            {csrf === null ? null : (
              <nav aria-label="Dashboard">
                <ul>
                  {pages.map(([name, label, href]) => (
                    <li>
                      <a href={href} aria-current={name === page ? 'page' : undefined}>
                        {label}
                      </a>
                    </li>
                  ))}
                </ul>
              </nav>
            )}
          </header>
          <main id="content">
            <h1>{title}</h1>
            {children}
          </main>
        </body>
      </html>
    </>
  );
}

/** The hidden CSRF field of a state-changing form. */
export function Csrf({ token }: { token: string }) {
  return <input type="hidden" name="_csrf" value={token} />;
}

/** A message above a page's content: what happened, or what failed and why. */
export function Notice({ text, error }: { text: string | null | undefined; error?: boolean }) {
  if (!text) return null;
  return (
    <p class={error ? 'notice error' : 'notice'} role={error ? 'alert' : 'status'}>
      {text}
    </p>
  );
}

/** A small colored label: a connection state, a result source. */
export function Badge({ kind, text }: { kind: string; text?: string }) {
  return <span class={`badge ${kind}`}>{text ?? kind}</span>;
}

/** Pretty-printed JSON in a `<pre>`. */
export function Json({ value }: { value: unknown }) {
  // Focusable, so a long value can be scrolled with the keyboard.
  return <pre tabindex={0}>{JSON.stringify(value, null, 2)}</pre>;
}

/** A table's header row: one column heading per name. */
export function TableHead({ columns }: { columns: string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th scope="col">{column}</th>
        ))}
      </tr>
    </thead>
  );
}
