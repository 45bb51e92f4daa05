/**
 * The round trip with a real server (issue 39 item 5): `@modelcontextprotocol/server-everything`
 * captured over stdio, then verified unchanged over stdio and over Streamable HTTP: no drift. What
 * legitimately varies between its answers (get-env prints the process's environment, which differs
 * between two runs and between its stdio and HTTP modes) is marked volatile in the capture's
 * scenario, and a call during which it asked the client's model (trigger-sampling-request) is left
 * out and counted, since verify has no model to answer as the client did.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everythingEntry, startEverything, type Everything } from '../support/everything-server.js';
import { captureSession, runCli } from '../support/verify-capture.js';

type Subject = { subject: string; status: string; replayed: number; skipped: number; unanswerable: number; drifts: unknown[] };
type JsonReport = { drifted: boolean; servers: { subjects: Subject[] }[] };

const stdio = ['--', process.execPath, everythingEntry, 'stdio'];
// The capture's uplink tells the server it can do all three, so the server listed the tools that need them.
const capabilities = ['--capability', 'sampling', '--capability', 'elicitation', '--capability', 'roots'];

describe('mcpsim verify of @modelcontextprotocol/server-everything, captured over stdio', () => {
  let out = '';
  let http: Everything | undefined;
  beforeAll(async () => {
    out = await captureSession(stdio, [
      ['echo', { message: 'hello' }],
      ['get-sum', { a: 2, b: 3 }],
      ['get-env', {}],
      ['get-tiny-image', {}],
      ['get-annotated-message', { messageType: 'success', includeImage: true }],
      ['get-resource-links', { count: 2 }],
      ['get-resource-reference', { resourceType: 'Text', resourceId: 1 }],
      ['get-structured-content', { location: 'New York' }],
      ['trigger-long-running-operation', { duration: 1, steps: 1 }],
      ['trigger-sampling-request', { prompt: 'Say hi', maxTokens: 10 }],
    ]);
    const scenario = readFileSync(join(out, 'scenario.yaml'), 'utf8');
    const server = /qualifiedName: "?([^"\s]+)/.exec(scenario)![1]!;
    appendFileSync(join(out, 'scenario.yaml'), `verify:\n  "${server}":\n    get-env:\n      volatile: [/content/0/text]\n`);
    http = await startEverything();
  }, 180_000);
  afterAll(async () => {
    await http?.stop();
  });

  const subjectsOf = ({ stdout, stderr }: { stdout: string; stderr: string }) => {
    expect(stderr).toBe('');
    return Object.fromEntries((JSON.parse(stdout) as JsonReport).servers[0]!.subjects.map((subject) => [subject.subject, subject]));
  };

  it('finds no drift over stdio, every read replayed', async () => {
    const run = await runCli(['verify', out, '--reporter', 'json', ...capabilities, ...stdio]);
    const subjects = subjectsOf(run);
    expect(Object.values(subjects).filter((subject) => subject.drifts.length > 0)).toEqual([]);
    expect(run.code).toBe(0);
    for (const tool of ['echo', 'get-sum', 'get-env', 'get-tiny-image', 'get-structured-content', 'trigger-long-running-operation'])
      expect(subjects[tool], tool).toMatchObject({ status: 'same', replayed: 1 });
  }, 120_000);

  it('finds no drift over Streamable HTTP', async () => {
    const run = await runCli(['verify', out, '--reporter', 'json', ...capabilities, '--url', http!.url]);
    expect(Object.values(subjectsOf(run)).filter((subject) => subject.drifts.length > 0)).toEqual([]);
    expect(run.code).toBe(0);
  }, 120_000);

  it('leaves out the call during which the server asked the client to sample, even with --writes, and says why', async () => {
    const run = await runCli(['verify', out, '--reporter', 'json', '--writes', '--yes', ...capabilities, ...stdio]);
    expect(subjectsOf(run)['trigger-sampling-request']).toMatchObject({ status: 'same', replayed: 0, unanswerable: 1 });
    expect(run.code).toBe(0);
    const text = await runCli(['verify', out, ...capabilities, ...stdio]);
    expect(text.stdout).toContain('asks a model or person');
    expect(text.stdout).toMatch(/trigger-sampling-request\s+same\s+0\s+0\s+1/);
  }, 120_000);

  it('without the volatile rule, the environment get-env prints is drift', async () => {
    const bare = readFileSync(join(out, 'scenario.yaml'), 'utf8').replace(/^verify:[\s\S]*$/m, '');
    const copy = join(out, 'bare.yaml');
    appendFileSync(copy, bare);
    const run = await runCli(['verify', copy, '--reporter', 'json', ...capabilities, '--url', http!.url]);
    expect(subjectsOf(run)['get-env']!.status).toBe('drifted');
  }, 120_000);
});
