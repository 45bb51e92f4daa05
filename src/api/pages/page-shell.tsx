import { createHash } from 'node:crypto';
import type { Child } from 'hono/jsx';
import { raw } from 'hono/utils/html';
import { stylesheet } from './stylesheet.js';

/**
 * The frame of mcpsim's HTML pages (the setup page, the CLI login page): the dashboard's masthead
 * and stylesheet (inline, so that the pages need no other request), no script, and referrers only
 * to this server (under no-referrer a browser sends `Origin: null` with a form's POST, and the
 * setup page's same-origin check needs the origin). Every page goes out with `pageHeaders`.
 *
 * @example
 *   c.html(<PageShell title="Log in the Smithery CLI"><p>...</p></PageShell>, 200, pageHeaders);
 */
export function PageShell({ title, children }: { title: string; children?: Child }) {
  return (
    <>
      {raw('<!doctype html>')}
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="referrer" content="same-origin" />
          <title>{`${title} · mcpsim`}</title>
          {/* Verbatim: its hash in the CSP must be the hash of exactly this text. */}
          <style dangerouslySetInnerHTML={{ __html: stylesheet }} />
        </head>
        <body>
          <header class="top">
            <strong>mcpsim</strong>
          </header>
          <main class="narrow">
            <h1>{title}</h1>
            {children}
          </main>
        </body>
      </html>
    </>
  );
}

/** A line about what just happened: done (`ok`), or what went wrong (`problem`); the dashboard's notice. */
export function Notice({ tone, text }: { tone: 'ok' | 'problem'; text: string }) {
  return (
    <p class={tone === 'ok' ? 'notice ok' : 'notice error'} role="status" id="notice">
      {text}
    </p>
  );
}

const styleHash = createHash('sha256').update(stylesheet).digest('base64');

/**
 * Headers of every page answer (page, refusal, or error): kept out of frames, caches and
 * referrers, with a Content Security Policy that allows nothing but the page's own style sheet
 * (by its hash) and form.
 */
export const pageHeaders: Readonly<Record<string, string>> = {
  'content-security-policy': `default-src 'none'; style-src 'sha256-${styleHash}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  // same-origin, not no-referrer: under no-referrer a browser sends `Origin: null` with the form's
  // POST, and the same-origin check needs the origin.
  'referrer-policy': 'same-origin',
  'cache-control': 'no-store',
};
