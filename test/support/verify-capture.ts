/**
 * For `mcpsim verify` tests: a capture made through the CLI's own `mcpsim capture` (a real MCP
 * client calling through it), and a one-shot CLI run with its exit code and output.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expect } from 'vitest';
import { startCliSession } from './cli-session.js';

const apiKey = 'verify-key-0123456789';

export const scratch = () => mkdtempSync(join(tmpdir(), 'mcpsim-verify-'));
const serveFlags = () => ['--port', '0', '--host', '127.0.0.1', '--data-dir', scratch(), '--api-key', apiKey, '--quiet'];

/** Runs one mcpsim command in process to its end. */
export async function runCli(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const session = startCliSession(argv);
  const code = await session.stop();
  return { code, stdout: session.out.stdout, stderr: session.out.stderr };
}

/**
 * Captures a client's session with the server `upstream` names (`--url <url>` or `-- <command>`)
 * into a fresh directory, and answers it.
 *
 * @example
 *   const out = await captureSession(['--', process.execPath, serverPath], [['list_notes', {}]]);
 */
export async function captureSession(upstream: string[], calls: [string, Record<string, unknown>][]): Promise<string> {
  const out = scratch();
  const session = startCliSession(['capture', out, ...serveFlags(), ...upstream]);
  // A generous bound: capture starts a server and its upstream on a machine that may be busy.
  const baseUrl = await session.ready('Capturing every tool call', 90_000);
  const client = new Client({ name: 'verify-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${baseUrl}/connect/captured/server/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${apiKey}` } },
    }),
  );
  try {
    await client.listTools();
    for (const [name, args] of calls) await client.callTool({ name, arguments: args });
  } finally {
    await client.close();
  }
  expect(await session.stop()).toBe(0);
  return out;
}
