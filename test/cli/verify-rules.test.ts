/**
 * A scenario's `verify:` section (issue 39 item 1): fields marked volatile are not compared, and
 * pinned values must hold, reported at their pointer when they do not; `mcpsim check` reports a
 * bad pointer, server or tool in the section at its file:line:column. A capture of the drifting
 * notes server (v1, over stdio), its fixture hand-edited, verified against the same v1.
 */
import { appendFileSync, cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { captureSession, runCli, scratch } from '../support/verify-capture.js';
import { driftingServerPath } from '../support/drifting-server.mjs';

type Drift = { path: string; change: string; recorded: string; live: string };
type JsonReport = { drifted: boolean; servers: { subjects: { subject: string; status: string; drifts: Drift[] }[] }[] };

const live = ['--', process.execPath, driftingServerPath, 'v1'];
const server = '@captured/drifting-notes';

describe("a scenario's verify: section", () => {
  let captured = '';
  beforeAll(async () => {
    captured = await captureSession(live, [
      ['get_note', { id: 'note_1' }],
      ['search_notes', { query: 'release' }],
    ]);
  }, 120_000);

  /** A copy of the capture whose get_note fixture recorded `title` as a number, with `section` appended to its scenario. */
  function copyWith(section: string): string {
    const copy = scratch();
    cpSync(captured, copy, { recursive: true });
    const fixture = join(copy, 'fixtures', 'captured__drifting-notes', 'get_note.json');
    const entries = JSON.parse(readFileSync(fixture, 'utf8')) as { calls: { result: { content: { text: string }[] } }[] };
    const block = entries.calls[0]!.result.content[0]!;
    block.text = JSON.stringify({ ...(JSON.parse(block.text) as object), title: 42 });
    writeFileSync(fixture, `${JSON.stringify(entries, null, 2)}\n`);
    appendFileSync(join(copy, 'scenario.yaml'), section);
    return copy;
  }

  const driftsOf = async (copy: string) => {
    const { code, stdout } = await runCli(['verify', copy, '--reporter', 'json', ...live]);
    const report = JSON.parse(stdout) as JsonReport;
    return {
      code,
      drifts: report.servers[0]!.subjects.flatMap((subject) => subject.drifts.map((drift) => ({ ...drift, subject: subject.subject }))),
    };
  };

  it('reports a field whose type changed when nothing marks it volatile', async () => {
    const { code, drifts } = await driftsOf(copyWith(''));
    expect(drifts).toMatchObject([
      { subject: 'get_note', path: '/content/0/text/title', change: 'type', recorded: 'number', live: 'string' },
    ]);
    expect(code).toBe(1);
  });

  it('leaves out a volatile field whose type changed: no drift, exit 0', async () => {
    const copy = copyWith(`verify:\n  "${server}":\n    get_note:\n      volatile: [/content/0/text/title]\n`);
    const { code, drifts } = await driftsOf(copy);
    expect(drifts).toEqual([]);
    expect(code).toBe(0);
  });

  it('a volatile pattern with * covers every key or index it stands for', async () => {
    const copy = copyWith(`verify:\n  "${server}":\n    "*":\n      volatile: [/content/*/text/title]\n`);
    expect((await driftsOf(copy)).drifts).toEqual([]);
  });

  it('reports a pinned value that changed at its pointer, with the pinned and the live value; a pin that holds is no drift', async () => {
    const copy = copyWith(
      [
        'verify:',
        `  "${server}":`,
        '    get_note:',
        '      volatile: [/content/0/text/title]',
        '      pin: { /content/0/text/status: closed, /content/0/text/id: note_1 }',
        '    search_notes:',
        '      pin: { /content/0/text/notes/*/status: open }',
        '',
      ].join('\n'),
    );
    const { code, drifts } = await driftsOf(copy);
    expect(drifts).toEqual([
      expect.objectContaining({
        subject: 'get_note',
        path: '/content/0/text/status',
        change: 'pinned',
        recorded: '"closed"',
        live: '"open"',
      }),
    ]);
    expect(code).toBe(1);
    const text = await runCli(['verify', copy, ...live]);
    expect(text.stdout).toContain('get_note answer /content/0/text/status: pinned (recorded "closed", live "open")');
  });

  it('mcpsim check reports a bad pointer, an unknown server and an unknown tool in the section at file:line:column', async () => {
    const copy = copyWith(
      [
        'verify:',
        `  "${server}":`,
        '    get_note:',
        '      volatile: [/content/0/text/title, content/0]',
        '      pin: { status: open }',
        '    get_notes: { volatile: [/content] }',
        '  "@captured/drifting-note": {}',
        '',
      ].join('\n'),
    );
    const file = join(copy, 'scenario.yaml');
    const lines = readFileSync(file, 'utf8').split('\n');
    const line = (text: string) => lines.findIndex((candidate) => candidate.includes(text)) + 1;
    const { code, stdout } = await runCli(['check', file]);
    expect(code).toBe(1);
    expect(stdout).toContain(`${file}:${line('content/0]')}:41 verify["${server}"].get_note.volatile[1]: must be a JSON pointer`);
    expect(stdout).toContain(`${file}:${line('pin: { status')}:14 verify["${server}"].get_note.pin.status: must be a JSON pointer`);
    expect(stdout).toMatch(/server "@captured\/drifting-notes" has no tool "get_notes"; did you mean "get_note"\?/);
    expect(stdout).toMatch(/"@captured\/drifting-note" is not a server of this file; .* did you mean "@captured\/drifting-notes"\?/);
  });
});
