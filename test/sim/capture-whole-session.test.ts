/**
 * A capture records the whole session (docs/capture.md): `mcpsim capture --url` (the CLI's own
 * `main`, in process, on a real socket) in front of the conformance suite's reference server
 * (test/support/conformance/), driven by the real MCP SDK client in an MCP session. Resources,
 * templates and prompts land in the scenario's server entry; each call's progress, log messages
 * and elicitation (with the client's answer, redacted) land in its fixture entry, in order.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { main } from '../../src/cli/main.js';
import type { CliIo } from '../../src/cli/io.js';
import { startReferenceServer } from '../support/conformance-suite.js';

const apiKey = 'capture-key-0123456789';
const leakedKey = 'sk-proj-abcdefghijklmnop0123456789';
const scratch = () => mkdtempSync(join(tmpdir(), 'mcpsim-capture-whole-'));

describe('mcpsim capture of a whole MCP session', () => {
  const out = scratch();
  let reference: Awaited<ReturnType<typeof startReferenceServer>>;
  const progress: unknown[] = [];

  beforeAll(async () => {
    reference = await startReferenceServer();
    const output = { stdout: '', stderr: '' };
    let stop: ((signal: string) => void) | undefined;
    const io: CliIo = {
      stdout: (text) => void (output.stdout += text),
      stderr: (text) => void (output.stderr += text),
      env: {},
      onShutdownSignal: (handler) => void (stop = handler),
    };
    const argv = ['capture', out, '--url', reference.url, '--port', '0', '--host', '127.0.0.1', '--data-dir', scratch()];
    const code = main([...argv, '--api-key', apiKey, '--quiet'], io);
    const started = Date.now();
    while (!output.stdout.includes('Capturing every tool call')) {
      if (Date.now() - started > 20_000) throw new Error(`capture did not start: ${output.stdout}\n${output.stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const baseUrl = /Base URL\s+(\S+)/.exec(output.stdout)![1]!;
    const client = new Client({ name: 'capture-whole', version: '1.0.0' }, { capabilities: { elicitation: {} } });
    client.setRequestHandler(ElicitRequestSchema, async () => ({ action: 'accept', content: { response: `my key is ${leakedKey}` } }));
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${baseUrl}/connect/captured/server/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${apiKey}` } },
      }),
    );
    try {
      await client.listResources();
      await client.listResourceTemplates();
      await client.readResource({ uri: 'test://static-text' });
      await client.readResource({ uri: 'test://static-binary' });
      await client.readResource({ uri: 'test://template/42/data' });
      await client.listPrompts();
      await client.getPrompt({ name: 'test_prompt_with_arguments', arguments: { arg1: 'first value', arg2: 'second value' } });
      await client.callTool({ name: 'test_tool_with_progress', arguments: {} }, undefined, {
        onprogress: (report) => void progress.push(report.progress),
      });
      await client.callTool({ name: 'test_tool_with_logging', arguments: {} });
      await client.callTool({ name: 'test_elicitation', arguments: { message: 'Your name?' } });
    } finally {
      await client.close();
    }
    stop?.('SIGTERM');
    expect(await code).toBe(0);
  }, 60_000);
  afterAll(() => reference?.close());

  const fixture = (tool: string) =>
    JSON.parse(readFileSync(join(out, 'fixtures', 'captured__mcp-conformance-test-server', `${tool}.json`), 'utf8')) as {
      calls: { events?: unknown[] }[];
    };
  const scenario = () => parse(readFileSync(join(out, 'scenario.yaml'), 'utf8')) as { servers: Record<string, unknown>[] };

  it('records the progress reports a call sent, in order, without the client’s token', () => {
    expect(progress).toEqual([0, 50, 100]);
    expect(fixture('test_tool_with_progress').calls[0]!.events).toEqual(
      [0, 50, 100].map((step) => ({
        kind: 'notification',
        method: 'notifications/progress',
        params: { progress: step, total: 100, message: `Completed step ${step} of 100` },
      })),
    );
  });

  it('records the log messages a call sent, in order', () => {
    expect(fixture('test_tool_with_logging').calls[0]!.events).toEqual(
      ['Tool execution started', 'Tool processing data', 'Tool execution completed'].map((data) => ({
        kind: 'notification',
        method: 'notifications/message',
        params: { level: 'info', data },
      })),
    );
  });

  it('records an elicitation with the client’s answer, redacted like a result', () => {
    const [event] = fixture('test_elicitation').calls[0]!.events as Record<string, unknown>[];
    expect(event).toMatchObject({ kind: 'request', method: 'elicitation/create', params: { message: 'Your name?' } });
    expect(event!.answer).toEqual({ action: 'accept', content: { response: 'my key is [redacted:openai-key]' } });
    expect(readFileSync(join(out, 'redactions.json'), 'utf8')).toContain('$.events[0].answer.content.response');
  });

  it('writes the resources with the contents read, the templates and the prompts with their messages in the scenario', () => {
    const [server] = scenario().servers;
    expect(server!.resources).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ uri: 'test://static-text', name: 'static-text', mimeType: 'text/plain', text: expect.any(String) }),
        expect.objectContaining({ uri: 'test://static-binary', blob: expect.any(String) }),
        expect.objectContaining({ uri: 'test://template/42/data', text: expect.stringContaining('42') }),
      ]),
    );
    expect(server!.resourceTemplates).toEqual([expect.objectContaining({ uriTemplate: 'test://template/{id}/data', name: 'template' })]);
    expect(server!.prompts).toContainEqual({
      name: 'test_prompt_with_arguments',
      title: 'Prompt With Arguments',
      description: 'A prompt with required arguments',
      arguments: [
        { name: 'arg1', description: 'First test argument', required: true },
        { name: 'arg2', description: 'Second test argument', required: true },
      ],
      messages: [{ role: 'user', text: "Prompt with arguments: arg1='{{arg1}}', arg2='{{arg2}}'" }],
      // Its get answered no description: the mock answers none either.
      resultDescription: null,
    });
  });

  it('writes a scenario that loads and that mcpsim test passes at once', async () => {
    let output = '';
    const io: CliIo = {
      stdout: (text) => void (output += text),
      stderr: (text) => void (output += text),
      env: {},
      onShutdownSignal: () => {},
    };
    expect(await main(['test', join(out, 'scenario.yaml')], io), output).toBe(0);
  });

  it('lists the resources and prompts in the registry entry, without their contents', () => {
    const [entry] = JSON.parse(readFileSync(join(out, 'registry.json'), 'utf8')) as Record<string, unknown>[];
    expect(entry!.resources).toContainEqual({
      uri: 'test://static-text',
      name: 'static-text',
      mimeType: 'text/plain',
      description: expect.any(String),
    });
    expect(JSON.stringify(entry!.prompts)).not.toContain('messages');
  });
});
