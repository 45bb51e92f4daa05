/**
 * The README's MCP configs for Claude Code, Cursor and VS Code, run as written: each command line
 * is spawned by the SDK's stdio client in a project where mcpsim is installed (a node_modules/.bin
 * shim to this source tree, and npm offline, so `npx` finds it there and never reaches a registry).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectDirectory } from '../support/demo-server.js';
import { builtCliEntry } from '../support/built-cli.js';

interface CommandLine {
  command: string;
  args: string[];
}

const readme = readFileSync(join(projectDirectory, 'README.md'), 'utf8');
const section = readme.split('## Coding agents')[1]!.split('\n## ')[0]!;

/** The JSON block after `heading` in the section. */
function jsonAfter(heading: string): Record<string, Record<string, CommandLine>> {
  const block = /```json\n([\s\S]*?)```/.exec(section.slice(section.indexOf(heading)))![1]!;
  return JSON.parse(block) as Record<string, Record<string, CommandLine>>;
}

const claudeLine = /claude mcp add mcpsim -- (.+)/.exec(section)![1]!.trim().split(/\s+/);
const configs: [string, CommandLine][] = [
  ['Claude Code', { command: claudeLine[0]!, args: claudeLine.slice(1) }],
  ['Cursor', jsonAfter('Cursor').mcpServers!.mcpsim!],
  ['VS Code', jsonAfter('VS Code').servers!.mcpsim!],
];

let project: string;
beforeAll(() => {
  project = mkdtempSync(join(tmpdir(), 'mcpsim-agent-config-'));
  writeFileSync(join(project, 'package.json'), '{"name":"client-under-test","private":true}\n');
  mkdirSync(join(project, 'node_modules', '.bin'), { recursive: true });
  const shim = join(project, 'node_modules', '.bin', 'mcpsim');
  writeFileSync(shim, `#!/bin/sh\nexec "${process.execPath}" "${builtCliEntry()}" "$@"\n`);
  chmodSync(shim, 0o755);
});
afterAll(() => {
  // The server the first config started in the background outlives the commands by design.
  try {
    const { pid } = JSON.parse(readFileSync(join(project, '.mcpsim', 'serve.json'), 'utf8')) as { pid: number };
    process.kill(pid, 'SIGTERM');
  } catch {
    // none, or already gone
  }
  rmSync(project, { recursive: true, force: true });
});

describe("the README's agent configs", () => {
  it.each(configs)(
    '%s: the command line starts mcpsim mcp and serves its tools',
    { timeout: 180_000 },
    async (_agent, { command, args }) => {
      expect(command).toBe('npx');
      const client = new Client({ name: 'config-test', version: '1' });
      const transport = new StdioClientTransport({
        command,
        args,
        cwd: project,
        env: { PATH: process.env.PATH ?? '', HOME: project, npm_config_offline: 'true', npm_config_update_notifier: 'false' },
        stderr: 'pipe',
      });
      try {
        await client.connect(transport);
        const found = await client.callTool({ name: 'find_servers', arguments: { query: 'github' } });
        expect(found.isError, JSON.stringify(found.content)).toBeFalsy();
        expect(JSON.stringify(found.structuredContent)).toContain('github');
      } finally {
        await client.close();
      }
    },
  );
});
