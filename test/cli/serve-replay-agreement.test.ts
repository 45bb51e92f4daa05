/**
 * Recorded answers in `serve`, as a person calling tools by hand meets them: the demo started
 * with no arguments on a fresh data directory (no model key, so the simulator answers misses),
 * and the bundled scenarios' fixtures. A recorded read replays only while the connection's world
 * still supports it, and no recorded time is handed out as the current one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemo, type DemoServer } from '../support/demo-server.js';

const dataDir = mkdtempSync(join(tmpdir(), 'mcpsim-serve-agreement-'));
let demo: DemoServer;

beforeAll(async () => {
  demo = await startDemo(['--data-dir', dataDir]);
}, 60_000);

afterAll(async () => {
  await demo?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function connect(path: string): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(`${demo.url}/connect/${path}/mcp`), {
    requestInit: { headers: { authorization: 'Bearer mcpsim-dev-key' } },
  });
  const client = new Client({ name: 'serve-agreement-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

const call = async (client: Client, name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args })) as CallToolResult;
const issueNumbers = (result: CallToolResult) =>
  ((result.structuredContent as { issues: { number: number }[] }).issues ?? []).map((issue) => issue.number);

describe('recorded answers in serve', () => {
  it('lists the same open issues twice in a row when nothing closed one in between', async () => {
    const client = await connect('triage/tracker');
    const first = await call(client, 'list_issues', { state: 'open' });
    const second = await call(client, 'list_issues', { state: 'open' });
    await client.close();
    expect(issueNumbers(first)).toContain(102);
    // The recorded occurrence 2 (after the scenario closed #102) no longer replays: the world answers.
    expect(issueNumbers(second)).toEqual(issueNumbers(first));
    expect(second._meta?.['mcpsim/source']).toBe('simulated');
  });

  it('still replays a recorded read the world agrees with', async () => {
    const client = await connect('triage/tracker');
    const issue = await call(client, 'get_issue', { number: 102 });
    await client.close();
    expect(issue.isError).toBeFalsy();
    expect(issue._meta?.['mcpsim/source']).toBe('fixture');
  });

  it('answers demo/time with the clock of the platform, not the recorded January time', async () => {
    const client = await connect('demo/time');
    const result = await call(client, 'get_current_time', { timezone: 'Europe/Berlin' });
    await client.close();
    const text = (result.content[0] as { text: string }).text;
    expect(text).not.toContain('2026-01-01T01:00:00');
    expect(result._meta?.['mcpsim/source']).toBe('simulated');
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect([today, yesterday, tomorrow].some((day) => text.includes(day))).toBe(true);
  });
});
