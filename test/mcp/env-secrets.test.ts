/**
 * A local stdio server's environment is a secret from every door (issue "Safe on a developer's
 * machine", item 7): `mcpsim uplink --env`, `serve --uplink`, a scenario's `uplink.env` and
 * `mcpsim capture --env` all give the process values that a server may echo in its serverInfo,
 * a JSON-RPC error, or its stderr as it dies. Before, those reached the stored status and
 * serverInfo, the log, and every file of a capture (its fixtures folder is named after the
 * serverInfo). The server here (test/support/stdio-leaky-server.mjs) spills the value everywhere.
 */
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { eventually } from '../support/eventually.js';
import { startHarness, testApiKey, type Harness } from '../support/harness.js';
import { pairStdioServer } from '../../src/platform/stdio-pairing.js';

const leakyServer = join(import.meta.dirname, '..', 'support', 'stdio-leaky-server.mjs');
// Shaped like no known credential, so only the environment rule can catch it.
const secret = 'plum-orchard-7731-lantern';
const scratch = () => mkdtempSync(join(tmpdir(), 'mcpsim-env-'));

/** Every file under a directory: its path and its bytes (as latin1, so a SQLite file reads too). */
function readTree(directory: string): { names: string[]; text: string } {
  const names = readdirSync(directory, { recursive: true, encoding: 'utf8' });
  const files = names.map((name) => join(directory, name)).filter((file) => statSync(file).isFile());
  return { names, text: files.map((file) => readFileSync(file).toString('latin1')).join('\n') };
}

describe('environment values of a stdio uplink', () => {
  let harness: Harness;
  const ended: Promise<string>[] = [];

  beforeAll(async () => {
    // Starting node for the local server takes seconds on a busy machine: nothing here waits for a timeout.
    harness = await startHarness('socket', { upstreamTimeoutMs: 30_000, upstreamCallTimeoutMs: 30_000 });
    await harness.call('PUT', '/namespaces/local');
    for (const id of ['leaky', 'crash']) await harness.call('PUT', `/connect/local/${id}`, { body: { transport: 'uplink' } });
  });
  afterAll(async () => {
    await harness.close();
    await Promise.all(ended);
  });

  function pair(id: string, args: string[]) {
    const pairing = pairStdioServer(
      harness.platform,
      { namespace: 'local', connectionId: id },
      { command: process.execPath, args: [leakyServer, ...args], env: { LEAKY_SETTING: secret } },
    );
    ended.push(pairing.ended);
    return pairing;
  }

  it('reaches the process and its live answers, but never the stored serverInfo, an error, a status message or the log', async () => {
    const pairing = pair('leaky', []);
    await pairing.ready;
    const stored = (await harness.call('GET', '/connect/local/leaky')).body;
    expect(stored).toMatchObject({ status: { state: 'connected' }, serverInfo: { name: 'leaky-***', version: '1.0.0+***' } });

    // The client asked the server: its answer goes back as the server gave it.
    const shown = await harness.call('POST', '/connect/local/leaky/.tools/show', { body: {} });
    expect(JSON.stringify(shown.body)).toContain(`setting=${secret}`);

    const failed = await harness.call('POST', '/connect/local/leaky/mcp', {
      body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'fail', arguments: {} } },
    });
    expect(failed.body.error.message).toContain('the upstream refused ***');

    const died = await harness.call('POST', '/connect/local/leaky/mcp', {
      body: { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'die', arguments: {} } },
    });
    expect(died.status).toBe(502);
    expect(died.body.error.message).toContain('exited with code 9; its last stderr lines: dying with setting ***');
    expect(await pairing.ended).toContain('dying with setting ***');
    await eventually(async () =>
      expect((await harness.call('GET', '/connect/local/leaky')).body.status).toEqual({ state: 'disconnected' }),
    );

    const after = JSON.stringify([failed.body, died.body, (await harness.call('GET', '/connect/local/leaky')).body, harness.logged]);
    expect(after).not.toContain(secret);
  });

  it('a server that dies on start with the value on stderr: status error and the thrown error show *** instead', async () => {
    const pairing = pair('crash', ['crash']);
    const failure = await pairing.ready.then(
      () => null,
      (error: unknown) => error as Error,
    );
    expect(failure?.message).not.toContain(secret);
    expect(await pairing.ended).toContain('its last stderr lines: starting with setting *** | Error: the upstream refused ***');
    const { status } = (await harness.call('GET', '/connect/local/crash')).body;
    expect(status.state).toBe('error');
    expect(status.message).toContain('Error: the upstream refused ***');
    expect(JSON.stringify([status, harness.logged])).not.toContain(secret);
  });

  it('is in no file of the data directory', () => {
    expect(readTree(harness.dataDir).text).not.toContain(secret);
  });
});

