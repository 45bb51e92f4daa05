import { Notice, PageShell } from './page-shell.js';

/** Who approves: a person on this machine of a development server, a dashboard session, or (once it was given) an API key. */
export interface KnownApprover {
  /** The account whose new key the CLI will receive. */
  account: { name: string; id: string };
  /** `loopback`: a caller on this machine, a loopback public URL and the development key; `session`: the browser's dashboard session; `key`: the API key the form carried. */
  via: 'loopback' | 'session' | 'key';
}

export interface CliLoginPageModel {
  /** Who approves with one click; null when approving takes an API key (whose account gets the new key). */
  approver: KnownApprover | null;
  /** What happened: approved, or why not. */
  notice?: { tone: 'ok' | 'problem'; text: string };
  /** Whether the form is still offered (not after approval). */
  open: boolean;
  /** The form's CSRF token (the nonce of the browser's cookie); needed when `open`. */
  csrf?: string;
}

/**
 * The page behind a CLI login's `authUrl`: says which account's key will be handed out, and
 * approves with one click for a known approver, else with an API key of the account. Plain HTML,
 * no script; every value escaped.
 *
 * @example
 *   c.html(<CliLoginPage approver={{ account: { name: 'local', id: 'acct_1' }, via: 'loopback' }} open csrf={nonce} />, 200, pageHeaders);
 */
export function CliLoginPage({ approver, notice, open, csrf = '' }: CliLoginPageModel) {
  return (
    <PageShell title="Log in the Smithery CLI">
      {approver ? (
        <p id="account">
          Approving hands the CLI a <strong>new API key of account “{approver.account.name}”</strong> (<code>{approver.account.id}</code>),
          labelled as created by a CLI login{approver.via === 'session' ? ', the account your dashboard session acts as' : ''}.
        </p>
      ) : (
        <p id="account">
          Approving hands the CLI a <strong>new API key of the account whose API key you enter</strong>, labelled as created by a CLI login.
        </p>
      )}
      {notice ? <Notice {...notice} /> : null}
      {open ? (
        <form method="post" class="card">
          <input type="hidden" name="csrf" value={csrf} />
          {approver ? null : (
            <>
              <label for="api-key">API key of the account</label>
              <input id="api-key" name="apiKey" type="password" autocomplete="off" required aria-describedby="api-key-help" />
              <p class="help" id="api-key-help">
                One click is only for a browser on this machine when the server runs on a loopback address with the development key; here
                approving takes an API key (or log in to the dashboard first).
              </p>
            </>
          )}
          <div>
            <button type="submit">Approve</button>
          </div>
        </form>
      ) : null}
    </PageShell>
  );
}
