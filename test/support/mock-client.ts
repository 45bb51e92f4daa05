/**
 * A mock connection on a set of tools (registered as a server of their own), called over MCP with
 * the SDK's client through the in-process platform: the answer's text, parsed when it is JSON.
 *
 * @example
 *   const { call, close } = await connectMockClient(harness, { name: 'written', tools });
 *   const created = await call('create_issue', { title: 'Login fails' }); // { isError: false, text, json }
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expect } from 'vitest';
import type { ToolDefinition } from '../../src/domain/registry.js';
import { testApiKey, type Harness } from './harness.js';

export interface MockCallAnswer {
  isError: boolean;
  text: string;
  json: any;
  /** The result's `_meta` (`mcpsim/operation`: how the simulator read the call). */
  meta: Record<string, unknown>;
}

export async function connectMockClient(harness: Harness, { name, tools }: { name: string; tools: readonly ToolDefinition[] }) {
  await harness.call('PUT', '/namespaces/lab');
  expect((await harness.call('PUT', `/__mcpsim/servers/@qa/${name}`, { body: { tools } })).status).toBeLessThan(300);
  const connected = await harness.call('PUT', `/connect/lab/${name}`, { body: { server: `@qa/${name}`, mock: { enabled: true } } });
  expect(connected.status).toBe(201);
  const client = new Client({ name: `mcpsim-${name}`, version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${harness.baseUrl}/connect/lab/${name}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${testApiKey}` } },
    fetch: (url: string | URL, init?: RequestInit) => Promise.resolve(harness.platform.app.fetch(new Request(url, init))),
  });
  await client.connect(transport);
  const call = async (tool: string, args: Record<string, unknown> = {}): Promise<MockCallAnswer> => {
    const result = (await client.callTool({ name: tool, arguments: args })) as {
      content: { text: string }[];
      isError?: boolean;
      _meta?: Record<string, unknown>;
    };
    const text = result.content[0]?.text ?? '';
    let json: any = null;
    try {
      json = JSON.parse(text);
    } catch {
      // plain text
    }
    return { isError: result.isError === true, text, json, meta: result._meta ?? {} };
  };
  return { call, close: () => client.close() };
}