describe('environment values through the CLI: capture --env and serve --uplink', () => {
  /** Runs `main(argv)` in process; `stop()` sends SIGTERM and awaits the exit code. */
  function startCommand(argv: string[]) {
    const out = { stdout: '', stderr: '' };
    let stop: ((signal: string) => void) | undefined;
    const io: CliIo = {
      stdout: (text) => void (out.stdout += text),
      stderr: (text) => void (out.stderr += text),
      env: {},
      onShutdownSignal: (handler) => void (stop = handler),
    };
    const [command, ...rest] = argv;
    const code = main([command!, '--port', '0', '--host', '127.0.0.1', '--data-dir', scratch(), '--api-key', testApiKey, ...rest], io);
    return {
      out,
      async ready(marker: string) {
        await eventually(async () => expect(out.stdout).toContain(marker), 15_000);
        return /Base URL\s+(\S+)/.exec(out.stdout)![1]!;
      },
      stop: () => (stop?.('SIGTERM'), code),
    };
  }

  it('capture: the value is in no file name, no file of the capture and no line printed', async () => {
    const out = scratch();
    const capture = startCommand(['capture', out, '--quiet', '--env', `LEAKY_SETTING=${secret}`, '--', process.execPath, leakyServer]);
    const baseUrl = await capture.ready('Capturing every tool call');
    const client = new Client({ name: 'env-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${baseUrl}/connect/captured/server/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${testApiKey}` } },
      }),
    );
    try {
      expect(JSON.stringify(await client.callTool({ name: 'show', arguments: {} }))).toContain(secret);
      await expect(client.callTool({ name: 'fail', arguments: {} })).rejects.toThrow('the upstream refused ***');
    } finally {
      await client.close();
    }
    expect(await capture.stop()).toBe(0);

    const written = readTree(out);
    expect(written.names).toContain(join('fixtures', 'captured__leaky--redacted-connection-secret', 'show.json'));
    expect(written.text).toContain('setting=[redacted:connection-secret]');
    expect(JSON.stringify(written.names)).not.toContain(secret);
    expect(written.text).not.toContain(secret);
    expect(capture.out.stdout + capture.out.stderr).not.toContain(secret);
  }, 30_000);

  it('capture: a value echoed as an object key, a tool name, and URL-encoded or base64 is in no file name or file', async () => {
    // Spaces, a slash, a plus and a question mark: each encoding spells it differently.
    const spilled = 'plum orchard/7731+lantern?';
    const out = scratch();
    const capture = startCommand(['capture', out, '--quiet', '--env', `LEAKY_SETTING=${spilled}`, '--', process.execPath, leakyServer]);
    const baseUrl = await capture.ready('Capturing every tool call');
    const client = new Client({ name: 'env-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${baseUrl}/connect/captured/server/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${testApiKey}` } },
      }),
    );
    try {
      const { tools } = await client.listTools();
      const named = tools.find((tool) => tool.name.startsWith('named-'))!.name;
      expect(named).toBe(`named-${spilled}`);
      const spill = await client.callTool({ name: 'spill', arguments: {} });
      expect(spill.structuredContent).toHaveProperty(['byKey', spilled]);
      await client.callTool({ name: named, arguments: { [spilled]: spilled } });
    } finally {
      await client.close();
    }
    expect(await capture.stop()).toBe(0);

    const written = readTree(out);
    const bytes = Buffer.from(spilled);
    const forms = [spilled, encodeURIComponent(spilled), bytes.toString('base64'), bytes.toString('base64url')];
    for (const form of forms) {
      expect(JSON.stringify(written.names)).not.toContain(form);
      expect(written.text).not.toContain(form);
      expect(capture.out.stdout + capture.out.stderr).not.toContain(form);
    }
    // The blob that held it inside other bytes lost it too.
    expect(written.text).not.toContain(Buffer.from(` ${spilled} `).toString('base64').slice(4, -4));
    expect(written.names).toContain(
      join('fixtures', 'captured__leaky--redacted-connection-secret', 'named-[redacted:connection-secret].json'),
    );
    expect(written.text).toContain('"[redacted:connection-secret]": {');
    // Redacted alike wherever it was found, so the scenario still holds together.
    const checked = { stdout: '', stderr: '' };
    const io: CliIo = {
      stdout: (text) => void (checked.stdout += text),
      stderr: (text) => void (checked.stderr += text),
      env: {},
      onShutdownSignal: () => {},
    };
    expect(await main(['check', join(out, 'scenario.yaml')], io), checked.stdout + checked.stderr).toBe(0);
  }, 30_000);

  it('serve --uplink: a server that dies on start is reported without the value', async () => {
    const serve = startCommand(['serve', '--uplink', `a/leaky=LEAKY_SETTING=${secret} ${process.execPath} ${leakyServer} crash`]);
    await serve.ready('Press Ctrl+C to stop.');
    expect(serve.out.stderr).toContain('Pairing a/leaky with');
    expect(await serve.stop()).toBe(0);
    expect(serve.out.stdout + serve.out.stderr).not.toContain(secret);
  }, 30_000);
});
