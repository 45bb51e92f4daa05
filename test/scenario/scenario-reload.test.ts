/**
 * `mcpsim serve --scenario` reloads however a file is saved (issue 15): in place, by rename over it
 * (sed -i, editors' safe write) again and again, deleted and created, files added to and removed
 * from a watched folder, many saves in a row; what a file no longer declares leaves the server;
 * a broken save keeps the previous version. Real files, the real server on 127.0.0.1.
 */
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';

const directory = mkdtempSync(join(tmpdir(), 'mcpsim-reload-'));
const apiKey = 'reload-test-key';
const out = { stdout: '', stderr: '' };
let stop: (() => void) | undefined;
let exited: Promise<number>;
let baseUrl = '';

/** The QA scenario: a calendar and a mailbox in namespace "office" (and `extra` more lines). */
function scenario(calendarStory: string, { mailbox = true, extra = '' } = {}): string {
  return [
    'name: meeting-planner',
    'namespaces:',
    '  - name: office',
    '    connections:',
    '      - id: calendar',
    '        server: "@modelcontextprotocol/everything"',
    `        mock: ${calendarStory}`,
    ...(mailbox ? ['      - id: mailbox', '        server: "@modelcontextprotocol/everything"', '        mock: true'] : []),
    extra,
  ].join('\n');
}

// The planner is served by its file path (the watch the rename save used to break), the folder as a folder.
mkdirSync(join(directory, 'single'));
mkdirSync(join(directory, 'folder'));
const file = join(directory, 'single', 'planner.yaml');
const folder = join(directory, 'folder');

async function waitFor(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}; stdout:\n${out.stdout}\nstderr:\n${out.stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function status(path: string): Promise<number> {
  return (await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${apiKey}` } })).status;
}

async function mockText(path: string): Promise<string | undefined> {
  const body = (await (await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${apiKey}` } })).json()) as {
    mock?: { scenario?: string };
  };
  return body.mock?.scenario;
}

let reloads = 0;
const reloaded = () => (out.stdout.match(/Reloaded scenario/g) ?? []).length;

beforeAll(async () => {
  writeFileSync(file, scenario('Version 0.'));
  const io: CliIo = {
    stdout: (text) => void (out.stdout += text),
    stderr: (text) => void (out.stderr += text),
    env: {},
    onShutdownSignal: (handler) => void (stop = () => handler('SIGTERM')),
  };
  exited = main(
    [
      'serve',
      '--port',
      '0',
      '--host',
      '127.0.0.1',
      '--data-dir',
      join(directory, 'data'),
      '--api-key',
      apiKey,
      '--scenario',
      file,
      '--scenario',
      folder,
      '--quiet',
    ],
    io,
  );
  await waitFor(() => out.stdout.includes('Press Ctrl+C to stop.'), 'the banner');
  baseUrl = /http:\/\/127\.0\.0\.1:\d+/.exec(/office\/calendar\s+(\S+)/.exec(out.stdout)?.[1] ?? '')?.[0] ?? '';
  expect(baseUrl).not.toBe('');
});

afterAll(async () => {
  stop?.();
  expect(await exited).toBe(0);
  rmSync(directory, { recursive: true, force: true });
});

/** Waits until the server serves `text` as the calendar's mock text, and counts one more reload. */
async function expectServed(text: string): Promise<void> {
  await waitFor(() => reloaded() > reloads, `reload ${reloads + 1}`);
  reloads = reloaded();
  expect(await mockText('/connect/office/calendar')).toBe(text);
}

describe('hot reload, however the file is saved', () => {
  it('reloads a write in place', async () => {
    writeFileSync(file, scenario('Version 1.'));
    await expectServed('Version 1.');
  });

  it('reloads a rename save, and every save after it (rename or in place)', async () => {
    for (const [index, how] of ['rename', 'rename', 'in place', 'rename', 'in place'].entries()) {
      const text = `Version 2.${index}.`;
      if (how === 'rename') {
        const temporary = join(directory, 'single', `.planner.yaml.${index}~`);
        writeFileSync(temporary, scenario(text));
        renameSync(temporary, file);
      } else writeFileSync(file, scenario(text));
      await expectServed(text);
    }
  });

  it('reloads a delete followed by a create', async () => {
    rmSync(file);
    writeFileSync(file, scenario('Version 3.'));
    await expectServed('Version 3.');
  });

  it('applies many saves in a row once, with the last text', async () => {
    for (let index = 0; index < 10; index++) writeFileSync(file, scenario(`Version 4.${index}.`));
    await expectServed('Version 4.9.');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(reloaded()).toBe(reloads);
  });

  it('shows where a changed mock text differs', () => {
    expect(out.stdout).toContain(
      '  note: connection "office/calendar": deleted and re-created, because mock settings are fixed at creation (the mock text differs from character 9: was "Version 3.", now "Version 4.9."); its memory starts empty\n',
    );
  });

  it('removes a connection removed from the file, with its memory, and says so', async () => {
    expect(await status('/connect/office/mailbox')).toBe(200);
    writeFileSync(file, scenario('Version 5.', { mailbox: false }));
    await expectServed('Version 5.');
    expect(out.stdout).toContain('  removed connection "office/mailbox" (no longer in the file), and its memory\n');
    expect(await status('/connect/office/mailbox')).toBe(404);
  });

  it('keeps the previous version when a save is broken, and says what is wrong', async () => {
    const before = out.stderr.length;
    writeFileSync(file, scenario('Version 6.').replace('  - name: office', '  - nme: office'));
    await waitFor(() => out.stderr.slice(before).includes('kept the previous version'), 'the broken save');
    expect(out.stderr.slice(before)).toContain(`${file}:3:5 namespaces[0].nme: unknown property; did you mean "name"?`);
    expect(out.stderr.slice(before)).toContain(
      `  kept the previous version of ${file} (scenario "meeting-planner"); fix the file and save it again\n`,
    );
    expect(await mockText('/connect/office/calendar')).toBe('Version 5.');
  });

  it('loads a file added to the folder and removes what a deleted file declared', async () => {
    const added = join(folder, 'support.yaml');
    writeFileSync(
      added,
      'name: support\nnamespaces:\n  - name: support\n    connections:\n      - id: desk\n        server: "@modelcontextprotocol/everything"\n        mock: true\n',
    );
    await waitFor(() => out.stdout.includes(`Loaded scenario "support" (${added})`), 'the added file');
    expect(await status('/connect/support/desk')).toBe(200);
    rmSync(added);
    await waitFor(() => out.stdout.includes(`Removed scenario "support" (${added}: the file is gone)`), 'the removed file');
    expect(out.stdout).toContain('  removed namespace "support" (no longer in the file), with its connections and their memory\n');
    expect(await status('/connect/support')).toBe(404);
    expect(await status('/connect/office/calendar')).toBe(200);
  });
});
