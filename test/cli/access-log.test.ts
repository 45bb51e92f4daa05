/**
 * The access log `serve` prints (issue "Safe on a developer's machine", item 9): a path with
 * `%0a` forged whole log lines, and `%1b` wrote escape sequences a terminal obeys. Now each
 * request is one line, its control characters escaped. `serve` runs in process on a real socket.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { eventually } from '../support/eventually.js';
import { testApiKey } from '../support/harness.js';

describe('the access log of serve', () => {
  const out = { stdout: '', stderr: '' };
  let stop: (signal: string) => void = () => {};
  let exit: Promise<number>;
  let baseUrl = '';

  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mcpsim-access-'));
    exit = main(['serve', '--port', '0', '--host', '127.0.0.1', '--data-dir', dataDir, '--api-key', testApiKey], {
      stdout: (text) => void (out.stdout += text),
      stderr: (text) => void (out.stderr += text),
      env: {},
      onShutdownSignal: (handler) => void (stop = handler),
    });
    await eventually(async () => expect(out.stdout).toContain('Press Ctrl+C to stop.'), 15_000);
    baseUrl = /Base URL\s+(\S+)/.exec(out.stdout)![1]!;
  });
  afterAll(async () => {
    stop('SIGTERM');
    await exit;
  });

  /** The log lines printed for `path`. */
  async function logFor(path: string): Promise<string[]> {
    const before = out.stdout.length;
    await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${testApiKey}` } }).then((response) => response.text());
    await eventually(async () => expect(out.stdout.slice(before)).toMatch(/\d+ms\n$/));
    return out.stdout.slice(before).split('\n').slice(0, -1);
  }

  it('writes a path with %0a as one line, the line break escaped (the original request)', async () => {
    const lines = await logFor('/namespaces/a%0aGET%20/admin%20200%200.1ms%0d');
    expect(lines).toEqual([expect.stringMatching(/^GET \/namespaces\/a\\x0aGET \/admin 200 0\.1ms\\x0d 404 [\d.]+ms$/)]);
  });

  it('escapes ANSI escapes, other controls, line separators and bidirectional overrides', async () => {
    const [line] = await logFor('/x%1b%5b2J%1b%5b31mred%07%7f%c2%9b%e2%80%a8%e2%80%ae');
    expect(line).toMatch(/^GET \/x\\x1b\[2J\\x1b\[31mred\\x07\\x7f\\x9b\\u\{2028\}\\u\{202e\} 404 [\d.]+ms$/);
    // eslint-disable-next-line no-control-regex -- no control character may be left
    expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u202e]/);
  });

  it('escapes a backslash, so that every escape in a line is one the log wrote', async () => {
    const [line] = await logFor('/x%5cx0a');
    expect(line).toMatch(/^GET \/x\\\\x0a 404 /);
  });
});
