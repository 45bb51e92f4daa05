/**
 * The MCP Inspector CLI, a client nobody here wrote, against the agent's tools at /agent/mcp on a
 * real socket, run as test/mcp/inspector-cli.test.ts runs it (the pinned dev dependency's launcher,
 * the key through `--header`): it lists the tools and calls one.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectDirectory } from '../support/demo-server.js';
import { startHarness, testApiKey, type Harness } from '../support/harness.js';

const launcher = join(projectDirectory, 'node_modules', '@modelcontextprotocol', 'inspector', 'clients', 'launcher', 'build', 'index.js');

function inspect(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [launcher, '--cli', ...args], { timeout: 150_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

describe.skipIf(!existsSync(launcher))('the MCP Inspector CLI against /agent/mcp', () => {
  let harness: Harness;
  let url: string;
  const auth = ['--transport', 'http', '--header', `Authorization: Bearer ${testApiKey}`];

  beforeAll(async () => {
    harness = await startHarness('socket');
    url = `${harness.baseUrl}/agent/mcp`;
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('lists the agent tools with their hints', { timeout: 180_000 }, async () => {
    const result = await inspect([url, ...auth, '--method', 'tools/list']);
    expect(result.code, result.stderr).toBe(0);
    const { tools } = JSON.parse(result.stdout) as { tools: { name: string; annotations?: { readOnlyHint?: boolean } }[] };
    expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['find_servers', 'mock_server', 'verify_calls']));
    expect(tools.find((tool) => tool.name === 'find_servers')?.annotations?.readOnlyHint).toBe(true);
  });

  it('calls find_servers and prints its structured answer', { timeout: 180_000 }, async () => {
    const result = await inspect([url, ...auth, '--method', 'tools/call', '--tool-name', 'find_servers', '--tool-arg', 'query=linear']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      structuredContent: { servers: expect.arrayContaining([expect.objectContaining({ qualifiedName: '@jerhadf/linear-mcp-server' })]) },
    });
  });
});
