/**
 * `mcpsim verify` (issue 39): captures made by `mcpsim capture` of real servers, then verified
 * against the live server, unchanged (no drift) and changed (a second version of a test server
 * with six changes: each reported once, at its path, and nothing else), then `--update` and
 * verified clean. Over stdio (a command after --) and over Streamable HTTP (--url), through the
 * CLI's own `main` in process, the real MCP SDK on both sides.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureSession, runCli, scratch } from '../support/verify-capture.js';
import { driftingServerPath, olderProtocolVersion, startDriftingHttp, type DriftingVersion } from '../support/drifting-server.mjs';

const memoryServer = join(import.meta.dirname, '..', '..', 'node_modules', '@modelcontextprotocol', 'server-memory', 'dist', 'index.js');
const stdioCommand = (version: DriftingVersion) => ['--', process.execPath, driftingServerPath, version];

const notesSession: [string, Record<string, unknown>][] = [
  ['list_notes', {}],
  ['get_note', { id: 'note_1' }],
  ['search_notes', { query: 'release' }],
  ['create_note', { title: 'Standup' }],
  ['archive_note', { id: 'note_2' }],
];

type JsonReport = {
  drifted: boolean;
  servers: {
    subjects: {
      subject: string;
      status: string;
      replayed: number;
      skipped: number;
      drifts: { path: string; change: string; where: string; file: string; line: number }[];
    }[];
  }[];
};

/** The six changes of v2, each once: subject, where, path, change. */
const expectedDrifts = [
  ['archive_note', 'surface', '', 'removed'],
  ['create_note', 'surface', '/inputSchema/properties/folder', 'added'],
  ['get_note', 'answer', '/content/0/text/title', 'renamed'],
  ['list_notes', 'answer', '/isError', 'outcome'],
  ['search_notes', 'surface', '/inputSchema/properties/status/enum', 'values added: archived'],
  ['server', 'surface', '/protocolVersion', 'changed'],
];

