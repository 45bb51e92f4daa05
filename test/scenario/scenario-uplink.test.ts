/**
 * A scenario connection that names a local stdio server (`uplink:`, issue 18 item 1): `mcpsim
 * check` validates the field, `serve --scenario` starts the server through the same code as
 * `serve --uplink` and pairs it, hot reload restarts or stops it, the server stopping stops it,
 * `mcpsim test` runs steps against it, and the environment given to it is never printed or stored.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import type { CliIo } from '../../src/cli/io.js';
import { loadScenarioText } from '../../src/scenario/load-scenario.js';
import { eventually } from '../support/eventually.js';

const apiKey = 'scenario-uplink-key';
const oddServer = join(import.meta.dirname, '..', 'support', 'stdio-odd-server.mjs');
const memoryServer = join(import.meta.dirname, '..', '..', 'node_modules', '@modelcontextprotocol', 'server-memory', 'dist', 'index.js');
const directory = mkdtempSync(join(tmpdir(), 'mcpsim-scenario-uplink-'));
const secret = 'sk-scenario-env-0123456789abcdef';

function problemsOf(yaml: string): string[] {
  const result = loadScenarioText(yaml, 'uplink.yaml');
  return 'problems' in result ? result.problems.map((problem) => problem.message) : [];
}

describe('the uplink field of a scenario connection (mcpsim check)', () => {
  const withConnection = (connection: string) =>
    `name: u\nnamespaces:\n  - name: local\n    connections:\n      - id: files\n${connection}`;

  it('accepts a command line, or { command, args, env, cwd }', () => {
    expect(problemsOf(withConnection('        uplink: npx -y @modelcontextprotocol/server-memory\n'))).toEqual([]);
    expect(
      problemsOf(
        withConnection(
          '        uplink:\n          command: node\n          args: [server.js, --verbose]\n          env: { API_KEY: abc }\n          cwd: ../servers\n',
        ),
      ),
    ).toEqual([]);
  });

  it('names the field and the rule for each mistake', () => {
    expect(problemsOf(withConnection('        uplink: "  "\n'))).toEqual([
      expect.stringContaining('namespaces[0].connections[0].uplink: must be a command line'),
    ]);
    expect(problemsOf(withConnection('        uplink: API_KEY=abc\n'))).toEqual([
      expect.stringContaining('uplink: must name the program after its KEY=VALUE words'),
    ]);
    expect(problemsOf(withConnection('        uplink: { command: node, env: { 1BAD: x } }\n'))).toEqual([
      expect.stringMatching(/uplink\.env.*1BAD.*must be an environment variable name/),
    ]);
    // The value of a variable is never shown, even in a problem about it.
    expect(problemsOf(withConnection('        uplink: { command: node, env: { PORT: 3000123 } }\n'))).toEqual([
      'namespaces[0].connections[0].uplink.env.PORT: must be a string',
    ]);
    expect(problemsOf(withConnection('        uplink: { args: [x] }\n'))).toEqual([expect.stringContaining('uplink')]);
    expect(problemsOf(withConnection('        uplink: { command: node, argv: [x] }\n'))).toEqual([expect.stringContaining('argv')]);
    const both = problemsOf(
      withConnection('        server: "@modelcontextprotocol/time"\n        mock: true\n        uplink: node server.js\n'),
    );
    expect(both).toEqual([
      expect.stringContaining('namespaces[0].connections[0].server: not allowed with uplink'),
      expect.stringContaining('namespaces[0].connections[0].mock: not allowed with uplink'),
    ]);
  });
});

describe('serve --scenario with uplink connections', () => {
  const file = join(directory, 'scenarios', 'local.yaml');
  const out = { stdout: '', stderr: '' };
  let stop: (() => void) | undefined;
  let exited: Promise<number>;
  let baseUrl = '';

  /** The scenario: `odd` (the test server, a secret in its environment) and, unless left out, `memory` (server-memory). */
  function write({ oddArgs = ['serve'], memory = true, memoryFile = 'memory.jsonl' } = {}): void {
    const odd = `      - id: odd\n        uplink:\n          command: ${JSON.stringify(process.execPath)}\n          args: ${JSON.stringify([oddServer, ...oddArgs])}\n          env: { ODD_SECRET: ${secret} }\n`;
    // The README's form: a path relative to the file's folder, the environment set.
    const memoryConnection = `      - id: memory\n        uplink:\n          command: node\n          args: [${relative(join(directory, 'scenarios'), memoryServer)}]\n          env: { MEMORY_FILE_PATH: ${join(directory, memoryFile)} }\n`;
    writeFileSync(file, `name: local servers\nnamespaces:\n  - name: local\n    connections:\n${odd}${memory ? memoryConnection : ''}`);
  }

  async function callTool(id: string, name: string, args: Record<string, unknown> = {}): Promise<string> {
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${baseUrl}/connect/local/${id}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${apiKey}` } },
      }),
    );
    try {
      return JSON.stringify(await client.callTool({ name, arguments: args }));
    } finally {
      await client.close();
    }
  }
  const pidOf = async (id: string) => Number(/"text":"(\d+)"/.exec(await callTool(id, 'pid'))?.[1]);
  const isRunning = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  const statusOf = async (id: string) => {
    const response = await fetch(`${baseUrl}/connect/local/${id}`, { headers: { authorization: `Bearer ${apiKey}` } });
    return response.status === 404 ? null : ((await response.json()) as { status: { state: string } }).status;
  };

  beforeAll(async () => {
    mkdirSync(join(directory, 'scenarios'));
    write();
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
        '--quiet',
      ],
      io,
    );
    await eventually(async () => expect(out.stdout).toContain('Press Ctrl+C to stop.'), 15_000);
    baseUrl = /Base URL\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(out.stdout)?.[1] ?? '';
    expect(baseUrl, out.stdout + out.stderr).not.toBe('');
  }, 30_000);

  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it('starts each local server and pairs it: connected in the load summary, its tools reached by the MCP client', async () => {
    expect(out.stdout).toMatch(/local\/odd\s+http:\/\/127\.0\.0\.1:\d+\/connect\/local\/odd\/mcp\s+\[connected\]/);
    expect(out.stdout).toMatch(/local\/memory\s+\S+\s+\[connected\]/);
    expect(await callTool('odd', 'secret')).toContain(`secret=${secret}`);
    await callTool('memory', 'create_entities', { entities: [{ name: 'Grace', entityType: 'person', observations: ['found a moth'] }] });
    expect(await callTool('memory', 'search_nodes', { query: 'moth' })).toContain('Grace');
    expect(readFileSync(join(directory, 'memory.jsonl'), 'utf8')).toContain('Grace');
  });

  it('keeps a server running when its file is saved unchanged, restarts it when its command changes', async () => {
    const first = await pidOf('odd');
    const reloads = () => (out.stdout.match(/Reloaded scenario/g) ?? []).length;
    write();
    await eventually(async () => expect(reloads()).toBe(1), 5000);
    expect(await pidOf('odd')).toBe(first);

    write({ memoryFile: 'other.jsonl' });
    await eventually(async () => expect(reloads()).toBe(2), 5000);
    expect(await pidOf('odd')).toBe(first);
    await callTool('memory', 'create_entities', { entities: [{ name: 'Linus', entityType: 'person', observations: [] }] });
    expect(readFileSync(join(directory, 'other.jsonl'), 'utf8')).toContain('Linus');

    write({ oddArgs: ['serve', '--again'] });
    await eventually(async () => expect(reloads()).toBe(3), 5000);
    const second = await pidOf('odd');
    expect(second).not.toBe(first);
    await eventually(async () => expect(isRunning(first)).toBe(false), 5000);
    expect(await statusOf('odd')).toEqual({ state: 'connected' });
  });

  it('stops the server of a connection the file no longer declares, and the rest when the server stops', async () => {
    const memoryPid = await (async () => {
      // server-memory has no pid tool: find it by its command line among this process's children.
      const { execFileSync } = await import('node:child_process');
      const lines = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)], { encoding: 'utf8' }).split('\n');
      return Number(
        lines
          .find((line) => line.includes('server-memory'))
          ?.trim()
          .split(/\s+/)[0],
      );
    })();
    expect(isRunning(memoryPid)).toBe(true);
    write({ oddArgs: ['serve', '--again'], memory: false });
    await eventually(async () => expect(out.stdout).toContain('removed connection "local/memory"'), 5000);
    await eventually(async () => expect(isRunning(memoryPid)).toBe(false), 5000);
    expect(await statusOf('memory')).toBeNull();

    const oddPid = await pidOf('odd');
    stop!();
    expect(await exited).toBe(0);
    expect(isRunning(oddPid)).toBe(false);
    // A stop that was asked for is not reported as a server that ended on its own.
    expect(out.stderr).not.toContain('ended:');
  });

  it('never prints or stores the environment given to a local server', () => {
    expect(out.stdout + out.stderr).not.toContain(secret);
    const data = join(directory, 'data');
    for (const name of readdirSync(data)) expect(readFileSync(join(data, name)).toString('latin1')).not.toContain(secret);
    expect(existsSync(data)).toBe(true);
  });
});

describe('mcpsim test with an uplink connection', () => {
  it('starts the local server for the run, runs the steps against it, and stops it', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'mcpsim-uplink-test-'));
    const file = join(folder, 'odd.yaml');
    writeFileSync(
      file,
      `name: odd over stdio\nnamespaces:\n  - name: local\n    connections:\n      - id: odd\n        uplink:\n          command: ${JSON.stringify(process.execPath)}\n          args: [${JSON.stringify(oddServer)}]\n          env: { ODD_SECRET: ${secret} }\nsteps:\n  - call: local/odd.secret\n    expect: { contains: "secret=${secret}" }\n`,
    );
    let stdout = '';
    let stderr = '';
    const io: CliIo = { stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text), env: {}, onShutdownSignal() {} };
    expect(await main(['test', file], io), stdout + stderr).toBe(0);
    expect(stdout).toContain('1 passed');

    // A server that cannot start: the step fails, and why is on stderr.
    writeFileSync(file, readFileSync(file, 'utf8').replace(JSON.stringify(oddServer), JSON.stringify(join(folder, 'missing.mjs'))));
    expect(await main(['test', file], io)).toBe(1);
    expect(stderr).toContain('Pairing local/odd with');
    expect(stderr).toContain('missing.mjs');
    rmSync(folder, { recursive: true, force: true });
  }, 30_000);
});
