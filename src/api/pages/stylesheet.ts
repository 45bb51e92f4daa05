/**
 * mcpsim's one stylesheet, light and dark (after the system's setting): the dashboard's, served at
 * `/ui/assets/dashboard.css`, and the setup and CLI login pages', inline and allowed by its hash
 * in their CSP (page-shell.tsx). `main.narrow` is the pages' single column. Below 40rem (a phone),
 * tables keep to the width of their card and long values wrap anywhere rather than run out of it.
 */
export const stylesheet = `
:root { color-scheme: light dark; --bg: #fbfbfc; --fg: #1b1d21; --muted: #5b6270; --line: #d9dce3; --card: #ffffff; --accent: #1f5fd1; --ok: #17663a; --warn: #8a5300; --bad: #b3261e; --code: #f2f3f6; }
@media (prefers-color-scheme: dark) { :root { --bg: #121418; --fg: #e7e9ee; --muted: #a3aab8; --line: #2d313a; --card: #1a1d23; --accent: #8ab4ff; --ok: #6fd39a; --warn: #f0b45a; --bad: #ff8a80; --code: #22262e; } }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.45 system-ui, sans-serif; background: var(--bg); color: var(--fg); }
a { color: var(--accent); }
header.top { display: flex; gap: 1.2rem; align-items: center; padding: .6rem 1.2rem; border-bottom: 1px solid var(--line); background: var(--card); flex-wrap: wrap; }
header.top strong { font-size: 1.05rem; }
nav ul { display: flex; gap: 1rem; list-style: none; margin: 0; padding: 0; flex-wrap: wrap; }
nav a[aria-current="page"] { font-weight: 700; text-decoration: none; }
nav.pager { display: flex; gap: 1rem; margin-top: 0.5rem; }
main { padding: 1rem 1.2rem 3rem; max-width: 1200px; }
main.narrow { max-width: 40rem; margin: 0 auto; }
main.narrow code { overflow-wrap: anywhere; }
h1 { font-size: 1.4rem; margin: .2rem 0 1rem; }
h2 { font-size: 1.1rem; margin: 1.6rem 0 .6rem; }
section.card, .card { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: .8rem 1rem; margin-bottom: 1rem; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: .35rem .5rem; border-bottom: 1px solid var(--line); vertical-align: top; }
th { color: var(--muted); font-weight: 600; }
code, pre, textarea { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: .85rem; }
pre { background: var(--code); padding: .5rem; border-radius: 6px; overflow: auto; max-height: 24rem; margin: .2rem 0; white-space: pre-wrap; word-break: break-word; }
.badge { display: inline-block; padding: 0 .45rem; border-radius: 999px; border: 1px solid currentColor; font-size: .8rem; white-space: nowrap; }
.badge.connected, .badge.fixture, .badge.ok { color: var(--ok); }
.badge.auth_required, .badge.input_required, .badge.model, .badge.synthetic, .badge.disconnected { color: var(--warn); }
.badge.error, .badge.fixture-miss, .badge.simulator-error, .badge.cancelled, .badge.fault, .badge.validation, .badge.iserror { color: var(--bad); }
.muted { color: var(--muted); }
form.inline { display: inline; }
label { display: block; font-weight: 600; margin-top: .5rem; }
.help { display: block; color: var(--muted); font-size: .85rem; font-weight: 400; }
p.help { margin: .2rem 0 0; }
input, select, textarea, button { font: inherit; color: inherit; background: var(--bg); border: 1px solid var(--line); border-radius: 6px; padding: .3rem .5rem; }
input[type="checkbox"] { width: auto; }
input:not([type="checkbox"]), select, textarea { width: 100%; max-width: 40rem; }
button { background: var(--accent); color: var(--bg); border-color: var(--accent); cursor: pointer; font-weight: 600; margin-top: .4rem; }
button.secondary { background: transparent; color: var(--accent); }
:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
fieldset { border: 1px solid var(--line); border-radius: 6px; margin: .5rem 0; }
.required { color: var(--bad); }
.field-error { color: var(--bad); margin: .2rem 0 0; font-size: .85rem; }
.grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(320px, 1fr)); gap: 1rem; }
.notice { border-left: 4px solid var(--accent); padding: .4rem .8rem; background: var(--card); margin: .5rem 0 1rem; }
.notice.error { border-color: var(--bad); }
.notice.ok { border-color: var(--ok); }
.filters { display: flex; gap: .6rem; align-items: end; flex-wrap: wrap; }
.filters label { margin: 0; }
.secret { word-break: break-all; }
@media (max-width: 40rem) {
  main { padding: .8rem .6rem 2rem; }
  section.card, .card { padding: .6rem; }
  table { table-layout: fixed; }
  th, td { padding: .3rem .25rem; overflow-wrap: anywhere; }
  td code, td pre, li code { overflow-wrap: anywhere; word-break: break-word; white-space: pre-wrap; }
  .badge { white-space: normal; overflow-wrap: anywhere; }
  .grid { grid-template-columns: 1fr; }
}
`;
