import { Notice, PageShell } from './page-shell.js';

export interface CliLoginPageModel {
  /** The account whose new key the CLI will receive. */
  account: { name: string; id: string };
  /** Where approving is one click (a loopback address); elsewhere the person proves it is theirs with the account's API key. */
  oneClick: boolean;
  /** What happened: approved, or why not. */
  notice?: { tone: 'ok' | 'problem'; text: string };
  /** Whether the form is still offered (not after approval). */
  open: boolean;
  /** The form's CSRF token (the nonce of the browser's cookie); needed when `open`. */
  csrf?: string;
}

/**
 * The page behind a CLI login's `authUrl`: says which account's key will be handed out, and
 * approves with one click on a loopback address. Plain HTML, no script; every value escaped.
 *
 * @example
 *   c.html(<CliLoginPage account={{ name: 'local', id: 'acct_1' }} oneClick open csrf={nonce} />, 200, pageHeaders);
 */
export function CliLoginPage({ account, oneClick, notice, open, csrf = '' }: CliLoginPageModel) {
  return (
    <PageShell title="Log in the Smithery CLI">
      <p id="account">
        Approving hands the CLI a <strong>new API key of account “{account.name}”</strong> (<code>{account.id}</code>), labelled as created
        by a CLI login.
      </p>
      {notice ? <Notice {...notice} /> : null}
      {open ? (
        <form method="post" class="card">
          <input type="hidden" name="csrf" value={csrf} />
          {oneClick ? null : (
            <>
              <label for="api-key">API key of this account</label>
              <input id="api-key" name="apiKey" type="password" autocomplete="off" required aria-describedby="api-key-help" />
              <p class="help" id="api-key-help">
                This server is not on a loopback address, so approving takes the account's API key.
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
