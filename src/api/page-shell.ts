import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';

/**
 * The frame of mcpsim's HTML pages (the setup page, the CLI login page): plain HTML, no script, no
 * referrer; `title` is escaped, `body` is markup built with `hono/html`.
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
<meta name="referrer" content="no-referrer">
<title>${title} · mcpsim</title>
<style>${raw(pageStyles)}</style>
</head>
<body>
${body}
</body>
</html>
` as HtmlEscapedString;
}

const pageStyles = `
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

