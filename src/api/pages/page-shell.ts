import { createHash } from 'node:crypto';
import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';

/**
 * The frame of mcpsim's HTML pages (the setup page, the CLI login page): plain HTML, no script,
 * referrers only to this server (under no-referrer a browser sends `Origin: null` with a form's
 * POST, and the setup page's same-origin check needs the origin); `title` is escaped, `body` is
 * markup built with `hono/html`. Every page goes out with `pageHeaders`.
 *
 * @example
 *   c.html(renderPage('Log in the Smithery CLI', html`<h1>Log in</h1>`));
 */
export function renderPage(title: string, body: HtmlEscapedString | Promise<HtmlEscapedString>): HtmlEscapedString {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>${title} · mcpsim</title>
<style>${raw(pageStyles)}</style>
</head>
<body>
${body}
</body>
</html>
` as HtmlEscapedString;
}

/** The pages' only style sheet, inline; its hash is the one style the pages' CSP allows (`pageHeaders`). */
export const pageStyles = `
body { font: 16px/1.5 system-ui, sans-serif; max-width: 40rem; margin: 2rem auto; padding: 0 1rem; color: #1b1b1b; }
label { display: block; font-weight: 600; margin-top: 1rem; }
input { display: block; width: 100%; box-sizing: border-box; padding: .5rem; font: inherit; }
.hint { color: #555; font-size: .9rem; margin: .25rem 0 0; }
.notice { padding: .75rem 1rem; border-radius: .5rem; }
.ok { background: #e6f4ea; } .problem { background: #fdecea; }
button { margin-top: 1.5rem; padding: .6rem 1.2rem; font: inherit; }
fieldset { margin-top: 1.5rem; border: 1px solid #ccc; border-radius: .5rem; }
code { word-break: break-all; }
`;

const styleHash = createHash('sha256').update(pageStyles).digest('base64');

/**
 * Headers of every page answer (page, refusal, or error): kept out of frames, caches and
 * referrers, with a Content Security Policy that allows nothing but the page's own style and form.
 */
export const pageHeaders: Readonly<Record<string, string>> = {
  'content-security-policy': `default-src 'none'; style-src 'sha256-${styleHash}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  // same-origin, not no-referrer: under no-referrer a browser sends `Origin: null` with the form's POST, and the same-origin check needs the origin.
  'referrer-policy': 'same-origin',
  'cache-control': 'no-store',
};