function describeDrift(title: string, upstreamOf: (version: DriftingVersion) => Promise<string[]>) {
  describe(title, () => {
    let out = '';
    beforeAll(async () => {
      out = await captureSession(await upstreamOf('v1'), notesSession);
    }, 120_000);

    it('finds no drift against the server it captured, replaying the reads and leaving out the writes', async () => {
      const { code, stdout } = await runCli(['verify', out, '--reporter', 'json', ...(await upstreamOf('v1'))]);
      const report = JSON.parse(stdout) as JsonReport;
      expect(report.drifted, stdout).toBe(false);
      expect(code).toBe(0);
      const subjects = Object.fromEntries(report.servers[0]!.subjects.map((subject) => [subject.subject, subject]));
      expect(subjects.get_note).toMatchObject({ status: 'same', replayed: 1, skipped: 0 });
      expect(subjects.create_note).toMatchObject({ status: 'same', replayed: 0, skipped: 1 });
      expect(subjects.archive_note).toMatchObject({ status: 'same', replayed: 0, skipped: 1 });
    });

    it('records the protocol version the server negotiated in the scenario', () => {
      expect(readFileSync(join(out, 'scenario.yaml'), 'utf8')).toContain(`\n    protocolVersion: ${LATEST_PROTOCOL_VERSION}\n`);
    });

    it('reports each of the six changes of v2 once, at its path, and nothing else; exit 1', async () => {
      const { code, stdout } = await runCli(['verify', out, '--reporter', 'json', ...(await upstreamOf('v2'))]);
      expect(code).toBe(1);
      const report = JSON.parse(stdout) as JsonReport;
      const drifts = report.servers[0]!.subjects.flatMap((subject) =>
        subject.drifts.map((drift) => [subject.subject, drift.where, drift.path, drift.change]),
      );
      expect(drifts.sort()).toEqual(expectedDrifts);
      const renamed = report.servers[0]!.subjects.find((subject) => subject.subject === 'get_note')!.drifts[0]!;
      expect(renamed.file).toBe(join(out, 'fixtures', 'captured__drifting-notes', 'get_note.json'));
      expect(readFileSync(renamed.file, 'utf8').split('\n')[renamed.line - 1]).toMatch(/^ {4}\{$/);
      expect(report.servers[0]!.subjects.find((subject) => subject.subject === 'archive_note')!.status).toBe('missing');
      const protocol = report.servers[0]!.subjects.find((subject) => subject.subject === 'server')!.drifts[0]!;
      expect(protocol).toMatchObject({ recorded: LATEST_PROTOCOL_VERSION, live: olderProtocolVersion });
    });

    it('does not compare the protocol version of a capture that did not record it', async () => {
      const copy = scratch();
      cpSync(out, copy, { recursive: true });
      const file = join(copy, 'scenario.yaml');
      writeFileSync(file, readFileSync(file, 'utf8').replace(/^ {4}protocolVersion: .*\n/m, ''));
      const { stdout } = await runCli(['verify', copy, '--reporter', 'json', ...(await upstreamOf('v2'))]);
      const paths = (JSON.parse(stdout) as JsonReport).servers[0]!.subjects.flatMap((subject) => subject.drifts.map((drift) => drift.path));
      expect(paths).toHaveLength(expectedDrifts.length - 1);
      expect(paths).not.toContain('/protocolVersion');
    });

    it('prints a table a person reads, and JUnit XML for CI', async () => {
      const text = await runCli(['verify', out, ...(await upstreamOf('v2'))]);
      expect(text.stdout).toMatch(/get_note\s+drifted/);
      expect(text.stdout).toMatch(/archive_note\s+missing/);
      expect(text.stdout).toContain('get_note.json:');
      expect(text.stdout).toContain('6 drifts; rewrite the files from the live server with --update.');
      const junit = await runCli(['verify', out, '--reporter', 'junit', ...(await upstreamOf('v2'))]);
      expect(junit.stdout).toMatch(/^<\?xml/);
      expect(junit.stdout.match(/<failure /g)).toHaveLength(6);
    });

    it('--update rewrites what drifted, and then the live server verifies clean', async () => {
      const copy = scratch();
      cpSync(out, copy, { recursive: true });
      const untouched = readFileSync(join(copy, 'fixtures', 'captured__drifting-notes', 'search_notes.json'), 'utf8');
      const updated = await runCli(['verify', copy, '--update', ...(await upstreamOf('v2'))]);
      expect(updated.code).toBe(1);
      expect(updated.stderr).toContain('updated');
      expect(readFileSync(join(copy, 'fixtures', 'captured__drifting-notes', 'search_notes.json'), 'utf8')).toBe(untouched);
      expect(readFileSync(join(copy, 'fixtures', 'captured__drifting-notes', 'get_note.json'), 'utf8')).toContain(
        '\\"name\\":\\"Release plan\\"',
      );
      const again = await runCli(['verify', copy, '--reporter', 'json', ...(await upstreamOf('v2'))]);
      expect(again.stdout).toContain('"drifted": false');
      expect(again.code).toBe(0);
    });
  });
}

describeDrift('mcpsim verify over stdio', async (version) => stdioCommand(version));

const http: Partial<Record<DriftingVersion, { url: string; close(): Promise<void> }>> = {};
afterAll(async () => {
  for (const server of Object.values(http)) await server.close();
});
describeDrift('mcpsim verify over Streamable HTTP', async (version) => {
  http[version] ??= await startDriftingHttp(version);
  return ['--url', http[version].url, '--header', 'Authorization=Bearer verify-secret-token-0123'];
});

describe('mcpsim verify of a real server and of a server it cannot reach', () => {
  it('finds no drift in a capture of @modelcontextprotocol/server-memory against a fresh one', async () => {
    const env = () => ['--env', `MEMORY_FILE_PATH=${join(scratch(), 'memory.jsonl')}`, '--', process.execPath, memoryServer];
    const out = await captureSession(env(), [
      ['create_entities', { entities: [{ name: 'Ada', entityType: 'person', observations: ['wrote the first program'] }] }],
      ['search_nodes', { query: 'Ada' }],
      ['read_graph', {}],
    ]);
    const { code, stdout } = await runCli(['verify', out, ...env()]);
    expect(stdout).toContain('No drift');
    expect(code).toBe(0);
  }, 120_000);

  it('exits 3 and says so when the live server cannot be reached, with its credentials left out', async () => {
    const server = await startDriftingHttp('v1');
    const out = await captureSession(['--url', server.url], [['list_notes', {}]]);
    await server.close();
    const { code, stderr, stdout } = await runCli(['verify', out, '--url', `${server.url}?key=verify-query-secret-99`]);
    expect(code).toBe(3);
    expect(stderr).toContain('could not reach the live server');
    expect(stderr + stdout).not.toContain('verify-query-secret-99');
  }, 120_000);

  it('refuses bad usage with exit 2: no files, both upstreams, --writes where nobody can answer', async () => {
    expect((await runCli(['verify', '--url', 'http://127.0.0.1:9/mcp'])).code).toBe(2);
    const out = scratch();
    expect((await runCli(['verify', out, '--url', 'http://127.0.0.1:9/mcp', '--', 'node'])).code).toBe(2);
    const server = await startDriftingHttp('v1');
    try {
      const captured = await captureSession(['--url', server.url], [['list_notes', {}]]);
      const writes = await runCli(['verify', captured, '--writes', '--url', server.url]);
      expect(writes.code).toBe(2);
      expect(writes.stderr).toContain('add --yes');
    } finally {
      await server.close();
    }
  }, 120_000);
});
